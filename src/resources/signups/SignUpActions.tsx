import { useEffect, useRef, useState } from 'react';
import { Confirm, useDataProvider, useGetList, useGetOne, useNotify, useRefresh } from 'react-admin';
import { Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { useActor } from '../../common/useActor';
import { format, rc } from '../../domain/messages';
import { toInstant } from '../../domain/dates';
import type { Actor } from '../../domain/access';
import type { EventJson } from '../../domain/schemas/events';
import type { SignupJson } from '../../domain/schemas/signups';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { plainEventName } from '../events/SafeHtml';
import { ActionButton } from '../../common/ActionButton';

const s = rc.signups;

/**
 * Why Sign Up is closed for `actor`, or '' when it is open (the server refuses each case too):
 * the event has started (its start in ORG_TIMEZONE at or before `now`), the actor is on the
 * roster already, or the roster is full (signupCount >= maxOfficers, spec §5 Signup).
 */
export function signUpClosedNote(event: EventJson, alreadySignedUp: boolean, tz: string, now = Date.now()): string {
  if (event.startDate && toInstant(event.startDate, event.startTime, tz).getTime() <= now) return s.started;
  if (alreadySignedUp) return s.alreadySignedUp;
  if (event.signupCount >= event.maxOfficers) return s.rosterFull;
  return '';
}

/**
 * Sign Up and Back above an event's roster (spec §2 roster, §4 Signup; not shown at level 3).
 * Sign Up asks for confirmation, then signs the actor up ('You are signed up.') or shows the
 * server's refusal ('This roster is full!', the overlap message). While sign-up is closed the
 * button is disabled with a short note beside it. Keyboard focus goes to that note after a
 * sign-up (or back to Sign Up after a refusal) instead of being lost with the disabled button.
 */
export function SignUpActions({ eventId, actor, backTo }: { eventId: number; actor: Actor; backTo: string }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const { tz } = useActor();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const noteRef = useRef<HTMLElement>(null);
  const signUpRef = useRef<HTMLButtonElement>(null);
  const { data: event, refetch: refetchEvent } = useGetOne<EventJson & { id: number }>('events', { id: eventId });
  const { data: mine, refetch: refetchMine } = useGetList<SignupJson & { id: string }>('signup', {
    filter: { eventId, officerId: actor.officerId },
    pagination: { page: 1, perPage: 100 },
  });
  const alreadySignedUp = (mine ?? []).some((r) => r.officer.officerId === actor.officerId && r.eventSignupId.eventId === eventId);
  const closedNote = event ? signUpClosedNote(event, alreadySignedUp, tz) : '';
  useEffect(() => {
    if (!refocus || busy) return;
    setRefocus(false);
    (closedNote ? noteRef.current : signUpRef.current)?.focus();
  }, [refocus, busy, closedNote]);

  const signUp = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await dataProvider.api('POST', '/signup/insert', { body: { event: { eventId }, officer: { officerId: actor.officerId } } });
      notify(s.signedUp, { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      refresh();
      await Promise.all([refetchEvent(), refetchMine()]);
      setBusy(false);
      setRefocus(true);
    }
  };

  return (
    <>
      {/* MUI buttons: their words stay visible on a phone, where react-admin's shrink to icons */}
      <Button
        ref={signUpRef}
        onClick={() => setConfirming(true)}
        disabled={busy || !event || !!closedNote}
        aria-describedby={closedNote ? 'signup-closed-note' : undefined}
        variant="contained"
        startIcon={<HowToRegIcon />}
        sx={{ minHeight: 40 }}
      >
        {s.signUp}
      </Button>
      <ActionButton label={rc.app.back} icon={<ArrowBackIcon />} to={backTo} />
      {closedNote && (
        // wraps beside its buttons instead of widening the page on a phone
        <Typography variant="body2" id="signup-closed-note" ref={noteRef} tabIndex={-1} sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          {closedNote}
        </Typography>
      )}
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
