import { useId, useState } from 'react';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { zodFormErrors } from '../../common/zodFormErrors';
import { useActor } from '../../common/useActor';
import { fromInstant } from '../../domain/dates';
import { format, rc } from '../../domain/messages';
import { LOSAP_COMMENT_MAX, type AttestationStatus } from '../../domain/losapYearEnd';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { LOSAP_KEY } from './losapQueries';

const y = rc.losap.yearEnd;

/** The react-admin list of the year's review (getList('losapReview'): GET /api/losap/review). */
export const LOSAP_REVIEW = 'losapReview';

/** An instant (ISO, UTC) as the organisation's date (MM/DD/YYYY in ORG_TIMEZONE); '' for none. */
export function useOrgDate(): (instant: string | null) => string {
  const { tz } = useActor();
  return (instant) => (instant ? fromInstant(instant, tz).date : '');
}

/** An attestation status in the catalog's words ('Attested 02/03/2027', 'Disputed', …). */
export function statusText(status: AttestationStatus, attestedDate: string): string {
  return format(y.statuses[status], { date: attestedDate });
}

const CHIP_COLOR: Record<AttestationStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  none: 'default',
  attested: 'success',
  changed: 'warning',
  disputed: 'error',
  resolved: 'info',
};

/** An officer's attestation status as a chip (colour and words; the words carry the meaning). */
export function AttestationChip({ status, attestedAt }: { status: AttestationStatus; attestedAt: string | null }) {
  const date = useOrgDate();
  return <Chip size="small" variant="outlined" color={CHIP_COLOR[status]} label={statusText(status, date(attestedAt))} sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }} />;
}

/**
 * One year-end step sent to the server (POST `path` with `body`): on success every LOSAP answer
 * and the review list are asked again (react-query is the only cache) and `done(answer)` tells
 * the user; a refusal shows the server's message (the catalog's words) as a notification and
 * rejects, so a dialog keeps its text.
 */
export function useYearEndStep<T>(path: string, done: (answer: T) => string) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: unknown) => dataProvider.api<T>('POST', path, { body }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: LOSAP_KEY });
      void queryClient.invalidateQueries({ queryKey: [LOSAP_REVIEW] });
      notify(done(answer), { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
}

/**
 * A dialog asking for a required comment (a dispute, a dispute's resolution, a reopening's
 * reason): a labelled multiline field checked by the route's own body schema (`schema` over
 * `body(text)`, the message of `field` shown under it) before anything is sent. `onSend(body)`
 * sends it; while it runs the buttons wait; a refusal keeps the dialog and its text. Cancel
 * (or Escape) sends nothing.
 */
export function CommentDialog<B>({ title, intro, label, action, schema, body, field, onSend, onCancel }: {
  title: string;
  /** A sentence above the field (what the step does). */
  intro?: string;
  label: string;
  action: string;
  schema: z.ZodType;
  body: (text: string) => B;
  /** The body's field the text goes to ('comment' | 'reason'). */
  field: string;
  onSend: (body: B) => Promise<unknown>;
  onCancel: () => void;
}) {
  const titleId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async () => {
    const problem = zodFormErrors(schema, body(text))[field];
    setError(typeof problem === 'string' ? problem : null);
    if (problem) return;
    setSending(true);
    try {
      await onSend(body(text.trim()));
    } catch {
      // the refusal is notified; the dialog stays with the text
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open onClose={sending ? undefined : onCancel} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {intro && <p>{intro}</p>}
        <TextField
          autoFocus
          label={label}
          value={text}
          onChange={(e) => setText(e.target.value)}
          required
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          error={!!error}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: LOSAP_COMMENT_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={sending} sx={{ minHeight: 40 }}>
          {y.actions.cancel}
        </Button>
        <Button onClick={() => void submit()} disabled={sending} variant="contained" sx={{ minHeight: 40 }}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
