import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import { CreateBase, EditBase, Loading, useEditContext, useNotify } from 'react-admin';
import { useState, type ReactNode } from 'react';
import { rc } from '../../domain/messages';
import { can } from '../../domain/access';
import { COUNT_FIELDS } from '../../domain/tickets';
import { parseListQuery, toSearch } from './ticketQuery';
import { useServerNow, useTicketLookups, useViewer } from './useTicketLookups';
import { TicketForm } from './TicketForm';
import { toTicketInput, type TicketFormValues } from './ticketFormValues';

/**
 * Renders the form once the edited ticket has been read from the server. The list's cached copy
 * is not enough: the form would reset to the fresh record when it arrives and drop what the user
 * had already typed. Later refetches (after a save) keep the form.
 */
function WhenLoaded({ children }: { children: ReactNode }) {
  const { record, isPending, isFetching } = useEditContext();
  const [ready, setReady] = useState(false);
  if (!ready && record && !isPending && !isFetching) setReady(true);
  if (!ready) return <Loading />;
  return <>{children}</>;
}

/**
 * /TimeTicketEdit and /TimeTicketEdit/{paramId} (spec §2): adds or edits a ticket and returns to
 * /TimeTicketBrowse with the same query. Server refusals are shown with the server's message and
 * the form stays; a failed load alerts and goes to /.
 */
export function TicketEdit() {
  const { paramId } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const viewer = useViewer();
  const lookups = useTicketLookups();
  const serverNow = useServerNow();
  const listSearch = toSearch(parseListQuery(search));
  if (!viewer.actor) return <Loading />;
  const actor = viewer.actor;
  const withAudit = can(actor, 'ticket:audit-comment');
  const transform = (data: TicketFormValues) => toTicketInput(data, withAudit);
  const onSuccess = () => navigate(`/TimeTicketBrowse${listSearch}`);
  const onError = (error: Error) => notify(error.message, { type: 'error' });
  const form = <TicketForm actor={actor} today={viewer.today} now={serverNow} tz={viewer.tz} lookups={lookups} search={listSearch} />;
  const title = (
    <Typography variant="h5" component="h1" sx={{ px: { xs: 1, sm: 2 }, pt: 2 }}>
      {rc.tickets.editTitle}
    </Typography>
  );

  if (paramId) {
    return (
      <Box>
        {title}
        <EditBase
          resource="timeTickets"
          id={Number(paramId)}
          mutationMode="pessimistic"
          redirect={false}
          transform={transform}
          mutationOptions={{ onSuccess, onError }}
          queryOptions={{
            onError: (error: Error) => {
              notify(error.message, { type: 'error' });
              navigate('/');
            },
          }}
        >
          <WhenLoaded>{form}</WhenLoaded>
        </EditBase>
      </Box>
    );
  }

  const q = parseListQuery(search);
  const pickedOfficer = can(actor, 'ticket:pick-officer') && q.officerId ? Number(q.officerId) : actor.officerId;
  const defaults = {
    officer: { officerId: pickedOfficer },
    assignmentType: { assignmentTypeId: 0 },
    precinct: { precinctId: '' },
    event: { eventId: 0 },
    startDate: viewer.today,
    startTime: '',
    endDate: viewer.today,
    endTime: '',
    travelHours: 0,
    description: '',
    auditComments: '',
    ...Object.fromEntries(COUNT_FIELDS.map((c) => [c, 0])),
  };
  return (
    <Box>
      {title}
      <CreateBase resource="timeTickets" redirect={false} transform={transform} mutationOptions={{ onSuccess, onError }} record={defaults}>
        {form}
      </CreateBase>
    </Box>
  );
}
