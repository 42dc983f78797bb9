import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button } from '@mui/material';
import { useAfterFirstPaint } from '../../common/useNearViewport';
import { needsAttestation } from '../../domain/losapYearEnd';
import { format, rc } from '../../domain/messages';
import { useLosapAttestation } from './losapQueries';

const y = rc.losap.yearEnd;

/**
 * On the officer's own ticket list: while last year's LOSAP review is open and his record waits
 * for him (not attested, figures changed, or his dispute resolved), 'The review of your LOSAP year
 * … is open: check your record and attest it.' with a link to /MyLosapYear. It asks GET
 * /api/losap/attestation only once the list has painted and the browser is idle
 * (useAfterFirstPaint), so the list's first screen costs nothing more; nothing shows otherwise
 * (nor when the question fails: the notice is a reminder, the page itself says what is wrong).
 */
export function LosapYearEndNotice() {
  const painted = useAfterFirstPaint();
  const { data } = useLosapAttestation(undefined, { enabled: painted });
  if (!data || data.yearState !== 'review' || !needsAttestation(data.status)) return null;
  return (
    <Alert
      severity="warning"
      sx={{ my: 1, maxWidth: 560 }}
      action={
        <Button component={RouterLink} to={`/MyLosapYear?year=${data.year}`} color="inherit" size="small" sx={{ minHeight: 40 }}>
          {y.actions.checkRecord}
        </Button>
      }
    >
      {format(y.notices.actionNeeded, { year: data.year })}
    </Alert>
  );
}
