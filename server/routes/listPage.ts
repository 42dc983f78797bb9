import { badRequest } from '../errors';
import { format, rc } from '../../src/domain/messages';

/**
 * react-admin's _start/_end as SQL offset and limit: without _end the first `max` rows from
 * _start; a page over `max` rows (the largest page size of spec §9, 200) -> 400
 * 'A page cannot hold more than 200 rows.'.
 */
export function pageOf(q: { _start?: number; _end?: number }, max: number): { offset: number; limit: number } {
  const offset = q._start ?? 0;
  const limit = q._end !== undefined ? Math.max(0, q._end - offset) : max;
  if (limit > max) throw badRequest(format(rc.tickets.pageTooLarge, { max }));
  return { offset, limit };
}
