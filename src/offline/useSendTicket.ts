import { useCallback, useContext } from 'react';
import { DataProviderContext } from 'react-admin';
import type { RollCallDataProvider } from '../providers/dataProvider';
import type { SendTicket } from './sendOutbox';

/**
 * SendTicket through the app's dataProvider (create with meta.idempotencyKey: POST
 * /api/timeTickets/insert with the Idempotency-Key header). The dataProvider as given to
 * react-admin, not useDataProvider()'s wrapper: on a 401 that wrapper logs out and then *resolves*
 * as if the call had succeeded, which would drop an unsent ticket from the outbox. The callers
 * see every failure and handle a 401 themselves.
 */
export function useSendTicket(): SendTicket {
  const dataProvider = useContext(DataProviderContext) as RollCallDataProvider;
  return useCallback<SendTicket>(
    (ticket, key) => dataProvider.create('timeTickets', { data: ticket, meta: { idempotencyKey: key } }),
    [dataProvider],
  );
}
