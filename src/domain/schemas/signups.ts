import './jitless';
import { z } from 'zod';
import { wholeNumberText } from './common';
import { usDateText, hhmmText } from './wire';

/** Body of POST /api/signup/insert (spec §7): {event: {eventId}, officer: {officerId}}. */
export const signupInsert = z
  .object({
    event: z.object({ eventId: z.number().int().min(1) }).strict(),
    officer: z.object({ officerId: z.number().int().min(1) }).strict(),
  })
  .strict();
export type SignupInsert = z.infer<typeof signupInsert>;

/** Query of GET /api/signup/getMultiple: eventId and/or officerId (> 0 filters). */
export const signupListQuery = z.object({
  eventId: wholeNumberText(0).optional(),
  officerId: wholeNumberText(0).optional(),
});

/** Query of DELETE /api/signup/delete: the event whose roster loses the officers of the body. */
export const signupDeleteQuery = z.object({ eventId: wholeNumberText(1) });

/**
 * A roster row (spec §3 EventSignup): eventSignupId {eventId, officerId}, the event (name and
 * times, MM/DD/YYYY HH:mm in ORG_TIMEZONE) and the officer (officerId, lastName, firstName, mobile).
 * hasChildren 'Y' when the officer has a time ticket for the event.
 */
export const signupJson = z.object({
  eventSignupId: z.object({ eventId: z.number(), officerId: z.number() }),
  event: z.object({
    eventId: z.number(),
    eventName: z.string(),
    startDate: usDateText(),
    startTime: hhmmText(),
    endDate: usDateText(),
    endTime: hhmmText(),
    eventType: z.object({ eventTypeId: z.number(), eventTypeDescription: z.string() }),
  }),
  officer: z.object({ officerId: z.number(), lastName: z.string(), firstName: z.string(), mobile: z.string() }),
  hasChildren: z.enum(['Y', 'N']),
});
export type SignupJson = z.infer<typeof signupJson>;
