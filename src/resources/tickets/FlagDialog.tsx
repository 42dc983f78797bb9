import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import { rc } from '../../domain/messages';
import { LIMITS } from '../../domain/constants';
import { flagBodySchema } from '../../domain/schemas/tickets';
import { zodFormErrors } from '../../common/zodFormErrors';

/** The words of the dialog: the field's label, the help under it, the message when it is blank, the button. */
export interface FlagWording {
  label: string;
  help: string;
  required: string;
  action: string;
}

/** The ticket list's wording (spec §2: the reason is the ticket's Audit Comments). */
export const TICKET_FLAG_WORDING: FlagWording = {
  label: rc.tickets.fields.auditComments,
  help: rc.tickets.flagDialogHelp,
  required: rc.tickets.required,
  action: rc.tickets.flagAction,
};

/** What is wrong with a reason (trimmed): missing, or refused by the flag body schema (ASCII, at most 5000 characters); null when fine. */
function reasonProblem(reason: string, required: string): string | null {
  if (!reason) return required;
  const errors = zodFormErrors(flagBodySchema, { auditComments: reason });
  return typeof errors.auditComments === 'string' ? errors.auditComments : null;
}

/**
 * The reason an auditor gives when he flags one ticket or many (spec §4 ticket flag, §8
 * EXPLANATION): a labelled, required multiline field checked by the server's own rule (ASCII, at
 * most 5000 characters). `onFlag(text)` sends the flag; while its promise runs the buttons wait,
 * and a rejection shows its message under the field, so the text is never lost. The dialog stays
 * open until the caller closes it; Cancel (or Escape) flags nothing.
 */
export function FlagDialog({ title, initial, wording = TICKET_FLAG_WORDING, busy = false, onFlag, onCancel }: {
  /** Names what is flagged ('Flag the ticket of 03/10/2026 08:00', 'Flag 3 time tickets'). */
  title: string;
  /** The reason offered at first (an earlier flag's), else ''. */
  initial: string;
  wording?: FlagWording;
  /** True while the caller is sending the flag itself. */
  busy?: boolean;
  onFlag: (reason: string) => void | Promise<void>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const waiting = busy || sending;
  const submit = async () => {
    const reason = text.trim();
    const problem = reasonProblem(reason, wording.required);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      await onFlag(reason);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open onClose={waiting ? undefined : onCancel} fullWidth maxWidth="sm" aria-labelledby="flag-dialog-title">
      <DialogTitle id="flag-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label={wording.label}
          value={text}
          onChange={(e) => setText(e.target.value)}
          required
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          error={!!error}
          helperText={error ?? wording.help}
          slotProps={{ htmlInput: { maxLength: LIMITS.AUDIT_COMMENTS } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={waiting} sx={{ minHeight: 40 }}>
          {rc.app.cancel}
        </Button>
        <Button onClick={() => void submit()} disabled={waiting} variant="contained" color="error" startIcon={<FlagIcon />} sx={{ minHeight: 40 }}>
          {wording.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
