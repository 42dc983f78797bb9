import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ListBase, ListContextProvider, useListContext, type Identifier } from 'react-admin';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { format, rc } from '../../domain/messages';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { ListPage } from '../../common/ListPage';
import { RequirePermission } from '../../common/NotPermitted';
import { useIsPhone } from '../../common/useIsPhone';
import { QueueFilters } from './QueueFilters';
import { QUEUE_ID_ATTRIBUTE, QueueList } from './QueueList';
import { FlagDialog, type FlagWording } from '../tickets/FlagDialog';
import type { Decide } from './QueueActions';
import { useQueueKeys } from './useQueueKeys';
import { useReview } from './useReview';
import { startOf, type QueueTicket } from './queueRecord';

const m = rc.review;

/** The queue's words for the flag's reason, given once for every ticket flagged. */
const QUEUE_FLAG_WORDING: FlagWording = { label: m.reasonLabel, help: m.reasonHelp, required: m.reasonRequired, action: m.flag };

/**
 * /AuditQueue (level 10, the auditors): the time tickets waiting for review (unreviewed, or
 * corrected by their owner after a flag), oldest 10-41 first, GET /api/timeTickets/getQueue.
 * Filters: period, precinct, officer, assignment type, event, needs attention only. Each ticket
 * shows why it needs attention. Accept (undoable for a few seconds: the request goes when the
 * notification closes) or Flag (asks the reason once) one ticket or the selected ones; decided
 * tickets leave the list. Keys at a desk: j / k move, x selects, a accepts, f flags.
 */
export function AuditQueue() {
  return (
    <RequirePermission action="ticket:flag">
      <ListBase<QueueTicket> resource="ticketQueue" sort={{ field: 'startDate', order: 'ASC' }} perPage={DEFAULT_PAGE_SIZE} disableSyncWithLocation storeKey={false}>
        <QueuePage />
      </ListBase>
    </RequirePermission>
  );
}

/**
 * The filters on a phone: folded under 'Filters' (open while one is set), so the first tickets
 * show on the first screen. The form stays mounted while folded, keeping its values.
 */
function FoldedFilters() {
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(() => Object.values(filterValues ?? {}).some((v) => v !== '' && v !== undefined && v !== null));
  return (
    <Accordion expanded={open} onChange={(_e, next) => setOpen(next)} disableGutters variant="outlined" sx={{ my: 1 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="queue-filters" id="queue-filters-summary">
        {m.filtersTitle}
      </AccordionSummary>
      <AccordionDetails id="queue-filters">
        <QueueFilters />
      </AccordionDetails>
    </Accordion>
  );
}

function QueuePage() {
  const list = useListContext<QueueTicket>();
  const { data, isFetching, selectedIds, onSelect, onToggleItem } = list;
  const review = useReview();
  const { isDecided, prune } = review;
  const phone = useIsPhone('md');
  const [current, setCurrent] = useState(-1);
  const [flagging, setFlagging] = useState<QueueTicket[] | null>(null);
  const page = useRef<HTMLDivElement>(null);

  const visible = useMemo(() => data?.filter((t) => !isDecided(t.id)), [data, isDecided]);
  const shown = visible ?? [];
  const index = shown.length ? Math.min(current, shown.length - 1) : -1;
  const currentTicket = index >= 0 ? shown[index] : undefined;

  // a fresh answer of the queue no longer holds the tickets decided earlier: forget them
  useEffect(() => {
    if (data && !isFetching) prune(data.map((t) => t.id));
  }, [data, isFetching, prune]);

  // the current ticket takes the focus and scrolls into view (after j / k, or when a decided one leaves)
  const currentId = currentTicket?.id;
  useEffect(() => {
    if (currentId === undefined) return;
    const el = page.current?.querySelector<HTMLElement>(`[${QUEUE_ID_ATTRIBUTE}="${currentId}"]`);
    el?.focus({ preventScroll: true });
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [currentId]);

  /** Drops decided tickets from the selection. */
  const unselect = useCallback((ids: Identifier[]) => onSelect(selectedIds.filter((id) => !ids.includes(id))), [onSelect, selectedIds]);

  const decide: Decide = {
    accept: (tickets) => {
      const ids = tickets.map((t) => t.id);
      if (!ids.length) return;
      unselect(ids);
      review.accept(ids);
    },
    flag: (tickets) => {
      if (tickets.length) setFlagging(tickets);
    },
  };

  /** The selected tickets still shown, else the current one. */
  const targets = (): QueueTicket[] => {
    const selected = shown.filter((t) => selectedIds.includes(t.id));
    if (selected.length) return selected;
    return currentTicket ? [currentTicket] : [];
  };

  useQueueKeys(
    {
      move: (step) => setCurrent(Math.max(0, Math.min(shown.length - 1, index + step))),
      toggle: () => currentTicket && onToggleItem(currentTicket.id),
      accept: () => decide.accept(targets()),
      flag: () => decide.flag(targets()),
    },
    flagging !== null,
  );

  const flagTitle = flagging?.length === 1 ? format(m.flagOneTitle, { when: startOf(flagging[0]) }) : format(m.flagManyTitle, { count: flagging?.length ?? 0 });
  const onlyCorrected = flagging?.length === 1 && flagging[0].reviewState === 'corrected' ? flagging[0].auditComments : '';

  return (
    <Box ref={page} sx={{ minWidth: 0 }}>
      <ListPage
        title={m.title}
        notice={
          phone ? (
            <FoldedFilters />
          ) : (
            <>
              <QueueFilters />
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {m.keyboardHelp}
              </Typography>
            </>
          )
        }
      >
        <ListContextProvider value={{ ...list, data: visible } as typeof list}>
          <QueueList current={currentTicket?.id} decide={decide} />
        </ListContextProvider>
      </ListPage>
      {flagging && (
        <FlagDialog
          title={flagTitle}
          wording={QUEUE_FLAG_WORDING}
          initial={onlyCorrected}
          onCancel={() => setFlagging(null)}
          onFlag={async (reason) => {
            const ids = flagging.map((t) => t.id);
            await review.flag(ids, reason);
            unselect(ids);
            setFlagging(null);
          }}
        />
      )}
    </Box>
  );
}
