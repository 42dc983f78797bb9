import { z } from 'zod';

/**
 * The wire formats of dates and times (spec §9: dates sent MM/DD/YYYY, 24-hour HH:mm times in
 * ORG_TIMEZONE; instants ISO 8601 UTC) as OpenAPI metadata: `pattern`, `format` and an
 * example, so a client generated from /api/docs/json knows them. Metadata only: attaching it
 * changes no validation (the rules in src/domain check dates and times with their own messages).
 * `mm/dd/yyyy` and `HH:mm` are this API's own format names; `date-time` and `date` are standard.
 */
export const US_DATE = { pattern: '^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$', format: 'mm/dd/yyyy', example: '03/31/2026' } as const;
export const HHMM_TIME = { pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', format: 'HH:mm', example: '18:30' } as const;
export const INSTANT = { format: 'date-time', example: '2026-03-31T16:00:00.000Z' } as const;
export const ISO_DATE = { format: 'date', example: '2026-03-31' } as const;

/** A date MM/DD/YYYY in ORG_TIMEZONE (answers). */
export const usDateText = () => z.string().meta({ ...US_DATE, description: 'MM/DD/YYYY in ORG_TIMEZONE' });
/** A time HH:mm, 24-hour, in ORG_TIMEZONE (answers). */
export const hhmmText = () => z.string().meta({ ...HHMM_TIME, description: 'HH:mm, 24-hour, in ORG_TIMEZONE' });
/** An instant, ISO 8601 in UTC (answers). */
export const instantText = () => z.string().meta({ ...INSTANT, description: 'ISO 8601 instant, UTC' });
