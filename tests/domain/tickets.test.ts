import { describe, expect, it } from 'vitest';
import {
  auditorContacts, editWindowDays, eventWindowOf, flaggedNotice, isInsideWindow, parseCount,
  shiftLimitHours, ticketHours, totalHours, tourOverlapsEvent,
} from '../../src/domain/tickets';
import { ticketRulesSchema, type TicketRulesContext } from '../../src/domain/schemas/tickets';
import { zodFormErrors } from '../../src/common/zodFormErrors';

const tz = 'America/New_York';
const ctx = (accessLevel: number): TicketRulesContext => ({ accessLevel, today: '03/20/2026', tz, wording: 'alert' });
const base = {
  officer: { officerId: 11 }, assignmentType: { assignmentTypeId: 2 }, precinct: { precinctId: 1 }, event: { eventId: 0 },
  startDate: '03/18/2026', startTime: '08:00', endDate: '03/18/2026', endTime: '12:00', travelHours: 0, description: 'Patrol',
};

/** The first problem the rules find, as the API answers it ({message, path}), or null. */
function checkTicket(body: object, c: TicketRulesContext) {
  const result = ticketRulesSchema(c).safeParse(body);
  if (result.success) return null;
  return { message: result.error.issues[0].message, path: result.error.issues[0].path.join('.') };
}

describe('edit window (spec §4)', () => {
  it('is 30 days, 365 at level 10 and above', () => {
    expect(editWindowDays(1)).toBe(30);
    expect(editWindowDays(9)).toBe(30);
    expect(editWindowDays(10)).toBe(365);
    expect(isInsideWindow('02/19/2026', '03/21/2026', 1)).toBe(false);
    expect(isInsideWindow('02/20/2026', '03/21/2026', 1)).toBe(true);
    expect(isInsideWindow('03/22/2025', '03/21/2026', 10)).toBe(true);
    expect(isInsideWindow('03/21/2025', '03/21/2026', 10)).toBe(false);
  });
});

describe('shift limit and hours', () => {
  it('is 12 hours, 15 for assignment type 3 at level 5+', () => {
    expect(shiftLimitHours(2, 10)).toBe(12);
    expect(shiftLimitHours(3, 1)).toBe(12);
    expect(shiftLimitHours(3, 5)).toBe(15);
  });
  it('counts the real length across daylight-saving changes', () => {
    expect(ticketHours('11/01/2026', '00:00', '11/01/2026', '04:00', tz).hours).toBe(5);
    expect(ticketHours('03/08/2026', '00:00', '03/08/2026', '04:00', tz).hours).toBe(3);
    expect(ticketHours('03/18/2026', '22:00', '03/19/2026', '02:15', tz).hours).toBe(4.25);
  });
  it('totals worked + travel + incentive hours', () => {
    expect(totalHours(4, 1, 2.5)).toBe(7.5);
    expect(totalHours(4.25, 0)).toBe(4.25);
  });
});

describe('ticketRulesSchema (spec §5), worded as the API alerts', () => {
  it('accepts a valid ticket', () => expect(checkTicket(base, ctx(1))).toBeNull());
  it('gives the spec messages in form order', () => {
    expect(checkTicket({ ...base, officer: { officerId: 0 } }, ctx(1))?.message).toBe('Must Select Officer!');
    expect(checkTicket({ ...base, assignmentType: null }, ctx(1))?.message).toBe('Must Select Assignment Type!');
    expect(checkTicket({ ...base, precinct: { precinctId: 0 } }, ctx(1))?.message).toBe('Must Select Precinct!');
    expect(checkTicket({ ...base, assignmentType: { assignmentTypeId: 11 } }, ctx(1))?.message).toBe('Must Select Event!');
    expect(checkTicket({ ...base, assignmentType: { assignmentTypeId: 11 }, precinct: { precinctId: 0 }, event: { eventId: 4 } }, ctx(1))).toBeNull();
    expect(checkTicket({ ...base, startTime: '08:05' }, ctx(1))?.message).toBe('Time must be in 15 minute increments!');
    expect(checkTicket({ ...base, endTime: '20:15' }, ctx(1))?.message).toBe('Shift cannot be in excess of 12 hours!');
    expect(checkTicket({ ...base, assignmentType: { assignmentTypeId: 3 }, endTime: '23:15' }, ctx(5))?.message).toBe('Shift cannot be in excess of 15 hours!');
    expect(checkTicket({ ...base, endTime: '08:00' }, ctx(1))?.message).toBe('End time must be after start time!');
    expect(checkTicket({ ...base, startDate: '01/18/2026', endDate: '01/18/2026' }, ctx(10))).toBeNull();
    expect(checkTicket({ ...base, startDate: '01/18/2026', endDate: '01/18/2026' }, ctx(9))?.message).toBe('Time ticket cannot be more than 30 days old!');
    expect(checkTicket({ ...base, auditComments: 'na\u00efve' }, ctx(10))?.message).toBe('Audit Comments have non-ASCII characters. Please remove!');
    expect(checkTicket({ ...base, arrests: -1 }, ctx(1))).toEqual({ message: 'Counts must be whole numbers of 0 or more.', path: 'arrests' });
  });
});

describe('ticketRulesSchema with the clock, the event and the spring-forward gap', () => {
  it('refuses a 10-41 or 10-42 later than now, not only a later date', () => {
    const now = new Date('2026-03-20T14:00:00Z'); // 10:00 EDT
    const today = { ...base, startDate: '03/20/2026', endDate: '03/20/2026' };
    const at = (o: object) => checkTicket({ ...today, ...o }, { ...ctx(1), now })?.message ?? null;
    expect(at({ startTime: '20:00', endTime: '23:00' })).toBe('Start Date cannot be in the future!');
    expect(at({ startTime: '08:00', endTime: '10:15' })).toBe('End Date cannot be in the future!');
    expect(at({ startTime: '08:00', endTime: '10:00' })).toBeNull();
    // Without the clock only the dates are compared (as before it was known).
    expect(checkTicket({ ...today, startTime: '20:00', endTime: '23:00' }, ctx(1))).toBeNull();
  });
  it('refuses times skipped by the spring-forward change on the time field', () => {
    const night = { ...base, startDate: '03/08/2026', endDate: '03/08/2026' };
    const gap = 'This time does not exist on that date because the clocks go forward. Please choose another time.';
    expect(checkTicket({ ...night, startTime: '02:30', endTime: '05:00' }, ctx(1))).toEqual({ message: gap, path: 'startTime' });
    expect(checkTicket({ ...night, startTime: '00:00', endTime: '02:00' }, ctx(1))).toEqual({ message: gap, path: 'endTime' });
    expect(checkTicket({ ...night, startTime: '01:45', endTime: '03:00' }, ctx(1))).toBeNull();
  });
  it('requires an event ticket to overlap the event (early arrival and late leaving allowed)', () => {
    const event = eventWindowOf({ startDate: '03/17/2026', startTime: '08:00', endDate: '03/17/2026', endTime: '12:00' }, tz)!;
    expect(event.startAt.toISOString()).toBe('2026-03-17T12:00:00.000Z');
    const detail = { ...base, assignmentType: { assignmentTypeId: 1 }, event: { eventId: 9 }, startDate: '03/17/2026', endDate: '03/17/2026' };
    const at = (o: object) => checkTicket({ ...detail, ...o }, { ...ctx(1), event })?.message ?? null;
    expect(at({ startTime: '06:00', endTime: '09:00' })).toBeNull();
    expect(at({ startTime: '11:45', endTime: '14:00' })).toBeNull();
    expect(at({ startTime: '05:00', endTime: '08:00' })).toBe('The ticket must be for the time of the selected event.');
    expect(at({ startDate: '03/16/2026', endDate: '03/16/2026' })).toBe('The ticket must be for the time of the selected event.');
    expect(checkTicket({ ...detail, startDate: '03/16/2026', endDate: '03/16/2026' }, { ...ctx(1), event })?.path).toBe('event.eventId');
    expect(tourOverlapsEvent(new Date('2026-03-17T16:00:00Z'), new Date('2026-03-17T18:00:00Z'), event)).toBe(false);
    expect(eventWindowOf({ startDate: '03/17/2026', startTime: '08:00' }, tz)).toBeNull();
  });
});

describe('ticketRulesSchema worded for the form (zodFormErrors)', () => {
  const form = (body: object, c: Partial<TicketRulesContext> = {}) =>
    zodFormErrors(ticketRulesSchema({ accessLevel: 1, today: '03/20/2026', tz, ...c }), body);
  it('gives every missing field its field message on its nested path, and no rule message yet', () => {
    const empty = { ...base, officer: { officerId: 0 }, assignmentType: { assignmentTypeId: 0 }, precinct: { precinctId: 0 },
      startDate: '', startTime: '', endDate: '', endTime: '', description: ' ' };
    expect(form(empty)).toEqual({
      officer: { officerId: 'Must select officer' },
      assignmentType: { assignmentTypeId: 'Must select assignment type' },
      precinct: { precinctId: 'Must select precinct' },
      startDate: 'Date is required',
      startTime: 'Required',
      endDate: 'Date is required',
      endTime: 'Required',
      description: 'Description is required.',
    });
    expect(form({ ...base, assignmentType: { assignmentTypeId: 4 }, precinct: { precinctId: 0 } })).toEqual({
      precinct: { precinctId: 'Must select precinct' },
      event: { eventId: 'Must select event for selected assignment type' },
    });
  });
  it('then shows only the first broken rule, on its field', () => {
    expect(form({ ...base, startTime: '08:05', endTime: '23:00' })).toEqual({ startTime: 'Time must be in 15 minute increments!' });
    expect(form({ ...base, endDate: '03/17/2026' })).toEqual({ endDate: 'End date must be after start date!' });
    expect(form({ ...base, assignmentType: { assignmentTypeId: 5 } })).toEqual({ assignmentType: { assignmentTypeId: 'This assignment type cannot be entered on a time ticket.' } });
    expect(form(base)).toEqual({});
  });
  it('words the same missing fields as the API alerts with wording "alert", first in form order', () => {
    const noTimes = { ...base, startTime: '', endTime: null };
    expect(checkTicket(noTimes, ctx(1))).toEqual({ message: 'Required field', path: 'startTime' });
    expect(checkTicket({ ...base, assignmentType: { assignmentTypeId: 9 } }, ctx(1))).toEqual({ message: 'Must Select Event!', path: 'event.eventId' });
  });
});

describe('helpers', () => {
  it('strips leading zeros and non-digits from counts', () => {
    expect(parseCount('007')).toBe(7);
    expect(parseCount('')).toBe(0);
    expect(parseCount('0')).toBe(0);
    expect(parseCount('-3')).toBe(3);
  });
  it('words the owner notice by count (spec §8)', () => {
    expect(flaggedNotice(0)).toBeNull();
    expect(flaggedNotice(1)).toBe('You have an error in a ticket that needs to be corrected');
    expect(flaggedNotice(3)).toBe('You have errors in 3 tickets that need to be corrected. Tickets with errors will not be included in your annual hours.');
  });
  it('keeps auditors below rank 10 and not the super user in the contact list', () => {
    const list = [
      { officerId: 1, firstName: 'S', lastName: 'U', rank: { rankId: 3, description: 'Lt' } },
      { officerId: 20, firstName: 'A', lastName: 'B', rank: { rankId: 3, description: 'Lt' } },
      { officerId: 21, firstName: 'C', lastName: 'D', rank: { rankId: 10, description: 'Civilian' } },
    ];
    expect(auditorContacts(list, 1).map((o) => o.officerId)).toEqual([20]);
  });
});
