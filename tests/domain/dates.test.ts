import { describe, expect, it } from 'vitest';
import { hoursBetween, isExistingLocalTime, quickRange, toInstant, fromInstant, todayFollowing } from '../../src/domain/dates';
import { validateSearchRange } from '../../src/domain/search';

const tz = 'America/New_York';

describe('dates in the organisation time zone', () => {
  it('counts the real length of tours across daylight-saving changes', () => {
    expect(hoursBetween(toInstant('11/01/2026', '00:00', tz), toInstant('11/01/2026', '04:00', tz))).toBe(5);
    expect(hoursBetween(toInstant('03/08/2026', '00:00', tz), toInstant('03/08/2026', '04:00', tz))).toBe(3);
    expect(hoursBetween(toInstant('07/04/2026', '20:00', tz), toInstant('07/05/2026', '02:00', tz))).toBe(6);
  });

  it('knows the skipped hour of the spring-forward night does not exist', () => {
    expect(isExistingLocalTime('03/08/2026', '02:30', tz)).toBe(false);
    expect(isExistingLocalTime('03/08/2026', '03:00', tz)).toBe(true);
    expect(isExistingLocalTime('11/01/2026', '01:30', tz)).toBe(true);
  });

  it('shows instants as MM/DD/YYYY, HH:mm and the weekday in the zone', () => {
    expect(fromInstant(new Date('2026-07-04T14:15:00Z'), tz)).toEqual({ date: '07/04/2026', time: '10:15', day: 'Sat' });
  });

  it('gives the quick ranges Prior Month, MTD and YTD', () => {
    expect(quickRange('priorMonth', '03/15/2026')).toEqual({ sinceDate: '02/01/2026', untilDate: '02/28/2026' });
    expect(quickRange('mtd', '03/15/2026')).toEqual({ sinceDate: '03/01/2026', untilDate: '03/15/2026' });
    expect(quickRange('ytd', '03/15/2026')).toEqual({ sinceDate: '01/01/2026', untilDate: '03/15/2026' });
    expect(quickRange('priorMonth', '01/10/2026')).toEqual({ sinceDate: '12/01/2025', untilDate: '12/31/2025' });
  });
});

describe('search range rule (spec §5)', () => {
  it('uses the spec messages', () => {
    expect(validateSearchRange({})).toBe('Must enter at least one search criteria!');
    expect(validateSearchRange({ untilDate: '01/01/2026' })).toBe('Cannot enter until date without since date!');
    expect(validateSearchRange({ otherCriteria: true, sinceRequired: true })).toBe('Must enter since date!');
    expect(validateSearchRange({ sinceDate: '02/01/2026', untilDate: '01/01/2026' })).toBe('Since date must be <= until date!');
    expect(validateSearchRange({ sinceDate: '01/01/2026', untilDate: '02/01/2026' })).toBeNull();
    expect(validateSearchRange({ otherCriteria: true })).toBeNull();
  });
});

describe('todayFollowing', () => {
  it("follows the organisation's midnight, forwards and back, and the 23-hour day clocks go forward", () => {
    let now = new Date('2026-03-08T04:59:59Z'); // 23:59:59 on 03/07 in New York (EST)
    const today = todayFollowing('America/New_York', () => now);
    expect(today()).toBe('03/07/2026');
    now = new Date('2026-03-08T05:00:00Z'); // midnight: 03/08, a 23-hour day
    expect(today()).toBe('03/08/2026');
    now = new Date('2026-03-09T03:59:59Z'); // 23:59:59 EDT, still 03/08
    expect(today()).toBe('03/08/2026');
    now = new Date('2026-03-09T04:00:00Z'); // midnight EDT
    expect(today()).toBe('03/09/2026');
    now = new Date('2026-03-08T12:00:00Z'); // a clock set back
    expect(today()).toBe('03/08/2026');
  });
});
