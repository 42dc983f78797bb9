import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, type Identifier } from 'react-admin';
import DeleteIcon from '@mui/icons-material/Delete';
import { format, rc } from '../../domain/messages';
import { officerListLabel } from '../../domain/officerLabel';
import type { SignupJson } from '../../domain/schemas/signups';
import { ActionButton } from '../../common/ActionButton';

/**
 * Remove for one roster row or card (level 5+): asks 'Remove (A0101) Ortiz, Olivia from this
 * roster?' (not the generic delete question, so the supervisor sees whom he takes off), then
 * calls the dataProvider's delete on 'signup' and reports the id to `onRemoved` so the roster
 * strikes the row through. A refusal (409: a ticket was logged meanwhile) shows the server's
 * message. Works as src/common/RemoveButton, whose dialog title cannot be changed.
 */
export function RosterRemoveButton({ record, onRemoved }: { record: SignupJson & { id: Identifier }; onRemoved: (id: Identifier) => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const officer = officerListLabel(record.officer);
  const confirm = async () => {
    setOpen(false);
    setBusy(true);
    try {
      await dataProvider.delete('signup', { id: record.id, previousData: record });
      onRemoved(record.id);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ActionButton
        label={rc.app.remove}
        icon={<DeleteIcon />}
        color="error"
        disabled={busy}
        onClick={() => setOpen(true)}
        ariaLabel={`${rc.signups.removeFromRoster}: ${officer}`}
      />
      {open && (
        <Confirm isOpen title={format(rc.signups.confirmRemove, { officer })} content={null} onConfirm={confirm} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
