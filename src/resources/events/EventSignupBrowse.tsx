import { useEffect, useRef, useState } from 'react';
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
  useGetList,
  useGetOne,
  useNotify,
  usePermissions,
  useRefresh,
} from 'react-admin';
import { Alert, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { RollCallPagination } from '../../common/RollCallPagination';
import { stripedRows } from '../../common/listStyles';
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
import { useAppConfig } from '../../providers/appConfig';
import { toInstant } from '../../domain/dates';

const f = rc.events.fields;
const s = rc.events.signup;
type Row = SignupJson & { id: string };

/**
 * /EventSignupBrowse?eventId&{event filters} (spec §2 roster): the event header and its roster
 * (officer id 'A0001', last name, first name, mobile). 'Sign Up' asks for confirmation first and
 * shows 'This roster is full!' or the overlap message on refusal; Sign Up and Back are hidden at
 * level 3. Sign Up is disabled, with a short note, once the event has started (its start in
 * ORG_TIMEZONE is at or before now; the server refuses self sign-up then too) and when the user
 * is already on the roster. 'Remove from roster' at level 5+, not offered for an officer who
 * logged a time ticket for the event (row hasChildren 'Y'; the server refuses it too).
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
  // Sign Up is disabled while the call runs, which drops keyboard focus; afterwards it goes to the
  // note ('You are signed up for this event.') or, after a refusal, back to Sign Up
  const [refocus, setRefocus] = useState(false);
  const noteRef = useRef<HTMLElement>(null);
  const signUpRef = useRef<HTMLButtonElement>(null);
  const eventId = Number(new URLSearchParams(location.search).get('eventId')) || 0;
  const backTo = `/EventBrowse${eventQueryString(eventFilterFromSearch(location.search))}`;
  const { data: event, error, refetch } = useGetOne<EventJson & { id: number }>('events', { id: eventId }, { enabled: eventId > 0 });
  const actor = typeof permissions === 'number' && identity ? { officerId: Number(identity.id), accessLevel: permissions } : null;
  const canSignUp = can(actor, 'signup:create', actor ? { officerId: actor.officerId } : undefined);
  const canRemove = can(actor, 'signup:delete');
  const { orgTimezone } = useAppConfig();
  const { data: mine, refetch: refetchMine } = useGetList<Row>(
    'signup',
    { filter: { eventId, officerId: actor?.officerId }, pagination: { page: 1, perPage: 100 } },
    { enabled: eventId > 0 && canSignUp },
  );
  const alreadySignedUp = !!actor && (mine ?? []).some((r) => r.officer.officerId === actor.officerId && r.eventSignupId.eventId === eventId);
  const started = !!event && !!event.startDate && toInstant(event.startDate, event.startTime, orgTimezone).getTime() <= Date.now();
  const closedNote = started ? s.started : alreadySignedUp ? s.alreadySignedUp : '';
  useEffect(() => {
    if (!refocus || busy) return;
    setRefocus(false);
    (closedNote ? noteRef.current : signUpRef.current)?.focus();
  }, [refocus, busy, closedNote]);

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
      refresh();
      await Promise.all([refetch(), refetchMine()]);
      setBusy(false);
      setRefocus(true);
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
          // the closed note wraps beside its buttons instead of widening the page on a phone
          <TopToolbar sx={{ flexWrap: 'wrap', minWidth: 0 }}>
            {canSignUp && closedNote && (
              <Typography variant="body2" id="signup-closed-note" ref={noteRef} tabIndex={-1} sx={{ alignSelf: 'center', flex: '1 1 12rem', minWidth: 0 }}>
                {closedNote}
              </Typography>
            )}
            {canSignUp && (
              <Button
                label={s.signUp}
                ref={signUpRef}
                onClick={() => setConfirming(true)}
                disabled={busy || !event || !!closedNote}
                // react-admin drops the name of a disabled icon-only button on phones
                aria-label={s.signUp}
                aria-describedby={closedNote ? 'signup-closed-note' : undefined}
                variant="contained"
              >
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
              render={(r) =>
                r.hasChildren === 'Y' ? null : (
                  <DeleteWithConfirmButton
                    label={s.removeFromRoster}
                    redirect={false}
                    mutationMode="pessimistic"
                    confirmTitle={rc.app.confirmDelete}
                    confirmContent={format(s.confirmRemove, { officer: officerListLabel(r.officer) })}
                    mutationOptions={{ onSuccess: () => void refetch() }}
                  />
                )
              }
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
