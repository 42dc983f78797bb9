import { FilterForm, FunctionField, ListBase, SelectInput, TextField, TextInput } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { CardTitle } from '../../common/CardTitle';
import { ListPage } from '../../common/ListPage';
import { RequirePermission } from '../../common/NotPermitted';
import { ResponsiveList } from '../../common/ResponsiveList';
import { useLeaveOnError } from '../../common/useLeaveOnError';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { format, rc } from '../../domain/messages';
import { officerCode } from '../../domain/officerLabel';
import { AUDIT_OUTCOMES, type AuditLogRow } from '../../domain/schemas/auditLog';
import { printClasses } from '../../common/printClasses';
import { formatCount } from '../../common/numberFormat';

const a = rc.audit;
const f = a.fields;

/** The changed fields of an entry as one line: 'field: before -> after; …'. */
function changesText(changes: AuditLogRow['changes']): string {
  if (!changes) return '';
  const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  return Object.entries(changes)
    .map(([field, c]) => `${field}: ${show(c.before)} -> ${show(c.after)}`)
    .join('; ');
}

/** The log's export: the filters and sort of the page, every page (GET /auditLog/export). */
const EXPORT = { path: '/auditLog/export' } as const;

/** '(A0310) Roster, Rita (roster10)': the actor as named, and with the login, when the entry was written. */
function who(r: AuditLogRow): string {
  if (r.actorId === null) return a.nobody;
  const name = r.actorLogin ? format(a.actorWithLogin, { name: r.actorName ?? '', login: r.actorLogin }) : (r.actorName ?? '');
  return `(${officerCode(r.actorId)}) ${name}`.trim();
}
const target = (r: AuditLogRow) => (r.entityId ? `${r.entity} ${r.entityId}` : r.entity);
/** The outcome, with '× 57' when the entry stands for several identical refusals. */
function outcome(r: AuditLogRow): string {
  const label = a.outcomes[r.outcome as keyof typeof a.outcomes] ?? r.outcome;
  return r.repeatCount > 1 ? `${label} ${format(a.repeated, { count: formatCount(r.repeatCount) })}` : label;
}
const repeatedTitle = (r: AuditLogRow) => (r.repeatCount > 1 ? format(a.repeatedTitle, { count: formatCount(r.repeatCount) }) : undefined);

/** The filters above the list; each one goes to GET /api/auditLog/getMultiple. */
const filters = [
  <TextInput key="actorId" source="actorId" label={f.actorId} alwaysOn type="number" />,
  <TextInput key="action" source="action" label={f.action} alwaysOn />,
  <TextInput key="entity" source="entity" label={f.entity} alwaysOn />,
  <TextInput key="entityId" source="entityId" label={f.entityId} />,
  <SelectInput key="outcome" source="outcome" label={f.outcome} alwaysOn choices={AUDIT_OUTCOMES.map((o) => ({ id: o, name: a.outcomes[o] }))} />,
  <TextInput key="since" source="since" label={f.since} type="date" alwaysOn InputLabelProps={{ shrink: true }} />,
  <TextInput key="until" source="until" label={f.until} type="date" alwaysOn InputLabelProps={{ shrink: true }} />,
];

/**
 * /AuditLogBrowse (Administrative Functions > Audit Log, level 10): every audit log entry,
 * newest first: UTC time, officer (name and login as they were when the entry was written),
 * action, record, outcome ('Denied × 57' for identical refusals counted into one entry), the
 * changed fields (before -> after; secrets only marked) and details. Filters by officer id, action, record, outcome and UTC
 * dates; sortable and paged like every list; cards on a phone; Export (CSV / Excel, written by the
 * server) takes the filtered log, every page of it; Print leaves the filters off the paper.
 */
export function AuditLogList() {
  return (
    <RequirePermission action="audit:read">
      <AuditLogPage />
    </RequirePermission>
  );
}

function AuditLogPage() {
  const leave = useLeaveOnError();
  return (
    <ListBase resource="auditLog" sort={{ field: 'at', order: 'DESC' }} perPage={DEFAULT_PAGE_SIZE} disableSyncWithLocation storeKey={false} queryOptions={{ onError: leave }}>
      <ListPage
        title={a.title}
        exportTo={EXPORT}
        notice={
          <Box className={printClasses.noPrint}>
            <FilterForm filters={filters} />
          </Box>
        }
      >
        <ResponsiveList<AuditLogRow & { id: number }>
          label={a.title}
          cardsBelow="md"
          sortFields={[
            { field: 'at', label: f.at },
            { field: 'actorId', label: f.actor },
            { field: 'action', label: f.action },
            { field: 'entity', label: f.entity },
            { field: 'outcome', label: f.outcome },
          ]}
          card={(r) => (
            <>
              <CardTitle>
                {r.action} · {target(r)} · {outcome(r)}
              </CardTitle>
              <Typography variant="body2" color="text.secondary">
                {r.at} · {who(r)}
              </Typography>
              {r.changes && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {changesText(r.changes)}
                </Typography>
              )}
              {r.details && <Typography variant="body2">{r.details}</Typography>}
            </>
          )}
        >
          <TextField label={f.at} source="at" sx={{ whiteSpace: 'nowrap' }} />
          <FunctionField<AuditLogRow> label={f.actor} sortBy="actorId" render={who} />
          <TextField label={f.action} source="action" />
          <FunctionField<AuditLogRow> label={f.entity} sortBy="entity" render={target} />
          <FunctionField<AuditLogRow>
            label={f.outcome}
            sortBy="outcome"
            render={(r) => (
              <span title={repeatedTitle(r)} style={{ whiteSpace: 'nowrap' }}>
                {outcome(r)}
              </span>
            )}
          />
          <FunctionField<AuditLogRow>
            label={f.changes}
            sortable={false}
            render={(r) => <span style={{ overflowWrap: 'anywhere' }}>{changesText(r.changes)}</span>}
          />
          <TextField label={f.details} source="details" sortable={false} emptyText="" />
        </ResponsiveList>
      </ListPage>
    </ListBase>
  );
}
