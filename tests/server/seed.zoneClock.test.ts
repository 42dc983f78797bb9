import { describe, expect, it } from 'vitest';
import { makeZoneClock } from '../../server/db/scaleSeed/zoneClock';
import { ticketHours } from '../../src/domain/tickets';
import { toInstant } from '../../src/domain/dates';

const TZ = 'America/New_York';
// day 0 = 10/01/2025; 11/02/2025 (fall back) is day 32, 03/08/2026 (spring forward) day 158
const clock = makeZoneClock(TZ, '2025-10-01', 200);
const at = (day: number, hhmm: string) => clock.instant(day, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));
const hours = (from: number | null, to: number | null) => (to! - from!) / 3_600_000;

describe('scale seed zone clock', () => {
  it('gives the same instants as the app (toInstant) on ordinary days', () => {
    expect(at(0, '06:00')).toBe(toInstant('10/01/2025', '06:00', TZ).getTime());
    expect(at(100, '20:45')).toBe(toInstant('01/09/2026', '20:45', TZ).getTime());
    expect(clock.isoDate(158)).toBe('2026-03-08');
  });

  it('counts the real length of a tour across a daylight-saving change, as ticketHours does', () => {
    // 10-41 Saturday 22:00, 10-42 Sunday 04:00 (minute 1680 of the Saturday)
    expect(hours(at(31, '22:00'), clock.instant(31, 28 * 60))).toBe(ticketHours('11/01/2025', '22:00', '11/02/2025', '04:00', TZ).hours);
    expect(hours(at(31, '22:00'), clock.instant(31, 28 * 60))).toBe(7);
    expect(hours(at(157, '22:00'), clock.instant(157, 28 * 60))).toBe(5);
  });

  it('refuses wall times that are skipped or happen twice', () => {
    expect(at(158, '02:30')).toBeNull();
    expect(at(32, '01:30')).toBeNull();
    expect(at(32, '03:00')).toBe(toInstant('11/02/2025', '03:00', TZ).getTime());
  });
});
