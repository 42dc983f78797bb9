import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Card, CardContent, LinearProgress, Link, Skeleton, Typography } from '@mui/material';
import { CardTitle } from '../../common/CardTitle';
import { LabeledValues, type LabeledValue } from '../../common/LabeledValues';
import { formatHours } from '../../common/numberFormat';
import { format, rc } from '../../domain/messages';
import type { LosapProgress } from '../../domain/schemas/losap';
import { useLosapProgress } from './losapQueries';
import { StatementButton } from './StatementDownload';
import { useActor } from '../../common/useActor';
import { can } from '../../domain/access';

const c = rc.losap.card;
/** Figures as the card shows them: 2 decimals only when there are any (37.5, 10, 15.04). */
const figure = (n: number) => (Number.isInteger(n) ? formatHours(n).replace(/\.00$/, '') : formatHours(n));

/** A category's line: its value, and its cap when it has one ('2 (capped at 2)'). */
function categoryValue(cat: LosapProgress['byCategory'][number]): string {
  const value = figure(cat.value);
  return cat.cap !== null && cat.capped ? `${value} (${format(c.capped, { cap: figure(cat.cap) })})` : value;
}

/**
 * An officer's LOSAP year at a glance (GET /api/losap/progress): 'N of M hours (or points) this
 * year', a progress bar (labelled for screen readers), the pace ('On pace' or 'Behind pace: P
 * expected by today'), the hours at risk on flagged tickets, and the figure of each category
 * (caps applied), and 'Download statement (PDF)' of that year when the viewer may have it
 * (his own; anyone's at level 9+). On his own card of the current year, a link to his record of
 * last year (/MyLosapYear: attestation, dispute, statement). `officerId` defaults to the signed-in officer, `year` to the current one.
 */
export function LosapProgressCard({ officerId, year }: { officerId?: number; year?: number }) {
  const { data, isPending, isError } = useLosapProgress(officerId, year);
  return (
    <Card variant="outlined" component="section" aria-label={rc.losap.titles.card} sx={{ my: 1, maxWidth: 560 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <CardTitle>{rc.losap.titles.card}</CardTitle>
        {isPending ? (
          <Skeleton variant="rectangular" height={48} />
        ) : isError || !data ? (
          <Alert severity="warning">{c.loadFailed}</Alert>
        ) : (
          <ProgressFigures p={data} current={year === undefined} />
        )}
      </CardContent>
    </Card>
  );
}

function ProgressFigures({ p, current }: { p: LosapProgress; current: boolean }) {
  const { actor } = useActor();
  const percent = p.threshold > 0 ? Math.min(100, Math.round((p.total / p.threshold) * 100)) : 0;
  const values = { total: figure(p.total), threshold: figure(p.threshold), unit: p.unit, year: p.year };
  const categories: LabeledValue[] = p.byCategory.map((cat) => [cat.name, categoryValue(cat)]);
  return (
    <Box>
      <Typography variant="body1" sx={{ fontWeight: 700 }}>
        {format(current ? c.ofThisYear : c.ofYear, values)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={format(c.bar, { percent })}
        color={p.qualifies ? 'success' : p.behindPace ? 'warning' : 'primary'}
        sx={{ height: 10, borderRadius: 1, my: 1 }}
      />
      <Typography variant="body2" color={p.behindPace ? 'warning.dark' : 'text.secondary'}>
        {p.qualifies ? c.qualifies : p.behindPace ? format(c.behindPace, { pace: figure(p.pace) }) : c.onPace}
      </Typography>
      {p.atRiskHours > 0 && (
        <Typography variant="body2" color="error">
          {format(c.atRisk, { hours: figure(p.atRiskHours) })}
        </Typography>
      )}
      {categories.length ? <LabeledValues items={categories} dense /> : <Typography variant="body2">{c.noCategories}</Typography>}
      {can(actor, 'losap:statement', { officerId: p.officerId }) && (
        <Box sx={{ mt: 1 }}>
          <StatementButton file={{ path: '/losap/statement', query: { officerId: p.officerId, year: p.year } }} label={rc.losap.statement.download} />
        </Box>
      )}
      {/* his way back to last year's record (attestation, dispute, statement) after the notice is gone */}
      {current && actor?.officerId === p.officerId && can(actor, 'losap:attest') && (
        <Link component={RouterLink} to={`/MyLosapYear?year=${p.year - 1}`} variant="body2" sx={{ display: 'inline-block', mt: 1, py: 1 }}>
          {format(rc.losap.yearEnd.myTitle, { year: p.year - 1 })}
        </Link>
      )}
    </Box>
  );
}
