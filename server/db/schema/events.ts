import { sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp, numeric, serial, primaryKey, check, index } from 'drizzle-orm/pg-core';
import { precinct, state, eventType } from './lookups';
import { officer } from './officers';

/** Location (spec §3). Its precinct is the precinct of every event held there. */
export const location = pgTable('location', {
  locationId: serial().primaryKey(),
  name: text().notNull(),
  address: text().notNull(),
  city: text().notNull(),
  stateId: integer().notNull().references(() => state.stateId),
  zip: text().notNull(),
  phone1: text(),
  email1: text(),
  webAddress: text(),
  precinctId: integer().notNull().references(() => precinct.precinctId),
  updatedBy: integer().references(() => officer.officerId),
  updatedTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Event (spec §3). start_at/end_at are instants; the API shows them as MM/DD/YYYY and HH:mm
 * in ORG_TIMEZONE. The precinct comes from the location.
 */
export const event = pgTable(
  'event',
  {
    eventId: serial().primaryKey(),
    eventName: text().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    eventTypeId: integer().notNull().references(() => eventType.eventTypeId),
    locationId: integer().notNull().references(() => location.locationId),
    maxOfficers: integer().notNull(),
    incentiveHours: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    description: text().notNull(),
    /**
     * Raised by a trigger whenever what a calendar shows changes (name, times, type, location,
     * description): the iCalendar SEQUENCE of the feeds, so calendar apps take the new version.
     */
    sequence: integer().notNull().default(0),
    updatedBy: integer().references(() => officer.officerId),
    updatedTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('event_end_after_start', sql`${t.endAt} > ${t.startAt}`),
    check('event_max_24h', sql`${t.endAt} - ${t.startAt} <= interval '24 hours'`),
    check('event_max_officers_positive', sql`${t.maxOfficers} > 0`),
    check('event_incentive_nonnegative', sql`${t.incentiveHours} >= 0`),
    check('event_description_length', sql`char_length(${t.description}) <= 535`),
    index('event_start_idx').on(t.startAt),
    index('event_type_start_idx').on(t.eventTypeId, t.startAt),
  ],
);

/** EventSignup: one row per officer per event (eventSignupId = eventId + officerId). */
export const eventSignup = pgTable(
  'event_signup',
  {
    eventId: integer().notNull().references(() => event.eventId),
    officerId: integer().notNull().references(() => officer.officerId),
    enteredBy: integer().references(() => officer.officerId),
    createdTimestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.officerId] }), index('event_signup_officer_idx').on(t.officerId)],
);
