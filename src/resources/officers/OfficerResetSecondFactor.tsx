import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { ActionButton } from '../../common/ActionButton';
import { format, rc } from '../../domain/messages';
import { RESET_REASON_MAX } from '../../domain/secondFactor';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import type { OfficerJson } from '../../domain/schemas/officers';

const r = rc.secondFactor.reset;

/**
 * 'Reset two-step sign-in' on another officer's form (level 10; the form decides who sees it:
 * never on the super user's record nor one's own). A dialog says what happens and asks a reason
 * (required, at most RESET_REASON_MAX characters), then POST /api/officers/{officerId}/twoFactor/reset
 * { reason }: 'Two-step sign-in reset.'; a refusal (nothing to reset, …) shows the server's
 * message in the dialog. The dialog holds no <form>: it sits inside the officer form, and a
 * submit would reach that form too.
 */
export function OfficerResetSecondFactor({ officer }: { officer: Pick<OfficerJson, 'officerId' | 'firstName' | 'lastName'> }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reset = useMutation({
    mutationFn: (body: { reason: string }) => dataProvider.api('POST', `/officers/${encodeURIComponent(String(officer.officerId))}/twoFactor/reset`, { body }),
    onSuccess: () => {
      notify(r.done, { type: 'info' });
      setOpen(false);
      setReason('');
    },
  });
  const name = [officer.firstName, officer.lastName].filter(Boolean).join(' ');
  const close = () => {
    if (reset.isPending) return;
    setOpen(false);
    reset.reset();
    setMissing(false);
  };
  const send = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    reset.mutate({ reason: reason.trim() });
  };
  return (
    <>
      <ActionButton label={r.action} icon={<PhonelinkEraseIcon />} onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={close} aria-labelledby="reset-second-factor-title" fullWidth maxWidth="sm">
        <DialogTitle id="reset-second-factor-title">{format(r.title, { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{r.explain}</DialogContentText>
          {reset.isError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {reset.error instanceof Error ? reset.error.message : String(reset.error)}
            </Alert>
          )}
          <TextField
            id="reset-second-factor-reason"
            label={r.reason}
            value={reason}
            onChange={(e) => setReason(e.target.value.slice(0, RESET_REASON_MAX))}
            required
            multiline
            minRows={2}
            fullWidth
            disabled={reset.isPending}
            error={missing}
            helperText={missing ? rc.validation.required : `${reason.length} / ${RESET_REASON_MAX}`}
            slotProps={{ htmlInput: { maxLength: RESET_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap' }}>
          <Button onClick={close} disabled={reset.isPending} sx={{ minHeight: 40 }}>
            {rc.app.cancel}
          </Button>
          <Button variant="contained" color="error" onClick={send} disabled={reset.isPending} sx={{ minHeight: 40 }}>
            {r.submit}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
