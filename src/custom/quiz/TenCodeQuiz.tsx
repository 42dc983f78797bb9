import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, TextField, Typography } from '@mui/material';
import { format, rc } from '../../domain/messages';
import { checkTenCode, pickTenCode, tenCodeLabel, type TenCode, type TenCodeOutcome } from '../../domain/tenCodes';

const q = rc.quiz;

/** What the quiz says about an answer (spec §5 ten-code quiz wording). */
export function outcomeMessage(outcome: TenCodeOutcome, item: TenCode): string {
  if (outcome === 'notNumeric') return q.notNumeric;
  const code = tenCodeLabel(item.code);
  return outcome === 'right' ? format(q.right, { code, phrase: item.phrase }) : format(q.wrong, { code });
}

const SEVERITY = { notNumeric: 'warning', wrong: 'error', right: 'success' } as const;

/**
 * The Ten Code Refresher (spec §2 Forms page, §4, §5): a dialog asking the code of one of the 43
 * phrases picked at random (`random`, Math.random by default). The answer is the number after
 * '10-' (shown before the field); Check (or Enter) says 'Code must be numeric. Try again!',
 * 'BZZZZT! Wrong! the correct answer is 10-…' or 'Good Job! …' (read out by screen readers);
 * Next Code asks another phrase; Close or Escape ends it.
 */
export function TenCodeQuiz({ open, onClose, random = Math.random }: { open: boolean; onClose: () => void; random?: () => number }) {
  const [item, setItem] = useState<TenCode>(() => pickTenCode(random));
  const [answer, setAnswer] = useState('');
  const [outcome, setOutcome] = useState<TenCodeOutcome | null>(null);
  const titleId = useId();
  const check = (e: FormEvent) => {
    e.preventDefault();
    setOutcome(checkTenCode(item, answer));
  };
  const next = () => {
    setItem(pickTenCode(random, item));
    setAnswer('');
    setOutcome(null);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={check} noValidate>
        <DialogTitle id={titleId}>{q.title}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>{format(q.question, { phrase: item.phrase })}</Typography>
          <TextField
            label={q.answer}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            autoFocus
            fullWidth
            autoComplete="off"
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 3 },
              input: { startAdornment: <InputAdornment position="start">10-</InputAdornment> },
            }}
          />
          <div role="status" aria-live="polite">
            {outcome && (
              <Alert severity={SEVERITY[outcome]} sx={{ mt: 2 }}>
                {outcomeMessage(outcome, item)}
              </Alert>
            )}
          </div>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant="contained" sx={{ minHeight: 40 }}>
            {q.check}
          </Button>
          <Button onClick={next} sx={{ minHeight: 40 }}>
            {q.next}
          </Button>
          <Button onClick={onClose} sx={{ minHeight: 40 }}>
            {q.close}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
