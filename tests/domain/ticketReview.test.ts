import { describe, expect, it } from 'vitest';
import { attentionReasons, reviewStateAfterEdit, type AttentionFacts } from '../../src/domain/ticketReview';
import { COUNT_FIELDS } from '../../src/domain/tickets';

const TZ = 'America/New_York';
const zero = Object.fromEntries(COUNT_FIELDS.map((c) => [c, 0])) as AttentionFacts['counts'];
/** A 4-hour tour on 03/10/2026 14:00-18:00 New York time, entered that evening, nothing unusual. */
const facts = (o: Partial<AttentionFacts> = {}): AttentionFacts => ({
  startAt: new Date('2026-03-10T18:00:00Z'),
  endAt: new Date('2026-03-10T22:00:00Z'),
  hoursWorked: 4,
  enteredAt: new Date('2026-03-11T01:00:00Z'),
  counts: zero,
  event: null,
  medians: zero,
  historyTickets: 20,
  ...o,
});

describe('attention reasons', () => {
  it('marks nothing on an ordinary tour', () => {
    expect(attentionReasons(facts(), TZ)).toEqual([]);
  });

  it('marks a shift over 10 hours, but not one of exactly 10', () => {
    expect(attentionReasons(facts({ hoursWorked: 10.25 }), TZ)).toEqual(['longShift']);
    expect(attentionReasons(facts({ hoursWorked: 10 }), TZ)).toEqual([]);
  });

  it('marks a count of at least 8 and three times his median, once he has five earlier tickets', () => {
    const medians = { ...zero, reports: 3 };
    expect(attentionReasons(facts({ counts: { ...zero, reports: 9 }, medians }), TZ)).toEqual(['countsAboveMedian']);
    expect(attentionReasons(facts({ counts: { ...zero, reports: 8 }, medians }), TZ)).toEqual([]);
    expect(attentionReasons(facts({ counts: { ...zero, arrests: 7 } }), TZ)).toEqual([]);
    expect(attentionReasons(facts({ counts: { ...zero, arrests: 8 } }), TZ)).toEqual(['countsAboveMedian']);
    expect(attentionReasons(facts({ counts: { ...zero, reports: 9 }, medians, historyTickets: 4 }), TZ)).toEqual([]);
  });

  it("marks a 10-41 before the event or a 10-42 after it", () => {
    const event = { startAt: new Date('2026-03-10T19:00:00Z'), endAt: new Date('2026-03-10T22:00:00Z') };
    expect(attentionReasons(facts({ event }), TZ)).toEqual(['outsideEvent']);
    expect(attentionReasons(facts({ event: { startAt: new Date('2026-03-10T18:00:00Z'), endAt: new Date('2026-03-10T21:00:00Z') } }), TZ)).toEqual(['outsideEvent']);
    expect(attentionReasons(facts({ event: { startAt: new Date('2026-03-10T17:00:00Z'), endAt: new Date('2026-03-10T23:00:00Z') } }), TZ)).toEqual([]);
  });

  it('marks an entry more than 7 days after the 10-42 date, counted in the organisation time zone', () => {
    // 03/17 23:30 in New York is already 03/18 in UTC: 7 days after the tour there, so not late
    expect(attentionReasons(facts({ enteredAt: new Date('2026-03-18T03:30:00Z') }), TZ)).toEqual([]);
    expect(attentionReasons(facts({ enteredAt: new Date('2026-03-18T14:00:00Z') }), TZ)).toEqual(['lateEntry']);
  });
});

describe('review state after an edit', () => {
  it('sends a reviewed ticket back to the queue unless the auditor made the change', () => {
    expect(reviewStateAfterEdit('accepted', false)).toBe('unreviewed');
    expect(reviewStateAfterEdit('flagged', false)).toBe('corrected');
    expect(reviewStateAfterEdit('corrected', false)).toBe('corrected');
    expect(reviewStateAfterEdit('accepted', true)).toBe('accepted');
    expect(reviewStateAfterEdit('flagged', true)).toBe('flagged');
  });
});
