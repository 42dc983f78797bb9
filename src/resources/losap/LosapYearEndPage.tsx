import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Confirm, FunctionField, ListBase, NumberField, TextField } from 'react-admin';
import { Alert, Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { ActionButton } from '../../common/ActionButton';
import { CardTitle } from '../../common/CardTitle';
import { ExportButton } from '../../common/ExportButton';
import { ListPage } from '../../common/ListPage';
import { RequirePermission } from '../../common/NotPermitted';
import { ResponsiveList } from '../../common/ResponsiveList';
import { useLookup } from '../../common/lookups';
import { formatHours } from '../../common/numberFormat';
import { useActor } from '../../common/useActor';
import { useLeaveOnError } from '../../common/useLeaveOnError';
import { can } from '../../domain/access';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { yearOf } from '../../domain/losap';
import { ATTESTATION_STATUSES } from '../../domain/losapYearEnd';
import { format, rc } from '../../domain/messages';
import { losapReopenBody, losapResolveBody, type LosapAttestation, type LosapReviewRow, type LosapYearEnd } from '../../domain/schemas/losapYearEnd';
import { FilterSelect, officerName, yearChoices, yesNo } from './losapListParts';
import { useLosapYearEnd } from './losapQueries';
import { StatementButton } from './StatementDownload';
import { AttestationChip, CommentDialog, LOSAP_REVIEW, useOrgDate, useYearEndStep } from './yearEndParts';

const l = rc.losap;
const f = l.fields;
const y = l.yearEnd;

/** The years a year end is worked on: last year and the nine before it (the current year is still running). */
const reviewYears = (current: number) => yearChoices(current).filter((year) => year < current);

/**
 * /LosapYearEnd?year&precinctId&rankId&status (Administrative Functions > LOSAP Year End, level
 * 9+): a year's LOSAP year end (docs/decisions/024-losap-year-end.md). The year (last year by
 * default), its state in the catalog's words and its counts (GET /api/losap/yearEnd); the step
 * its state allows: Open the review (open), Certify (review; disabled with the reason while a
 * dispute is open; a confirmation saying how many have not attested), Reopen (certified, level
 * 10, with a required reason), the sponsor's file (certified: CSV / XLSX) and the statements
 * ZIP. Under it the review (GET /api/losap/review): each officer's total, threshold, qualifies,
 * his categories and his attestation, filtered by precinct, rank and attestation (kept in the
 * address), sortable and paged; a disputed row shows the comment and 'Resolve the dispute'.
 */
export function LosapYearEndPage() {
  return (
    <RequirePermission action="losap:year-end">
      <YearEndPage />
    </RequirePermission>
  );
}

function YearEndPage() {
  const { today } = useActor();
  const leave = useLeaveOnError();
  const [params, setParams] = useSearchParams();
  const current = yearOf(today);
  const asked = Number(params.get('year'));
  const year = reviewYears(current).includes(asked) ? asked : current - 1;
  const precinctId = params.get('precinctId') ?? '';
  const rankId = params.get('rankId') ?? '';
  const status = params.get('status') ?? '';
  const precincts = useLookup('precincts');
  const ranks = useLookup('ranks');
  const state = useLosapYearEnd(year);
  const filter = useMemo(() => ({ year, precinctId, rankId, status }), [year, precinctId, rankId, status]);
  const set = (key: string) => (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const statuses = ATTESTATION_STATUSES.map((s) => ({ id: s, name: y.statusChoices[s] }));
  return (
    <ListBase resource={LOSAP_REVIEW} filter={filter} sort={{ field: 'name', order: 'ASC' }} perPage={DEFAULT_PAGE_SIZE} disableSyncWithLocation storeKey={false} queryOptions={{ onError: leave }}>
      <ListPage
        title={y.title}
        actions={<StatementButton file={{ path: '/losap/statements', query: { year, precinctId: precinctId || undefined } }} label={l.statement.downloadAll} />}
        notice={
          <>
            <Box sx={{ my: 1 }}>
              <FilterSelect id="losap-year-end-year" label={f.year} value={String(year)} choices={reviewYears(current).map((c) => ({ id: c, name: String(c) }))} onChange={set('year')} any={false} />
            </Box>
            {state.isPending ? (
              <Skeleton variant="rectangular" height={120} sx={{ my: 1, maxWidth: 720 }} />
            ) : state.isError || !state.data ? (
              <Alert severity="error" sx={{ my: 1 }}>
                {state.error?.message}
              </Alert>
            ) : (
              <YearStateCard yearEnd={state.data} />
            )}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 1 }} role="search" aria-label={y.title}>
              <FilterSelect id="losap-review-precinct" label={f.precinct} value={precinctId} choices={precincts} onChange={set('precinctId')} />
              <FilterSelect id="losap-review-rank" label={f.rank} value={rankId} choices={ranks} onChange={set('rankId')} />
              <FilterSelect id="losap-review-status" label={y.statusFilter} value={status} choices={statuses} onChange={set('status')} />
            </Stack>
          </>
        }
      >
        <ReviewList year={year} canResolve={state.data?.state === 'review'} />
      </ListPage>
    </ListBase>
  );
}

/** The year's state in the catalog's words, its counts, its reopening when it had one, and the steps its state allows. */
function YearStateCard({ yearEnd }: { yearEnd: LosapYearEnd }) {
  const date = useOrgDate();
  const stateText = format(y.states[yearEnd.state], { date: date(yearEnd.certifiedAt), name: yearEnd.certifiedBy ?? '' });
  return (
    <Card variant="outlined" component="section" aria-label={`${f.year} ${yearEnd.year}`} sx={{ my: 1, maxWidth: 720 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <CardTitle>{stateText}</CardTitle>
        <Typography variant="body2">{format(y.counts, yearEnd.counts)}</Typography>
        {yearEnd.reopenedAt && yearEnd.state !== 'certified' && (
          <Typography variant="body2" color="text.secondary">
            {format(y.reopened, { date: date(yearEnd.reopenedAt), reason: yearEnd.reopenReason ?? '' })}
          </Typography>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'flex-start' }}>
          <YearActions yearEnd={yearEnd} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The steps the year's state allows (and the viewer's level). */
function YearActions({ yearEnd }: { yearEnd: LosapYearEnd }) {
  const { actor } = useActor();
  const { year, state } = yearEnd;
  const [dialog, setDialog] = useState<'certify' | 'reopen' | null>(null);
  const open = useYearEndStep<LosapYearEnd>('/losap/yearEnd/open', (a) => format(y.notices.reviewOpened, { year: a.year }));
  const certify = useYearEndStep<LosapYearEnd>('/losap/yearEnd/certify', (a) => format(y.notices.certified, { year: a.year }));
  const reopen = useYearEndStep<LosapYearEnd>('/losap/yearEnd/reopen', (a) => format(y.notices.reopened, { year: a.year }));
  const disputes = yearEnd.counts.disputed;
  return (
    <>
      {state === 'open' && (
        <ActionButton label={format(y.actions.openReview, { year })} icon={<PlayArrowIcon />} variant="contained" disabled={open.isPending} onClick={() => open.mutate({ year })} />
      )}
      {state === 'review' && (
        <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
          <ActionButton label={format(y.actions.certify, { year })} icon={<LockIcon />} variant="contained" disabled={disputes > 0 || certify.isPending} onClick={() => setDialog('certify')} />
          {disputes > 0 && (
            <Typography variant="body2" color="error.dark" role="note">
              {format(y.errors.disputesOpen, { count: disputes })}
            </Typography>
          )}
        </Stack>
      )}
      {state === 'certified' && can(actor, 'losap:reopen') && (
        <ActionButton label={y.actions.reopen} icon={<LockOpenIcon />} color="warning" disabled={reopen.isPending} onClick={() => setDialog('reopen')} />
      )}
      {state === 'certified' && <ExportButton spec={{ path: '/losap/exportSponsorFile', query: { year } }} label={y.actions.sponsorFile} />}
      <Confirm
        isOpen={dialog === 'certify'}
        title={format(y.actions.certify, { year })}
        content={format(y.confirm.certify, { year, notAttested: yearEnd.counts.notAttested })}
        confirmColor="primary"
        onConfirm={() => {
          setDialog(null);
          certify.mutate({ year });
        }}
        onClose={() => setDialog(null)}
      />
      {dialog === 'reopen' && (
        <CommentDialog
          title={y.actions.reopen}
          intro={format(y.confirm.reopen, { year })}
          label={y.fields.reason}
          action={y.actions.reopen}
          schema={losapReopenBody}
          field="reason"
          body={(reason) => ({ year, reason })}
          onSend={async (body) => {
            await reopen.mutateAsync(body);
            setDialog(null);
          }}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** A row's category figures as one line ('Details 12 · Training 3'). */
const categoriesText = (r: LosapReviewRow) => r.byCategory.map((c) => `${c.name} ${formatHours(c.value)}`).join(' · ');

/** The review list: a table at a desk, cards on a phone; a disputed row offers 'Resolve the dispute' while the year is under review. */
function ReviewList({ year, canResolve }: { year: number; canResolve: boolean }) {
  const [resolving, setResolving] = useState<LosapReviewRow | null>(null);
  const resolve = useYearEndStep<LosapAttestation>('/losap/resolve', () => y.notices.resolved);
  // the officer's comment (labelled on a card; the table's column names it), the resolution, and Resolve while it is open
  const dispute = (r: LosapReviewRow, labelled: boolean) =>
    r.comment || r.resolution || r.status === 'disputed' ? (
      <Box sx={{ minWidth: 160, maxWidth: 360, overflowWrap: 'anywhere' }}>
        {r.comment && <Typography variant="body2">{labelled ? `${y.fields.comment}: ${r.comment}` : r.comment}</Typography>}
        {r.resolution && (
          <Typography variant="body2" color="text.secondary">
            {`${y.fields.resolution}: ${r.resolution}`}
          </Typography>
        )}
        {r.status === 'disputed' && canResolve && (
          <ActionButton label={y.actions.resolve} ariaLabel={`${y.actions.resolve}: ${officerName(r)}`} onClick={() => setResolving(r)} />
        )}
      </Box>
    ) : null;
  return (
    <>
      <ResponsiveList<LosapReviewRow>
        label={y.title}
        empty={
          <Typography variant="body2" sx={{ my: 2 }}>
            {l.report.empty}
          </Typography>
        }
        sortFields={[
          { field: 'name', label: f.officer },
          { field: 'officerId', label: f.officerId },
          { field: 'precinct', label: f.precinct },
          { field: 'rank', label: f.rank },
          { field: 'total', label: f.total },
        ]}
        card={(r) => (
          <>
            <CardTitle>{`${officerName(r)} (${r.officerId})`}</CardTitle>
            <Typography variant="body2">
              {f.total}: {formatHours(r.total)} / {formatHours(r.threshold)} · {f.qualifies}: {yesNo(r.qualifies)}
            </Typography>
            {r.byCategory.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {categoriesText(r)}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {[r.precinct, r.rank].filter(Boolean).join(' · ')}
            </Typography>
            <Box sx={{ my: 0.5 }}>
              <AttestationChip status={r.status} attestedAt={r.attestedAt} />
            </Box>
            {dispute(r, true)}
          </>
        )}
      >
        <TextField label={f.officerId} source="officerId" />
        <FunctionField<LosapReviewRow> label={f.officer} sortBy="name" render={officerName} />
        <TextField label={f.precinct} source="precinct" sortBy="precinct" emptyText="" />
        <TextField label={f.rank} source="rank" sortBy="rank" emptyText="" />
        <NumberField label={f.total} source="total" options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }} />
        <NumberField label={f.threshold} source="threshold" sortable={false} options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }} />
        <FunctionField<LosapReviewRow> label={f.qualifies} sortable={false} render={(r) => yesNo(r.qualifies)} />
        <FunctionField<LosapReviewRow> label={f.categories} sortable={false} render={categoriesText} />
        <FunctionField<LosapReviewRow> label={y.fields.status} sortable={false} render={(r) => <AttestationChip status={r.status} attestedAt={r.attestedAt} />} />
        <FunctionField<LosapReviewRow> label={y.fields.comment} sortable={false} render={(r) => dispute(r, false)} />
      </ResponsiveList>
      {resolving && (
        <CommentDialog
          title={`${y.actions.resolve}: ${officerName(resolving)}`}
          intro={resolving.comment ?? undefined}
          label={y.fields.resolution}
          action={y.actions.resolve}
          schema={losapResolveBody}
          field="comment"
          body={(comment) => ({ year, officerId: resolving.officerId, comment })}
          onSend={async (body) => {
            await resolve.mutateAsync(body);
            setResolving(null);
          }}
          onCancel={() => setResolving(null)}
        />
      )}
    </>
  );
}
