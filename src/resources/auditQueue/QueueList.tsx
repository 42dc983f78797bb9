import { Children, createContext, isValidElement, useContext } from 'react';
import { Box, Checkbox, TableCell, TableRow, Typography } from '@mui/material';
import { DatagridBody, DatagridCell, FunctionField, type DatagridField, type DatagridRowProps, type Identifier, useRecordContext } from 'react-admin';
import { format, rc } from '../../domain/messages';
import { officerListLabel } from '../../domain/officerLabel';
import { CardTitle } from '../../common/CardTitle';
import { LabeledValues } from '../../common/LabeledValues';
import { ResponsiveList } from '../../common/ResponsiveList';
import { stripedRows } from '../../common/listStyles';
import { AttentionChips, CorrectedMarker, TicketText } from './QueueParts';
import { BulkActions, TicketActions, type Decide } from './QueueActions';
import { endOf, hoursText, startOf, type QueueTicket } from './queueRecord';

const m = rc.review;
const f = rc.tickets.fields;

/** The ticket the keys act on (j/k move it), for its row or card to show and take focus. */
const CurrentContext = createContext<Identifier | undefined>(undefined);

/** The attribute that finds a ticket's row or card in the page (focus and scrolling of the current one). */
export const QUEUE_ID_ATTRIBUTE = 'data-queue-id';

/**
 * A row of the desk table: its own selection box, named with the ticket's 10-41 ('Select
 * 03/10/2026 08:00'; react-admin's reads 'Select this row' on every row and labels the box's
 * wrapper rather than its input), then the columns. It can take focus (tabIndex -1, for j/k)
 * and shows when it is the current one.
 */
function QueueRow({ id, children, className, selected, onToggleItem, sx }: DatagridRowProps) {
  const current = useContext(CurrentContext) === id;
  const ticket = useRecordContext<QueueTicket>();
  if (!ticket || id === undefined) return null;
  return (
    <TableRow
      tabIndex={-1}
      {...{ [QUEUE_ID_ATTRIBUTE]: id }}
      aria-current={current ? 'true' : undefined}
      className={`${className ?? ''}${current ? ' queue-current' : ''}`}
      selected={selected}
      sx={sx}
    >
      <TableCell padding="checkbox">
        <Checkbox
          checked={!!selected}
          onClick={(event) => onToggleItem?.(id, event)}
          slotProps={{ input: { 'aria-label': format(m.selectTicket, { when: startOf(ticket) }) } }}
        />
      </TableCell>
      {Children.map(children, (field) => (isValidElement(field) ? <DatagridCell field={field as DatagridField} record={ticket} className="RaDatagrid-rowCell" /> : null))}
    </TableRow>
  );
}

/** The current row or card: outlined in the theme's primary colour, tinted, never only by colour (a thick left bar). */
const currentSx = { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2, boxShadow: (t: { palette: { primary: { main: string } } }) => `inset 6px 0 0 ${t.palette.primary.main}` } as const;

const tableSx = {
  ...stripedRows,
  '& tr.queue-current': { ...currentSx, backgroundColor: 'action.selected' },
  '& tr:focus': { outline: 'none' },
  '& tr.queue-current:focus': currentSx,
  '& .RaDatagrid-rowCell': { px: 1, verticalAlign: 'top' },
} as const;

/** A ticket's card on a phone: its 10-41 as title, reasons, figures, description and the two decisions. */
function QueueCard({ ticket: t, decide }: { ticket: QueueTicket; decide: Decide }) {
  const current = useContext(CurrentContext) === t.id;
  return (
    <Box tabIndex={-1} {...{ [QUEUE_ID_ATTRIBUTE]: t.id }} aria-current={current ? 'true' : undefined} sx={current ? { ...currentSx, p: 0.5, m: -0.5 } : { outline: 'none' }}>
      <CardTitle>{`${t.startDay} ${t.startDate} ${t.startTime}`}</CardTitle>
      <AttentionChips ticket={t} />
      <LabeledValues
        dense
        items={[
          [f.officer, officerListLabel(t.officer)],
          [f.end, endOf(t)],
          [f.assignmentType, t.assignmentType.description],
          [f.precinct, t.precinct.description],
          [f.event, t.event.eventId ? t.event.eventName : ''],
          [f.worked, hoursText(t.hoursWorked)],
        ]}
      />
      <TicketText ticket={t} />
      <CorrectedMarker ticket={t} />
      <TicketActions ticket={t} decide={decide} wide />
    </Box>
  );
}

/**
 * The tickets of the auditors' queue in the surrounding list context (the tickets still waiting,
 * oldest 10-41 first): at a desk a table with a selection box per row, Officer, Date, 10-41,
 * 10-42, Assignment Type (and the event), Precinct, Worked, the description with the counts above
 * zero, the Corrected marker and the attention chips, and Accept / Flag; 'Accept selected' and
 * 'Flag selected' while rows are selected. On a phone (below 900 px) a card per ticket with Accept
 * and Flag. `current` is the ticket the keys act on.
 */
export function QueueList({ current, decide }: { current: Identifier | undefined; decide: Decide }) {
  return (
    <CurrentContext.Provider value={current}>
      <ResponsiveList<QueueTicket>
        label={m.title}
        cardsBelow="md"
        sortFields={[]}
        empty={<Typography sx={{ my: 2 }}>{m.empty}</Typography>}
        card={(t) => <QueueCard ticket={t} decide={decide} />}
        datagrid={{ body: <DatagridBody row={<QueueRow />} />, bulkActionButtons: <BulkActions decide={decide} />, sx: tableSx, hover: false }}
      >
        <FunctionField<QueueTicket> label={f.officer} sortable={false} render={(t) => officerListLabel(t.officer)} />
        <FunctionField<QueueTicket> label={m.date} sortable={false} render={(t) => <span style={{ whiteSpace: 'nowrap' }}>{`${t.startDay} ${t.startDate}`}</span>} />
        <FunctionField<QueueTicket> label={f.start} sortable={false} render={(t) => t.startTime} />
        <FunctionField<QueueTicket> label={f.end} sortable={false} render={endOf} />
        <FunctionField<QueueTicket>
          label={f.assignmentType}
          sortable={false}
          render={(t) => (
            <>
              {t.assignmentType.description}
              {t.event.eventId > 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t.event.eventName}
                </Typography>
              )}
            </>
          )}
        />
        <FunctionField<QueueTicket> label={f.precinct} sortable={false} render={(t) => t.precinct.description} />
        <FunctionField<QueueTicket> label={f.worked} sortable={false} textAlign="right" render={(t) => hoursText(t.hoursWorked)} />
        <FunctionField<QueueTicket>
          label={f.description}
          sortable={false}
          render={(t) => (
            <Box sx={{ minWidth: 160 }}>
              <AttentionChips ticket={t} />
              <TicketText ticket={t} />
              <CorrectedMarker ticket={t} />
            </Box>
          )}
        />
        <FunctionField<QueueTicket> label={m.decision} sortable={false} render={(t) => <TicketActions ticket={t} decide={decide} />} />
      </ResponsiveList>
    </CurrentContext.Provider>
  );
}
