import './jitless';
import { z } from 'zod';
import { format, rc } from '../messages';

/**
 * The smallest and largest PostgreSQL integer (int4). Every id and count the API stores or looks
 * up is one; a number past them would reach the database and fail there without naming its field.
 */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
const tooLarge = format(rc.validation.numberTooLarge, { max: INT4_MAX });

/** A whole number from `min` to INT4_MAX in a JSON body; past it 'Must be 2147483647 or less'. */
export const wholeNumber = (min = 0) => z.number().int().min(min).max(INT4_MAX, tooLarge);

/**
 * A whole number from `min` to INT4_MAX read from a query string or an address segment (text
 * coerced to a number, so '' is 0 as before); past it 'Must be 2147483647 or less'.
 */
export const wholeNumberText = (min = 0) => z.coerce.number().int().min(min).max(INT4_MAX, tooLarge);

/** Path parameters of the calls addressing one record by its id: /getSingle/{id} and the like (1 to INT4_MAX). */
export const idParams = z.object({ id: wholeNumberText(1) });

/**
 * Body of every delete call (spec §7): [{id: 0, deleteStatus: ''}, {id, deleteStatus: 'Y'}, ...],
 * the dummy first entry included; only rows marked 'Y' are removed. At most 1000 rows.
 */
export const deleteList = z
  .array(z.object({ id: wholeNumber(0), deleteStatus: z.string().max(1).optional().default('') }).strict())
  .min(1)
  .max(1000);
export type DeleteList = z.infer<typeof deleteList>;

/** The distinct ids marked 'Y' in a delete list (the dummy id 0 is never one). */
export function idsToDelete(list: DeleteList): number[] {
  return [...new Set(list.filter((r) => r.deleteStatus === 'Y' && r.id > 0).map((r) => r.id))];
}
