import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { OfficerPickerField } from '../../common/OfficerPicker';
import { format, rc } from '../../domain/messages';
import { officerListLabel } from '../../domain/officerLabel';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { useOfficerChoices } from '../../common/lookups';

const s = rc.signups.staff;

/** Officers a supervisor may put on a roster: those not separated on or before today (the server's excludeSeparated). */
export const STAFFABLE_OFFICERS = { orderBy: 'last_name,first_name', excludeSeparated: 'Y' } as const;

/**
 * Staffing an event's roster at level 5+ (spec §6: a supervisor may sign up another officer):
 * the type-ahead officer picker and 'Add to roster', which posts /signup/insert
 * {event: {eventId}, officer: {officerId}}. Success says '(A0101) Ortiz, Olivia is signed up.',
 * clears the picker and invalidates the roster and event queries so the list, the count and the
 * status reload from react-admin's one query cache. A refusal shows the server's message as it
 * came ('This roster is full!', the overlap message, …), the same the officer sees himself.
 * The caller decides who sees it (SignupList: can(actor, 'signup:create') for another officer).
 */
export function StaffRoster({ eventId }: { eventId: number }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const officers = useOfficerChoices(STAFFABLE_OFFICERS);
  const [officerId, setOfficerId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const pickerBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // once the picker is enabled again: ready for the next officer by keyboard
    if (!refocus || busy) return;
    setRefocus(false);
    pickerBox.current?.querySelector('input')?.focus();
  }, [refocus, busy]);

  const add = async () => {
    if (!officerId) return;
    const chosen = officers.find((o) => o.officerId === officerId);
    setBusy(true);
    try {
      await dataProvider.api('POST', '/signup/insert', { body: { event: { eventId }, officer: { officerId } } });
      notify(format(s.added, { officer: chosen ? officerListLabel(chosen) : String(officerId) }), { type: 'success' });
      setOfficerId(null);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      // react-admin keys its queries by resource first: this reloads the roster, the event and the Sign Up state
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['signup'] }), queryClient.invalidateQueries({ queryKey: ['events'] })]);
      setBusy(false);
      setRefocus(true);
    }
  };

  return (
    <Box component="section" aria-labelledby="staff-roster-title" sx={{ my: 1, maxWidth: 720 }}>
      <Typography variant="subtitle1" component="h2" id="staff-roster-title">
        {s.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <Box ref={pickerBox} sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <OfficerPickerField id="staff-roster-officer" label={s.officer} value={officerId} onChange={setOfficerId} query={STAFFABLE_OFFICERS} disabled={busy} />
        </Box>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={add} disabled={busy || !officerId} sx={{ minHeight: 40 }}>
          {s.add}
        </Button>
      </Box>
    </Box>
  );
}
