import { Box, Chip, Stack, Typography } from '@mui/material';
import { format, rc } from '../../domain/messages';
import { nonZeroCounts } from '../tickets/TicketDetail';
import type { QueueTicket } from './queueRecord';

const m = rc.review;

/**
 * One chip per reason the ticket needs attention (rc.review.reasons), its rule as the chip's
 * tooltip (rc.review.reasonHints); nothing when none applies.
 */
export function AttentionChips({ ticket }: { ticket: QueueTicket }) {
  if (!ticket.attention.length) return null;
  return (
    <Stack direction="row" component="ul" aria-label={m.needsAttention} sx={{ flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, my: 0.5 }}>
      {ticket.attention.map((reason) => (
        <li key={reason}>
          <Chip size="small" color="warning" variant="outlined" label={m.reasons[reason]} title={m.reasonHints[reason]} />
        </li>
      ))}
    </Stack>
  );
}

/**
 * A ticket its owner changed after a flag: 'Corrected' and the earlier reason, so the auditor
 * knows what he asked to be fixed. Nothing for a ticket that was never flagged.
 */
export function CorrectedMarker({ ticket }: { ticket: QueueTicket }) {
  if (ticket.reviewState !== 'corrected') return null;
  return (
    <Box sx={{ my: 0.5 }}>
      <Chip size="small" color="info" label={m.states.corrected} />
      {ticket.auditComments && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {format(m.earlierReason, { reason: ticket.auditComments })}
        </Typography>
      )}
    </Box>
  );
}

/** The ticket's description (wraps anywhere, keeps its line breaks) and its counts above zero. */
export function TicketText({ ticket }: { ticket: QueueTicket }) {
  const counts = nonZeroCounts(ticket);
  return (
    <>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {ticket.description}
      </Typography>
      {counts && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {counts}
        </Typography>
      )}
    </>
  );
}
