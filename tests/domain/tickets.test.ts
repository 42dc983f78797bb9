import { describe, expect, it } from 'vitest';
import {
  auditorContacts, canWriteTicketFor, checkTicket, editWindowDays, eventWindowOf, flaggedNotice, isAsciiText, isInsideWindow, parseCount,
  shiftLimitHours, ticketHours, totalHours, tourOverlapsEvent,
} from '../../src/domain/tickets';

const tz = 'America/New_York';
const ctx = (accessLevel: number) => ({ accessLevel, today: '03/20/2026', tz });
const base = {
  officerId: 11, assignmentTypeId: 2, precinctId: 1, startDate: '03/18/2026', startTime: '08:00', endDate: '03/18/2026', endTime: '12:00',
  travelHours: 0, description: 'Patrol',
};

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

describe('checkTicket (spec §5)', () => {
  it('accepts a valid ticket', () => expect(checkTicket(base, ctx(1))).toBeNull());
  it('gives the spec messages in form order', () => {
    expect(checkTicket({ ...base, officerId: 0 }, ctx(1))?.message).toBe('Must Select Officer!');
    expect(checkTicket({ ...base, assignmentTypeId: null }, ctx(1))?.message).toBe('Must Select Assignment Type!');
    expect(checkTicket({ ...base, precinctId: 0 }, ctx(1))?.message).toBe('Must Select Precinct!');
    expect(checkTicket({ ...base, assignmentTypeId: 11 }, ctx(1))?.message).toBe('Must Select Event!');
    expect(checkTicket({ ...base, assignmentTypeId: 11, precinctId: 0, eventId: 4 }, ctx(1))).toBeNull();
    expect(checkTicket({ ...base, startTime: '08:05' }, ctx(1))?.message).toBe('Time must be in 15 minute increments!');
    expect(checkTicket({ ...base, endTime: '20:15' }, ctx(1))?.message).toBe('Shift cannot be in excess of 12 hours!');
    expect(checkTicket({ ...base, assignmentTypeId: 3, endTime: '23:15' }, ctx(5))?.message).toBe('Shift cannot be in excess of 15 hours!');
    expect(checkTicket({ ...base, endTime: '08:00' }, ctx(1))?.message).toBe('End time must be after start time!');
    expect(checkTicket({ ...base, startDate: '01/18/2026', endDate: '01/18/2026' }, ctx(10))).toBeNull();
    expect(checkTicket({ ...base, startDate: '01/18/2026', endDate: '01/18/2026' }, ctx(9))?.message).toBe('Time ticket cannot be more than 30 days old!');
    expect(checkTicket({ ...base, auditComments: 'na\u00efve' }, ctx(10))?.message).toBe('Audit Comments have non-ASCII characters. Please remove!');
    expect(checkTicket({ ...base, arrests: -1 }, ctx(1))?.field).toBe('arrests');
  });
});

describe('checkTicket with the clock, the event and the spring-forward gap', () => {
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
    expect(checkTicket({ ...night, startTime: '02:30', endTime: '05:00' }, ctx(1))).toEqual({ message: gap, field: 'startTime' });
    expect(checkTicket({ ...night, startTime: '00:00', endTime: '02:00' }, ctx(1))).toEqual({ message: gap, field: 'endTime' });
    expect(checkTicket({ ...night, startTime: '01:45', endTime: '03:00' }, ctx(1))).toBeNull();
  });
  it('requires an event ticket to overlap the event (early arrival and late leaving allowed)', () => {
    const event = eventWindowOf({ startDate: '03/17/2026', startTime: '08:00', endDate: '03/17/2026', endTime: '12:00' }, tz)!;
    expect(event.startAt.toISOString()).toBe('2026-03-17T12:00:00.000Z');
    const detail = { ...base, assignmentTypeId: 1, eventId: 9, startDate: '03/17/2026', endDate: '03/17/2026' };
    const at = (o: object) => checkTicket({ ...detail, ...o }, { ...ctx(1), event })?.message ?? null;
    expect(at({ startTime: '06:00', endTime: '09:00' })).toBeNull();
    expect(at({ startTime: '11:45', endTime: '14:00' })).toBeNull();
    expect(at({ startTime: '05:00', endTime: '08:00' })).toBe('The ticket must be for the time of the selected event.');
    expect(at({ startDate: '03/16/2026', endDate: '03/16/2026' })).toBe('The ticket must be for the time of the selected event.');
    expect(checkTicket({ ...detail, startDate: '03/16/2026', endDate: '03/16/2026' }, { ...ctx(1), event })?.field).toBe('event');
    expect(tourOverlapsEvent(new Date('2026-03-17T16:00:00Z'), new Date('2026-03-17T18:00:00Z'), event)).toBe(false);
    expect(eventWindowOf({ startDate: '03/17/2026', startTime: '08:00' }, tz)).toBeNull();
  });
});

describe('helpers', () => {
  it('accepts ASCII with line breaks only', () => {
    expect(isAsciiText('Line 1\nLine 2\tok')).toBe(true);
    expect(isAsciiText('\u2019')).toBe(false);
  });
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
  it('lets level 9+ write for others, 5-8 only themselves, 3 never', () => {
    expect(canWriteTicketFor({ officerId: 1, accessLevel: 1 }, 1)).toBe(true);
    expect(canWriteTicketFor({ officerId: 1, accessLevel: 1 }, 2)).toBe(false);
    expect(canWriteTicketFor({ officerId: 1, accessLevel: 5 }, 2)).toBe(false);
    expect(canWriteTicketFor({ officerId: 1, accessLevel: 9 }, 2)).toBe(true);
    expect(canWriteTicketFor({ officerId: 1, accessLevel: 3 }, 1)).toBe(false);
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
