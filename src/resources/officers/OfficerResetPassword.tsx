import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import LockResetIcon from '@mui/icons-material/LockReset';
import { ActionButton } from '../../common/ActionButton';
import { format, rc } from '../../domain/messages';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import type { OfficerJson } from '../../domain/schemas/officers';

const r = rc.officers.resetPassword;

/**
 * Reset password on an existing officer's form (level 10; the form decides who sees it): asks
 * 'Reset the password of {name}?' with what happens, then PUT /api/officer/resetPassword/{id}
 * (dataProvider.resetOfficerPassword, a react-query mutation): the officer is e-mailed a temporary
 * password and the page says so; a refusal (no confirmed e-mail on file, mail down, the super
 * user's record) shows the server's message. The form and its values are left as they are.
 */
export function OfficerResetPassword({ officer }: { officer: Pick<OfficerJson, 'officerId' | 'firstName' | 'lastName'> }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const reset = useMutation({
    mutationFn: () => dataProvider.resetOfficerPassword(officer.officerId),
    onSuccess: () => notify(r.done, { type: 'info' }),
    onError: (e: unknown) => notify(e instanceof Error ? e.message : String(e), { type: 'error' }),
  });
  const name = [officer.firstName, officer.lastName].filter(Boolean).join(' ');
  return (
    <>
      <ActionButton label={r.button} icon={<LockResetIcon />} disabled={reset.isPending} onClick={() => setOpen(true)} />
      {open && (
        <Confirm
          isOpen
          title={format(r.confirmTitle, { name })}
          content={r.confirmContent}
          onConfirm={() => {
            setOpen(false);
            reset.mutate();
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
