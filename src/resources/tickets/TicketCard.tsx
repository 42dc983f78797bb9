import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { rc } from '../../domain/messages';
import { officerListLabel } from '../../domain/officerLabel';
import { COUNT_FIELDS } from '../../domain/tickets';
import { LabeledValues, type LabeledValue } from '../../common/LabeledValues';
import { RowLink } from '../../common/RowLink';
import { hours, tourEnd, type TicketRecord } from './ticketRecord';
import { CardTitle } from '../../common/CardTitle';

const f = rc.tickets.fields;

/** Worked, travel and total hours, then every count above zero, as card lines. */
function figures(t: TicketRecord): LabeledValue[] {
  return [
    [f.worked, hours(t.hoursWorked)],
    [f.travel, hours(t.travelHours)],
    [f.total, hours(t.totalHours)],
    ...COUNT_FIELDS.filter((c) => t[c] > 0).map((c): LabeledValue => [f[c], t[c]]),
  ];
}

/**
 * A ticket on a phone (spec §2 figures that matter): its 10-41 as the card's title, the officer,
 * 10-42, category, worked/travel/total and the non-zero counts; under them `detail` (description
 * and flag block), then the auditor's Flagged box, Edit (while the ticket may be changed) and Remove.
 */
export function TicketCard({ ticket: t, editTo, flag, remove, detail }: {
  ticket: TicketRecord;
  /** The edit page of the ticket, or null when it may not be changed. */
  editTo: string | null;
  flag: ReactNode;
  remove: ReactNode;
  detail: ReactNode;
}) {
  const when = `${t.startDate} ${t.startTime}`;
  return (
    <>
      <CardTitle>
        {tourEnd(t.startDay, t.startDate, t.startTime)}
      </CardTitle>
      <LabeledValues
        dense
        items={[[f.officer, officerListLabel(t.officer)], [f.end, tourEnd(t.endDay, t.endDate, t.endTime)], [f.category, t.assignmentType.description], ...figures(t)]}
      />
      {detail}
      {(flag || editTo || remove) && (
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, mt: 0.5 }}>
          {flag && (
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              {flag}
              <Typography variant="body2">{f.flagged}</Typography>
            </Stack>
          )}
          {editTo && (
            <RowLink to={editTo} ariaLabel={`${rc.tickets.edit} ${when}`}>
              {rc.tickets.edit}
            </RowLink>
          )}
          {remove}
        </Stack>
      )}
    </>
  );
}

/** An officer's sums on a phone in summary mode: his name, assigned precinct, hours and counts above zero. */
export function TicketSummaryCard({ row }: { row: TicketRecord }) {
  return (
    <>
      <CardTitle>
        {officerListLabel(row.officer)}
      </CardTitle>
      <LabeledValues dense items={[[f.assignedPct, row.precinct.description], ...figures(row)]} />
    </>
  );
}
