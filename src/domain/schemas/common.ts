import './jitless';
import { z } from 'zod';

/**
 * Body of every delete call (spec §7): [{id: 0, deleteStatus: ''}, {id, deleteStatus: 'Y'}, ...],
 * the dummy first entry included; only rows marked 'Y' are removed. At most 1000 rows.
 */
export const deleteList = z
  .array(z.object({ id: z.number().int().min(0), deleteStatus: z.string().max(1).optional().default('') }).strict())
  .min(1)
  .max(1000);
export type DeleteList = z.infer<typeof deleteList>;

/** The distinct ids marked 'Y' in a delete list (the dummy id 0 is never one). */
export function idsToDelete(list: DeleteList): number[] {
  return [...new Set(list.filter((r) => r.deleteStatus === 'Y' && r.id > 0).map((r) => r.id))];
}
