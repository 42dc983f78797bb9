import { Button, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import FlagIcon from '@mui/icons-material/Flag';
import { useListContext } from 'react-admin';
import { rc } from '../../domain/messages';
import { startOf, type QueueTicket } from './queueRecord';

const m = rc.review;

/** What a decision button does with the tickets it is for. */
export interface Decide {
  accept: (tickets: QueueTicket[]) => void;
  /** Opens the reason dialog for the tickets. */
  flag: (tickets: QueueTicket[]) => void;
}

const buttonSx = { minHeight: 40, whiteSpace: 'nowrap' } as const;

/**
 * Accept and Flag for one ticket (a row at a desk, a card on a phone), named with its 10-41 for
 * assistive technology ('Accept 03/10/2026 08:00'). `wide`: side by side sharing a card's width;
 * else one above the other, so the desk table's last column stays narrow.
 */
export function TicketActions({ ticket, decide, wide }: { ticket: QueueTicket; decide: Decide; wide?: boolean }) {
  const when = startOf(ticket);
  return (
    <Stack direction={wide ? 'row' : 'column'} sx={{ gap: 1, ...(wide ? { mt: 1, flexWrap: 'wrap', '& > *': { flex: 1 } } : {}) }}>
      <Button size="small" variant="outlined" color="success" startIcon={<CheckIcon />} sx={buttonSx} aria-label={`${m.accept} ${when}`} onClick={() => decide.accept([ticket])}>
        {m.accept}
      </Button>
      <Button size="small" variant="outlined" color="error" startIcon={<FlagIcon />} sx={buttonSx} aria-label={`${m.flag} ${when}`} onClick={() => decide.flag([ticket])}>
        {m.flag}
      </Button>
    </Stack>
  );
}

/**
 * The bulk actions of the desk table (shown while tickets are selected): 'Accept selected' and
 * 'Flag selected', one decision and one request for all the selected tickets shown.
 */
export function BulkActions({ decide }: { decide: Decide }) {
  const { data, selectedIds } = useListContext<QueueTicket>();
  const selected = () => (data ?? []).filter((t) => selectedIds.includes(t.id));
  return (
    <Stack direction="row" sx={{ gap: 1 }}>
      <Button size="small" color="success" startIcon={<CheckIcon />} sx={buttonSx} onClick={() => decide.accept(selected())}>
        {m.acceptSelected}
      </Button>
      <Button size="small" color="error" startIcon={<FlagIcon />} sx={buttonSx} onClick={() => decide.flag(selected())}>
        {m.flagSelected}
      </Button>
    </Stack>
  );
}
