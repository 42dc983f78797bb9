/**
 * Wall-clock dates and times of ORG_TIMEZONE computed by the database: a list row's
 * MM/DD/YYYY, HH:mm and 'Mon' come from PostgreSQL's `AT TIME ZONE` and `to_char` in the same
 * statement that reads the row, instead of dayjs' timezone plugin once per field per row in
 * JavaScript (which was most of the server's busy time under load). PostgreSQL and PGlite both
 * carry the IANA zone rules, so a tour across a daylight-saving change shows its wall clock.
 * dayjs (src/domain/dates.ts) stays for the browser, for the rules and for parsing input.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** `to_char` patterns of the API's formats (spec §3): DATE_FORMAT, TIME_FORMAT and the weekday. */
const PATTERN = { date: 'MM/DD/YYYY', time: 'HH24:MI', day: 'Dy' } as const;

/** A timestamptz column or expression as wall-clock text in `tz`: date MM/DD/YYYY, time HH:mm (24-hour), day 'Mon'. */
export function localText(at: SQLWrapper, tz: string, part: keyof typeof PATTERN): SQL<string> {
  return sql<string>`to_char(${at} at time zone ${tz}, ${sql.raw(`'${PATTERN[part]}'`)})`;
}

/**
 * The six span fields of spanFields() (src/domain/dates.ts) as SQL columns: startDate/endDate
 * MM/DD/YYYY, startTime/endTime HH:mm, startDay/endDay 'Mon', all wall-clock in `tz`.
 */
export function spanColumns(startAt: SQLWrapper, endAt: SQLWrapper, tz: string) {
  return {
    startDate: localText(startAt, tz, 'date'),
    startTime: localText(startAt, tz, 'time'),
    startDay: localText(startAt, tz, 'day'),
    endDate: localText(endAt, tz, 'date'),
    endTime: localText(endAt, tz, 'time'),
    endDay: localText(endAt, tz, 'day'),
  };
}

/** A SQL date column as MM/DD/YYYY text (null stays null), as fromIsoDate() does in JavaScript. */
export function usDate(column: SQLWrapper): SQL<string | null> {
  return sql<string | null>`to_char(${column}, 'MM/DD/YYYY')`;
}

/**
 * The instant a wall-clock day starts in `tz`, computed by the database: `date` is MM/DD/YYYY text
 * (a value or a placeholder), `plusDays` moves to a later day (1: the end of `date`). So a date
 * filter costs no timezone work in JavaScript. Callers validate `date` first.
 */
export function dayStart(date: unknown, tz: string, plusDays = 0): SQL<Date> {
  return sql<Date>`((to_date(${date}, 'MM/DD/YYYY') + ${sql.raw(String(Math.trunc(plusDays)))})::timestamp at time zone ${tz})`;
}

/**
 * A timestamptz as ONE wall-clock text in `tz`, 'MM/DD/YYYY HH:mm Mon' (fixed widths), for the
 * hottest list: one to_char a field instead of three, one cell instead of three.
 * splitLocal() cuts it into the API's three fields.
 */
export function localWhen(at: SQLWrapper, tz: string): SQL<string> {
  return sql<string>`to_char(${at} at time zone ${tz}, 'MM/DD/YYYY HH24:MI Dy')`;
}

/** The date (MM/DD/YYYY), time (HH:mm) and day ('Mon') of a localWhen() text. */
export function splitLocal(when: string): { date: string; time: string; day: string } {
  return { date: when.slice(0, 10), time: when.slice(11, 16), day: when.slice(17) };
}
