import { describe, expect, it } from 'vitest';
import { followingEndDate } from '../../src/domain/tickets';

describe('followingEndDate (the 10-42 date follows the 10-41)', () => {
  it('is the 10-41 date when the 10-42 time is later', () => {
    expect(followingEndDate('03/14/2026', '10:00', '14:00')).toBe('03/14/2026');
  });

  it('is the next day when the 10-42 time is earlier (a tour past midnight)', () => {
    expect(followingEndDate('03/14/2026', '22:00', '02:00')).toBe('03/15/2026');
    expect(followingEndDate('03/14/2026', '00:15', '00:00')).toBe('03/15/2026');
  });

  it('crosses months, years and leap days by the calendar', () => {
    expect(followingEndDate('01/31/2026', '20:00', '04:00')).toBe('02/01/2026');
    expect(followingEndDate('12/31/2026', '23:00', '01:00')).toBe('01/01/2027');
    expect(followingEndDate('02/28/2028', '23:00', '01:00')).toBe('02/29/2028');
  });

  it('keeps the same day for equal times (the §5 rule then says the 10-42 must be after the 10-41)', () => {
    expect(followingEndDate('03/14/2026', '08:00', '08:00')).toBe('03/14/2026');
  });

  it('is the 10-41 date until both times are valid', () => {
    expect(followingEndDate('03/14/2026', '', '')).toBe('03/14/2026');
    expect(followingEndDate('03/14/2026', '22:00', '')).toBe('03/14/2026');
    expect(followingEndDate('03/14/2026', null, '02:00')).toBe('03/14/2026');
    expect(followingEndDate('03/14/2026', '22:00', '2:0')).toBe('03/14/2026');
  });

  it('is null without a valid 10-41 date', () => {
    expect(followingEndDate('', '22:00', '02:00')).toBeNull();
    expect(followingEndDate(undefined, '22:00', '02:00')).toBeNull();
    expect(followingEndDate('02/30/2026', '22:00', '02:00')).toBeNull();
  });
});
