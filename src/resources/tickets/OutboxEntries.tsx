import { Box, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { rc } from '../../domain/messages';
import type { OutboxEntry } from '../../domain/offline';
import { ticketHours } from '../../domain/tickets';
import { LabeledValues } from '../../common/LabeledValues';
import { CardTitle } from '../../common/CardTitle';
import { useLookup, type Choice } from '../../common/lookups';
import { useIsPhone } from '../../common/useIsPhone';
import { useOutbox } from '../../offline/useOutbox';
import { OutboxActions } from './OutboxActions';
import { OutboxRefusal, OutboxStatusChip } from './OutboxStatus';
import { hours } from './ticketRecord';

const f = rc.tickets.fields;

/** What an entry shows besides its status: 10-41, 10-42, worked hours, category and description. */
function useFigures(tz: string) {
  const assignmentTypes = useLookup('assignmentTypes');
  const name = (rows: Choice[], id: number | undefined) => rows.find((r) => r.id === id)?.name ?? '';
  return (e: OutboxEntry) => {
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
  };
}

/**
 * The signed-in officer's tickets saved on this device and not yet accepted by the server, above
 * his own list (offline entry): a heading counting them ('2 tickets waiting to send'), then each
 * with its status ('Waiting to send', 'Sending…', or 'Not sent' and the server's message), its
 * 10-41, 10-42, worked hours, category and description, Edit and Discard. A table at a desk,
 * cards on a phone. Nothing when there are none. `search` is the list's query, kept for the way back.
 */
export function OutboxEntries({ officerId, tz, search }: { officerId: number; tz: string; search: string }) {
  const entries = useOutbox(officerId);
  const translate = useTranslate();
  const phone = useIsPhone();
  const figures = useFigures(tz);
  if (!entries?.length) return null;
  const title = translate('rc.offline.outbox.count', { smart_count: entries.length });
  return (
    <Box component="section" aria-labelledby="outbox-heading" sx={{ my: 1 }}>
      <Typography id="outbox-heading" variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {title}
      </Typography>
      {phone ? (
        <Box component="ul" aria-label={title} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {entries.map((e) => {
            const x = figures(e);
            return (
              <Card component="li" key={e.key} variant="outlined" sx={{ borderStyle: 'dashed' }}>
                <CardContent sx={{ p: 1.5 }}>
                  <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
                    <CardTitle>{x.start}</CardTitle>
                    <OutboxStatusChip entry={e} />
                  </Stack>
                  <OutboxRefusal entry={e} />
                  <LabeledValues dense items={[[f.end, x.end], [f.category, x.category], [f.worked, x.worked], [f.description, x.description]]} />
                  <OutboxActions entry={e} search={search} />
                </CardContent>
              </Card>
            );
          })}
        </Box>
      ) : (
        <Table size="small" aria-labelledby="outbox-heading" sx={{ '& tbody tr': { borderStyle: 'dashed' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{f.start}</TableCell>
              <TableCell>{f.end}</TableCell>
              <TableCell align="right">{f.worked}</TableCell>
              <TableCell>{f.category}</TableCell>
              <TableCell>{f.description}</TableCell>
              <TableCell>{rc.offline.outbox.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((e) => {
              const x = figures(e);
              return (
                <TableRow key={e.key}>
                  <TableCell>
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <span>{x.start}</span>
                      <OutboxStatusChip entry={e} />
                    </Stack>
                  </TableCell>
                  <TableCell>{x.end}</TableCell>
                  <TableCell align="right">{x.worked}</TableCell>
                  <TableCell>{x.category}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {x.description}
                    <OutboxRefusal entry={e} />
                  </TableCell>
                  <TableCell>
                    <OutboxActions entry={e} search={search} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
