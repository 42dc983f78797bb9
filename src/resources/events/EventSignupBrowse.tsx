import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Button,
  Confirm,
  Datagrid,
  DeleteWithConfirmButton,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  useDataProvider,
  useGetIdentity,
  useGetOne,
  useNotify,
  usePermissions,
  useRefresh,
} from 'react-admin';
import { Alert } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { RollCallPagination } from '../../custom/list/RollCallPagination';
import { stripedRows } from '../../custom/list/stripedRows';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { can } from '../../domain/access';
import { format, rc } from '../../domain/messages';
import { officerCode, officerListLabel } from '../../domain/officerLabel';
import type { EventJson } from '../../domain/schemas/events';
import type { SignupJson } from '../../domain/schemas/signups';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { EventHeader } from './EventHeader';
import { eventFilterFromSearch, eventQueryString } from './eventQuery';
import { plainEventName } from './SafeHtml';

const f = rc.events.fields;
const s = rc.events.signup;
type Row = SignupJson & { id: string };

/**
 * /EventSignupBrowse?eventId&{event filters} (spec §2 roster): the event header and its roster
 * (officer id 'A0001', last name, first name, mobile). 'Sign Up' asks for confirmation first and
 * shows 'This roster is full!' or the overlap message on refusal; Sign Up and Back are hidden at
 * level 3; 'Remove from roster' at level 5+.
 */
export function EventSignupBrowse() {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { permissions } = usePermissions<number>();
  const { identity } = useGetIdentity();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const eventId = Number(new URLSearchParams(location.search).get('eventId')) || 0;
  const backTo = `/EventBrowse${eventQueryString(eventFilterFromSearch(location.search))}`;
  const { data: event, error, refetch } = useGetOne<EventJson & { id: number }>('events', { id: eventId }, { enabled: eventId > 0 });
  const actor = typeof permissions === 'number' && identity ? { officerId: Number(identity.id), accessLevel: permissions } : null;
  const canSignUp = can(actor, 'signup:create', actor ? { officerId: actor.officerId } : undefined);
  const canRemove = can(actor, 'signup:delete');

  if (!eventId) return <Alert severity="error">{rc.events.errors.eventNotFound}</Alert>;
  if (error) return <Alert severity="error">{error.message}</Alert>;

  const signUp = async () => {
    setConfirming(false);
    if (!actor) return;
    setBusy(true);
    try {
      await dataProvider.api('POST', '/signup/insert', { body: { event: { eventId }, officer: { officerId: actor.officerId } } });
      notify(s.signedUp, { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
      void refetch();
    }
  };

  return (
    <>
      {event && <EventHeader event={event} />}
      <List
        resource="signup"
        title={rc.events.titles.roster}
        filter={{ eventId }}
        disableSyncWithLocation
        storeKey={false}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<RollCallPagination />}
        sort={{ field: 'officer.lastName', order: 'ASC' }}
        empty={false}
        actions={
          <TopToolbar>
            {canSignUp && (
              <Button label={s.signUp} onClick={() => setConfirming(true)} disabled={busy} variant="contained">
                <HowToRegIcon />
              </Button>
            )}
            {canSignUp && (
              <Button label={rc.app.back} onClick={() => navigate(backTo)}>
                <ArrowBackIcon />
              </Button>
            )}
          </TopToolbar>
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false} sx={stripedRows} empty={<Alert severity="info">{s.empty}</Alert>}>
          <FunctionField<Row> label={f.officerId} sortBy="officer.officerId" render={(r) => officerCode(r.officer.officerId)} />
          <TextField label={f.lastName} source="officer.lastName" />
          <TextField label={f.firstName} source="officer.firstName" />
          <TextField label={f.mobile} source="officer.mobile" />
          {canRemove && (
            <FunctionField<Row>
              label={rc.app.remove}
              sortable={false}
              render={(r) => (
                <DeleteWithConfirmButton
                  label={s.removeFromRoster}
                  redirect={false}
                  mutationMode="pessimistic"
                  confirmTitle={rc.app.confirmDelete}
                  confirmContent={format(s.confirmRemove, { officer: officerListLabel(r.officer) })}
                  mutationOptions={{ onSuccess: () => void refetch() }}
                />
              )}
            />
          )}
        </Datagrid>
      </List>
      <Confirm
        isOpen={confirming}
        title={s.confirmTitle}
        content={format(s.confirm, { name: plainEventName(event?.eventName) })}
        onConfirm={signUp}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
