import { Alert, CardContent } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Toolbar } from 'react-admin';
import { format, rc } from '../../domain/messages';
import { officerListLabel } from '../../domain/officerLabel';
import { COUNT_FIELDS, type ContactOfficer } from '../../domain/tickets';
import { LabeledValues, type LabeledValue } from '../../common/LabeledValues';
import { FlagBlock } from './TicketDetail';
import { hours, tourEnd, type TicketRecord } from './ticketRecord';
import { ActionButton } from '../../common/ActionButton';

const m = rc.tickets;
const f = m.fields;

/**
 * A ticket its viewer may read but not change (spec §4, §6): another officer's ticket below level
 * 9, a locked ticket, or one outside the edit window. Says why, shows every field, the description
 * and the flag block (the owner's advice only to the owner), and offers Back, never Save.
 */
export function TicketReadOnly({ ticket: t, reason, owner, contacts, backTo }: {
  ticket: TicketRecord;
  /** Why it may not be changed (whyReadOnly). */
  reason: string;
  owner: boolean;
  contacts: ContactOfficer[];
  backTo: string;
}) {
  const flagged = t.flaggedBy.officerId > 0;
  const items: LabeledValue[] = [
    [f.officer, officerListLabel(t.officer)],
    [f.assignmentType, t.assignmentType.description],
    [f.event, t.event.eventName],
    [f.precinct, t.precinct.description],
    [f.start, tourEnd(t.startDay, t.startDate, t.startTime)],
    [f.end, tourEnd(t.endDay, t.endDate, t.endTime)],
    [f.worked, hours(t.hoursWorked)],
    [f.travel, hours(t.travelHours)],
    [f.total, hours(t.totalHours)],
    ...COUNT_FIELDS.filter((c) => t[c] > 0).map((c): LabeledValue => [f[c], t[c]]),
    [f.description, t.description && <span style={{ whiteSpace: 'pre-wrap' }}>{t.description}</span>],
    [f.auditComments, flagged ? '' : t.auditComments],
  ];
  return (
    <>
      <CardContent>
        <Alert severity="info" role="status" sx={{ mb: 1 }}>
          {format(m.readOnlyNotice, { reason })}
        </Alert>
        <LabeledValues items={items} />
        {flagged && <FlagBlock ticket={t} contacts={contacts} windowOpen={false} owner={owner} />}
      </CardContent>
      <Toolbar sx={{ gap: 1 }}>
        <ActionButton label={rc.app.back} icon={<ArrowBackIcon />} to={backTo} />
      </Toolbar>
    </>
  );
}
