import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import { rc } from '../../domain/messages';
import { LIMITS } from '../../domain/constants';
import { ticketReviewSchema } from '../../domain/schemas/tickets';
import { zodFormErrors } from '../../common/zodFormErrors';

const m = rc.review;

/** What is wrong with a flag's reason (trimmed): missing, or refused by the review body schema (ASCII, at most 5000 characters); null when fine. */
function reasonProblem(reason: string): string | null {
  if (!reason) return m.reasonRequired;
  const errors = zodFormErrors(ticketReviewSchema, { ids: [1], decision: 'flag', reason });
  return typeof errors.reason === 'string' ? errors.reason : null;
}

/**
 * The reason an auditor gives once for a flag of one or many tickets of the queue: a labelled,
 * required multiline field ('Reason for the flag'), checked as the server checks it. `onFlag(text)`
 * sends the flag and rejects with the server's message, shown under the field; the dialog stays
 * open while it runs and after a refusal, so the text is not lost. Cancel (or Escape) flags nothing.
 */
export function ReasonDialog({ title, initial, onFlag, onCancel }: {
  /** Names what is flagged ('Flag the time ticket of 03/10/2026 08:00', 'Flag 3 time tickets'). */
  title: string;
  /** The text offered at first (the earlier reason of a corrected ticket), else ''. */
  initial: string;
  onFlag: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const reason = text.trim();
    const problem = reasonProblem(reason);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await onFlag(reason);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onCancel} fullWidth maxWidth="sm" aria-labelledby="review-flag-title">
      <DialogTitle id="review-flag-title">{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label={m.reasonLabel}
          value={text}
          onChange={(e) => setText(e.target.value)}
          required
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          error={!!error}
          helperText={error ?? m.reasonHelp}
          slotProps={{ htmlInput: { maxLength: LIMITS.AUDIT_COMMENTS } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} sx={{ minHeight: 40 }}>
          {rc.app.cancel}
        </Button>
        <Button onClick={() => void submit()} disabled={busy} variant="contained" color="error" startIcon={<FlagIcon />} sx={{ minHeight: 40 }}>
          {m.flag}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
