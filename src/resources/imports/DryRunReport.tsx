import { Alert, Box, Card, CardContent, MenuItem, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { LabeledValues } from '../../common/LabeledValues';
import { useLookup, type LookupName } from '../../common/lookups';
import { useIsPhone } from '../../common/useIsPhone';
import { IMPORT_FIELDS, importIssueText, type ImportKind, type ImportLookup } from '../../domain/imports';
import { format, rc } from '../../domain/messages';
import type { ImportReportAnswer, ImportValueMapping } from '../../domain/schemas/imports';
import { ImportCounts } from './ImportJobCard';

const p = rc.imports.page;

/** The app's lookup of each lookup table an import field names (src/common/lookups.ts). */
const LOOKUP_NAMES: Record<ImportLookup, LookupName> = {
  state: 'states',
  precinct: 'precincts',
  rank: 'ranks',
  accessType: 'accessTypes',
  eventType: 'eventTypes',
  assignmentType: 'assignmentTypes',
};

const fieldOf = (kind: ImportKind, key: string) => IMPORT_FIELDS[kind].find((f) => f.key === key);

/** Rows of a report section: a table at a desk, a card per row on a phone. */
function ReportRows({ label, columns, rows }: { label: string; columns: string[]; rows: Array<{ key: string; cells: string[] }> }) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <Stack component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
        {rows.map((r) => (
          <Card key={r.key} component="li" variant="outlined">
            <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
              <LabeledValues dense items={columns.map((c, i) => [c, r.cells[i]])} />
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              {r.cells.map((cell, i) => (
                <TableCell key={columns[i]} sx={{ overflowWrap: 'anywhere' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The report of a dry run: how many rows came to each outcome; the refused rows (line and
 * errors, 'Last Name: Required') and the changed ones (line, record, the fields that change);
 * and the lookup values that matched nothing, each with a select mapping it to a known entry or
 * leaving its rows refused (`values`, sent with the next check and the import).
 */
export function DryRunReport({ kind, report, values, onValuesChange }: {
  kind: ImportKind;
  report: ImportReportAnswer;
  values: ImportValueMapping;
  onValuesChange: (values: ImportValueMapping) => void;
}) {
  const label = (key: string) => fieldOf(kind, key)?.label ?? key;
  return (
    <Box>
      <Typography variant="body2">{format(p.rowsChecked, { rows: report.rows, seconds: report.seconds })}</Typography>
      <ImportCounts counts={report.counts} />
      {report.truncated && (
        <Alert severity="info" sx={{ my: 1 }}>
          {p.truncated}
        </Alert>
      )}
      {report.unknownValues.length > 0 && (
        <ReportSection id="import-unknown-values" title={p.unknownValues}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {p.unknownValuesIntro}
          </Typography>
          <Stack sx={{ gap: 1.5, maxWidth: 480 }}>
            {report.unknownValues.map((u) => (
              <UnknownValueSelect
                key={`${u.field}\u0000${u.value}`}
                kind={kind}
                field={u.field}
                value={u.value}
                rows={u.rows}
                chosen={values[u.field]?.[u.value] ?? null}
                onChange={(id) => onValuesChange({ ...values, [u.field]: { ...values[u.field], [u.value]: id } })}
              />
            ))}
          </Stack>
        </ReportSection>
      )}
      <ReportSection id="import-refused-rows" title={p.refusedRows}>
        {report.refused.length ? (
          <ReportRows
            label={p.refusedRows}
            columns={[p.line, p.issues]}
            rows={report.refused.map((r) => ({ key: String(r.line), cells: [String(r.line), r.issues.map((i) => importIssueText(kind, i)).join('; ')] }))}
          />
        ) : (
          <Typography variant="body2">{p.nothingRefused}</Typography>
        )}
      </ReportSection>
      {report.changed.length > 0 && (
        <ReportSection id="import-changed-rows" title={p.changedRows}>
          <ReportRows
            label={p.changedRows}
            columns={[p.line, p.record, p.changedFields]}
            rows={report.changed.map((r) => ({ key: String(r.line), cells: [String(r.line), r.key, r.fields.map(label).join(', ')] }))}
          />
        </ReportSection>
      )}
    </Box>
  );
}

/** One unknown lookup value: a select of its lookup's entries, or 'Leave refused' (null). */
function UnknownValueSelect({ kind, field, value, rows, chosen, onChange }: {
  kind: ImportKind;
  field: string;
  value: string;
  rows: number;
  chosen: number | null;
  onChange: (id: number | null) => void;
}) {
  const f = fieldOf(kind, field);
  const choices = useLookup(f?.lookup ? LOOKUP_NAMES[f.lookup] : 'precincts', !!f?.lookup);
  const id = `import-value-${field}-${value}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <TextField
      id={id}
      select
      size="small"
      label={format(p.unknownValue, { field: f?.label ?? field, value, rows })}
      value={chosen === null ? '' : String(chosen)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{p.leaveRefused}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** One part of the report under its own heading (h3), the section named by it for screen readers. */
function ReportSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ my: 2 }}>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
