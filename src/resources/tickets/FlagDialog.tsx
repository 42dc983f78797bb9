import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import { format, rc } from '../../domain/messages';
import { LIMITS } from '../../domain/constants';
import { flagBodySchema } from '../../domain/schemas/tickets';
import { zodFormErrors } from '../../common/zodFormErrors';

const m = rc.tickets;

/** What is wrong with a reason (trimmed): missing, or refused by the flagTicket body schema (ASCII, at most 5000 characters); null when fine. */
function reasonProblem(reason: string): string | null {
  if (!reason) return m.required;
  const errors = zodFormErrors(flagBodySchema, { auditComments: reason });
  return typeof errors.auditComments === 'string' ? errors.auditComments : null;
}

/**
 * The reason an auditor gives when he flags a ticket (spec §4 ticket flag, §8 EXPLANATION): its
 * 'Audit Comments', required, then the shared flagTicket body schema (ASCII, at most 5000 characters).
 * `onFlag(text)` sends the flag; the dialog stays open while it runs and after a refusal, so the
 * text is not lost. Cancel leaves the ticket unflagged.
 */
export function FlagDialog({ open, when, initial, busy, onFlag, onCancel }: {
  open: boolean;
  /** The ticket's 10-41 ('03/10/2026 08:00'), named in the title. */
  when: string;
  /** Audit comments the ticket already has (an earlier flag), offered again. */
  initial: string;
  busy: boolean;
  onFlag: (auditComments: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const reason = text.trim();
    const problem = reasonProblem(reason);
    setError(problem);
    if (!problem) onFlag(reason);
  };
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="flag-dialog-title">
      <DialogTitle id="flag-dialog-title">{format(m.flagDialogTitle, { when })}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label={m.fields.auditComments}
          value={text}
          onChange={(e) => setText(e.target.value)}
          required
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          error={!!error}
          helperText={error ?? m.flagDialogHelp}
          slotProps={{ htmlInput: { maxLength: LIMITS.AUDIT_COMMENTS } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} sx={{ minHeight: 40 }}>
          {rc.app.cancel}
        </Button>
        <Button onClick={submit} disabled={busy} variant="contained" color="error" startIcon={<FlagIcon />} sx={{ minHeight: 40 }}>
          {m.flagAction}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
