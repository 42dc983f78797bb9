import { rc } from './messages';
import { compareDates, isValidDate } from './dates';

/**
 * Date-range rules shared by the ticket, event, statistics and training searches (spec §5).
 * Returns the first message that applies, or null when the criteria are acceptable.
 * `otherCriteria` says whether any non-date criterion was given; `sinceRequired` adds
 * 'Must enter since date!' (event, statistics and training searches).
 */
export function validateSearchRange(c: {
  sinceDate?: string | null;
  untilDate?: string | null;
  otherCriteria?: boolean;
  sinceRequired?: boolean;
}): string | null {
  const since = c.sinceDate?.trim() || '';
  const until = c.untilDate?.trim() || '';
  if (!since && !until && !c.otherCriteria) return rc.validation.mustEnterCriteria;
  if (until && !since) return rc.validation.untilWithoutSince;
  if (c.sinceRequired && !since) return rc.validation.mustEnterSince;
  if (since && !isValidDate(since)) return rc.validation.invalidDate;
  if (until && !isValidDate(until)) return rc.validation.invalidDate;
  if (since && until && compareDates(since, until) > 0) return rc.validation.sinceAfterUntil;
  return null;
}
