import { lazyPart } from '../../common/lazyPart';
import { useOutbox } from '../../offline/useOutbox';
import { outboxEntriesModule } from './outboxEntriesModule';

/**
 * The list of tickets waiting on this device (OutboxEntries.tsx), a chunk of its own: most lists
 * have no such ticket, so the list's first download carries none of its code.
 */
const OutboxEntryList = lazyPart(outboxEntriesModule, (m) => m.OutboxEntryList, null);

/**
 * The signed-in officer's tickets saved on this device and not yet accepted by the server, above
 * his own list (OutboxEntryList); nothing when there are none. `search` is the list's query, kept
 * for the way back; `tz` the organisation's time zone.
 */
export function OutboxEntries({ officerId, tz, search }: { officerId: number; tz: string; search: string }) {
  const entries = useOutbox(officerId);
  if (!entries?.length) return null;
  return <OutboxEntryList entries={entries} tz={tz} search={search} />;
}
