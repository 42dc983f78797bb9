import { useMemo } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { FunctionField, ListContextProvider, TextField, useList, useTranslate } from 'react-admin';
import { rc } from '../../domain/messages';
import type { OutboxEntry } from '../../domain/offline';
import { ticketHours } from '../../domain/tickets';
import { LabeledValues } from '../../common/LabeledValues';
import { CardTitle } from '../../common/CardTitle';
import { useLookup, type Choice } from '../../common/lookups';
import { ResponsiveList } from '../../common/ResponsiveList';
import { OutboxActions } from './OutboxActions';
import { OutboxRefusal, OutboxStatusChip } from './OutboxStatus';
import { hours } from './ticketRecord';

const f = rc.tickets.fields;

/** An outbox entry as a record of the shared list: keyed by its idempotency key, with what it shows. */
interface OutboxRow {
  id: string;
  entry: OutboxEntry;
  start: string;
  end: string;
  worked: string;
  category: string;
  description: string;
}

const name = (rows: Choice[], id: number | undefined) => rows.find((r) => r.id === id)?.name ?? '';

/** What an entry shows besides its status: 10-41, 10-42, worked hours, category and description. */
function figures(e: OutboxEntry, tz: string, assignmentTypes: Choice[]): Omit<OutboxRow, 'id' | 'entry'> {
  const t = e.ticket;
  let worked = '';
  try {
    worked = hours(ticketHours(t.startDate ?? '', t.startTime ?? '', t.endDate ?? '', t.endTime ?? '', tz).hours);
  } catch {
    // a ticket the form let through always has valid times; nothing to show otherwise
  }
  return {
    start: `${t.startDate ?? ''} ${t.startTime ?? ''}`,
    end: `${t.endDate ?? ''} ${t.endTime ?? ''}`,
    worked,
    category: name(assignmentTypes, t.assignmentType?.assignmentTypeId),
    description: t.description ?? '',
  };
}

/**
 * The signed-in officer's tickets saved on this device and not yet accepted by the server, above
 * his own list (offline entry): a heading counting them ('2 tickets waiting to send'), then each
 * with its status ('Waiting to send', 'Sending…', or 'Not sent' and the server's message), its
 * 10-41, 10-42, worked hours, category and description, Edit and Discard, through the app's one
 * list body (ResponsiveList: a table at a desk, cards on a phone) over the entries as local
 * records (react-admin's useList). `entries` as useOutbox reads them, at least one;
 * `search` is the list's query, kept for the way back. TicketList mounts it through OutboxEntries
 * (OutboxEntriesPart.tsx), which downloads this code only when there is an entry to show.
 */
export function OutboxEntryList({ entries, tz, search }: { entries: OutboxEntry[]; tz: string; search: string }) {
  const translate = useTranslate();
  const assignmentTypes = useLookup('assignmentTypes');
  const rows = useMemo<OutboxRow[]>(
    () => entries.map((entry) => ({ id: entry.key, entry, ...figures(entry, tz, assignmentTypes) })),
    [entries, tz, assignmentTypes],
  );
  // the order saved, all on one page: they are the order they will be sent in
  const list = useList<OutboxRow>({ data: rows, perPage: Math.max(rows.length, 1) });
  const title = translate('rc.offline.outbox.count', { smart_count: rows.length });
  return (
    <Box component="section" aria-labelledby="outbox-heading" sx={{ my: 1 }}>
      <Typography id="outbox-heading" variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {title}
      </Typography>
      <ListContextProvider value={list}>
        <ResponsiveList<OutboxRow>
          label={title}
          sortFields={[]}
          card={(r) => (
            <>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
                <CardTitle>{r.start}</CardTitle>
                <OutboxStatusChip entry={r.entry} />
              </Stack>
              <OutboxRefusal entry={r.entry} />
              <LabeledValues dense items={[[f.end, r.end], [f.category, r.category], [f.worked, r.worked], [f.description, r.description]]} />
              <OutboxActions entry={r.entry} search={search} />
            </>
          )}
        >
          <FunctionField<OutboxRow>
            label={f.start}
            sortable={false}
            render={(r) => (
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <span>{r.start}</span>
                <OutboxStatusChip entry={r.entry} />
              </Stack>
            )}
          />
          <TextField source="end" label={f.end} sortable={false} />
          <TextField source="worked" label={f.worked} sortable={false} textAlign="right" />
          <TextField source="category" label={f.category} sortable={false} />
          <FunctionField<OutboxRow>
            label={f.description}
            sortable={false}
            render={(r) => (
              <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {r.description}
                <OutboxRefusal entry={r.entry} />
              </Box>
            )}
          />
          <FunctionField<OutboxRow> label={rc.offline.outbox.actions} sortable={false} render={(r) => <OutboxActions entry={r.entry} search={search} />} />
        </ResponsiveList>
      </ListContextProvider>
    </Box>
  );
}
