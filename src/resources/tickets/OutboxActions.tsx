import { useState } from 'react';
import { Stack } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useNotify } from 'react-admin';
import { rc } from '../../domain/messages';
import type { OutboxEntry } from '../../domain/offline';
import { ActionButton } from '../../common/ActionButton';
import { removeFromOutbox } from '../../offline/outbox';
import { outboxEditPath } from './outboxTicket';
import { outboxWhen } from './OutboxStatus';

const o = rc.offline.outbox;

/**
 * Edit (the ticket form filled from the entry) and Discard (after a confirmation naming the
 * ticket) of one outbox entry, labelled with its 10-41 so a screen reader tells them apart.
 * Neither while the entry is on its way: its fate is known in a moment.
 */
export function OutboxActions({ entry, search }: { entry: OutboxEntry; search: string }) {
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const busy = entry.status === 'sending';
  const when = outboxWhen(entry);
  const discard = async () => {
    setAsking(false);
    try {
      await removeFromOutbox(entry.officerId, entry.key);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1 }}>
      {busy ? (
        <ActionButton label={o.edit} icon={<EditIcon />} disabled ariaLabel={`${o.edit} ${when}`} />
      ) : (
        <ActionButton label={o.edit} icon={<EditIcon />} to={outboxEditPath(entry, search)} ariaLabel={`${o.edit} ${when}`} />
      )}
      <ActionButton label={o.discard} icon={<DeleteIcon />} color="error" disabled={busy} onClick={() => setAsking(true)} ariaLabel={`${o.discard} ${when}`} />
      {asking && (
        <Confirm
          isOpen
          title={o.discardConfirm}
          content={<span style={{ whiteSpace: 'pre-wrap' }}>{`${when}\n${entry.ticket.description ?? ''}`}</span>}
          confirm={o.discard}
          confirmColor="warning"
          onConfirm={discard}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}
