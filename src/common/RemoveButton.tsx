import { useState, type ReactNode } from 'react';
import { Confirm, useDataProvider, useNotify, type Identifier, type RaRecord } from 'react-admin';
import DeleteIcon from '@mui/icons-material/Delete';
import { rc } from '../domain/messages';
import { ActionButton } from './ActionButton';

/**
 * Remove for one list row or card (every list): asks `title` (default 'Are you sure you want to
 * delete the following?') with `content`, then calls the dataProvider's delete (DELETE /{resource}/delete,
 * dummy-first body) and reports the id to `onRemoved` so the list strikes the row through before
 * dropping it. A refusal (e.g. 409 for a record in use) shows the server's message.
 */
export function RemoveButton({ resource, record, title = rc.app.confirmDelete, content, onRemoved, ariaLabel }: {
  resource: string;
  record: RaRecord;
  /** The confirmation's question, when the list can say whom or what it removes. */
  title?: string;
  /** What the confirmation names (plain text or a short element). */
  content: ReactNode;
  onRemoved: (id: Identifier) => void;
  /** Accessible name when several rows have a Remove ('Remove 03/10/2026 08:00'); default 'Remove'. */
  ariaLabel?: string;
}) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setOpen(false);
    setBusy(true);
    try {
      await dataProvider.delete(resource, { id: record.id, previousData: record });
      onRemoved(record.id);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ActionButton label={rc.app.remove} icon={<DeleteIcon />} color="error" disabled={busy} onClick={() => setOpen(true)} ariaLabel={ariaLabel} />
      {open && <Confirm isOpen title={title} content={content} onConfirm={confirm} onClose={() => setOpen(false)} />}
    </>
  );
}
