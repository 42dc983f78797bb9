import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Confirm, Loading } from 'react-admin';
import { Alert, Box, Stack } from '@mui/material';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { ActionButton } from '../../common/ActionButton';
import { LabeledValues } from '../../common/LabeledValues';
import { RequirePermission } from '../../common/NotPermitted';
import { PageHeading } from '../../common/PageHeading';
import { LOSAP_YEAR_MAX, LOSAP_YEAR_MIN } from '../../domain/losap';
import { needsAttestation } from '../../domain/losapYearEnd';
import { format, rc } from '../../domain/messages';
import { losapDisputeBody, type LosapAttestation } from '../../domain/schemas/losapYearEnd';
import { LosapProgressCard } from './LosapProgressCard';
import { useLosapAttestation } from './losapQueries';
import { AttestationChip, CommentDialog, useOrgDate, useYearEndStep } from './yearEndParts';

const y = rc.losap.yearEnd;

/**
 * /MyLosapYear?year (every level but 3; reached from the notice on his ticket list): the
 * signed-in officer's LOSAP year under review (last year by default; GET /api/losap/attestation):
 * his figures (the LOSAP progress card of that year, with his statement), his attestation
 * status, and while the year is under review and his record waits for him: 'I certify this
 * record is true' (a confirmation in the catalog's words; POST /api/losap/attest) and 'Dispute
 * the record' (a required comment; POST /api/losap/dispute). A dispute shows his comment, and
 * once resolved the resolution. A certified year, or an attested record, is read-only.
 */
export function MyLosapYearPage() {
  return (
    <RequirePermission action="losap:attest">
      <MyYear />
    </RequirePermission>
  );
}

function MyYear() {
  const [params] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= LOSAP_YEAR_MIN && asked <= LOSAP_YEAR_MAX ? asked : undefined;
  const { data, isPending, isError, error } = useLosapAttestation(year);
  if (isPending) return <Loading />;
  if (isError || !data) {
    return (
      <>
        <PageHeading>{format(y.myTitle, { year: year ?? '' })}</PageHeading>
        <Alert severity="error">{error?.message}</Alert>
      </>
    );
  }
  return <Attestation a={data} />;
}

function Attestation({ a }: { a: LosapAttestation }) {
  const date = useOrgDate();
  const [dialog, setDialog] = useState<'attest' | 'dispute' | null>(null);
  const attest = useYearEndStep<LosapAttestation>('/losap/attest', (r) => format(y.notices.attested, { year: r.year }));
  const dispute = useYearEndStep<LosapAttestation>('/losap/dispute', () => y.notices.disputed);
  const open = a.yearState === 'review' && needsAttestation(a.status);
  const busy = attest.isPending || dispute.isPending;
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeading>{format(y.myTitle, { year: a.year })}</PageHeading>
      {a.yearState === 'certified' ? (
        <Alert severity="info" sx={{ my: 1 }}>
          {format(y.myCertified, { year: a.year, date: date(a.certifiedAt) })}
        </Alert>
      ) : a.yearState === 'open' ? (
        <Alert severity="info" sx={{ my: 1 }}>
          {format(y.notices.notInReview, { year: a.year })}
        </Alert>
      ) : a.status === 'disputed' ? (
        <Alert severity="warning" sx={{ my: 1 }}>
          {y.disputeWaiting}
        </Alert>
      ) : open ? (
        <Alert severity="warning" sx={{ my: 1 }}>
          {format(y.notices.actionNeeded, { year: a.year })}
        </Alert>
      ) : null}
      <Box sx={{ my: 1 }}>
        <AttestationChip status={a.status} attestedAt={a.attestedAt} />
      </Box>
      <LabeledValues
        items={[
          [y.fields.disputedAt, date(a.disputedAt)],
          [y.fields.comment, a.comment],
          [y.fields.resolvedAt, date(a.resolvedAt)],
          [y.fields.resolvedBy, a.resolvedBy],
          [y.fields.resolution, a.resolution],
        ]}
      />
      <LosapProgressCard year={a.year} />
      {open && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 1 }}>
          <ActionButton label={y.actions.attest} icon={<TaskAltIcon />} variant="contained" disabled={busy} onClick={() => setDialog('attest')} />
          <ActionButton label={y.actions.dispute} icon={<ReportProblemIcon />} variant="outlined" color="warning" disabled={busy} onClick={() => setDialog('dispute')} />
        </Stack>
      )}
      <Confirm
        isOpen={dialog === 'attest'}
        title={y.actions.attest}
        content={format(y.confirm.attest, { year: a.year })}
        confirmColor="primary"
        onConfirm={() => {
          setDialog(null);
          attest.mutate({ year: a.year });
        }}
        onClose={() => setDialog(null)}
      />
      {dialog === 'dispute' && (
        <CommentDialog
          title={y.actions.dispute}
          label={y.fields.comment}
          action={y.actions.dispute}
          schema={losapDisputeBody}
          field="comment"
          body={(comment) => ({ year: a.year, comment })}
          onSend={async (body) => {
            await dispute.mutateAsync(body);
            setDialog(null);
          }}
          onCancel={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
