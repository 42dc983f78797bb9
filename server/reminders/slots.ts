/**
 * Which reminder runs are due at an instant, each with the key that claims it (kind and time
 * slot). Times follow REMINDER_TIMING in ORG_TIMEZONE; see docs/decisions/027-reminders-and-feeds.md.
 */
import { dayjs, toInstant } from '../../src/domain/dates';
import { REMINDER_TIMING, type ReminderKind } from '../../src/domain/reminders';

/** A due run: its kind, its claim key and the slot's facts the run needs. */
export interface DueRun {
  kind: ReminderKind;
  /** The reminder_run key, e.g. 'missingHours:2026-12'. */
  key: string;
  /** The slot part of the key ('2026-12', '2026-11-23', '2026-11-28T02:30Z'); message keys reuse it. */
  slot: string;
}

/** The start of the tick slot `at` falls in (UTC, whole tickMinutes), as '2026-11-28T02:30Z'. */
export function tickSlot(at: Date): string {
  const step = REMINDER_TIMING.tickMinutes * 60_000;
  return new Date(Math.floor(at.getTime() / step) * step).toISOString().slice(0, 16) + 'Z';
}

/**
 * The monthly slot 'YYYY-MM' of `at` in `tz` once monthlyDay at monthlyHour of that month has come
 * (a process that was down then catches up later in the month), else null.
 */
export function monthlySlot(at: Date, tz: string): string | null {
  const local = dayjs(at).tz(tz);
  const { monthlyDay, monthlyHour } = REMINDER_TIMING;
  if (local.date() < monthlyDay || (local.date() === monthlyDay && local.hour() < monthlyHour)) return null;
  return local.format('YYYY-MM');
}

/**
 * The weekly digest's slot: the date (YYYY-MM-DD, `tz`) of the latest digestWeekday at digestHour
 * on or before `at`. Every instant lies in one, so a process that was down catches up within the week.
 */
export function weeklySlot(at: Date, tz: string): string {
  const local = dayjs(at).tz(tz);
  let back = (local.day() - REMINDER_TIMING.digestWeekday + 7) % 7;
  if (back === 0 && local.hour() < REMINDER_TIMING.digestHour) back = 7;
  return dayjs.utc(local.format('YYYY-MM-DD')).subtract(back, 'day').format('YYYY-MM-DD');
}

/** The first instant of month 'YYYY-MM' in `tz`, and of the month before it. */
export function monthBounds(month: string, tz: string): { previousStart: Date; start: Date; previous: string } {
  const first = dayjs.utc(`${month}-01`);
  const prev = first.subtract(1, 'month');
  return {
    start: toInstant(first.format('MM/DD/YYYY'), '00:00', tz),
    previousStart: toInstant(prev.format('MM/DD/YYYY'), '00:00', tz),
    previous: prev.format('YYYY-MM'),
  };
}

/**
 * Every run due at `at`: eventTomorrow and understaffed in every tick slot (their messages are
 * keyed by event, so each goes once however often they run); unread159s in its weekly slot;
 * missingHours and losapPace in the monthly slot.
 */
export function dueRuns(at: Date, tz: string): DueRun[] {
  const tick = tickSlot(at);
  const runs: DueRun[] = [
    { kind: 'eventTomorrow', key: `eventTomorrow:${tick}`, slot: tick },
    { kind: 'understaffed', key: `understaffed:${tick}`, slot: tick },
  ];
  const week = weeklySlot(at, tz);
  runs.push({ kind: 'unread159s', key: `unread159s:${week}`, slot: week });
  const month = monthlySlot(at, tz);
  if (month) {
    runs.push({ kind: 'missingHours', key: `missingHours:${month}`, slot: month });
    runs.push({ kind: 'losapPace', key: `losapPace:${month}`, slot: month });
  }
  return runs;
}
