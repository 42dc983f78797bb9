import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import {
  Alert, Box, Button, Card, CardContent, CircularProgress, FormControl, FormControlLabel, FormHelperText, FormLabel, MenuItem, Radio, RadioGroup,
  Stack, Step, StepContent, StepLabel, Stepper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { LabeledValues } from '../../common/LabeledValues';
import { RequirePermission } from '../../common/NotPermitted';
import { PageHeading } from '../../common/PageHeading';
import { useDownload } from '../../common/download';
import { useIsPhone } from '../../common/useIsPhone';
import { IMPORT_FIELDS, IMPORT_KINDS, unmappedRequired, type ImportKind, type ImportMapping } from '../../domain/imports';
import { format, rc } from '../../domain/messages';
import { importMappingName, type ImportInspection, type ImportReportAnswer, type ImportRequest, type ImportValueMapping } from '../../domain/schemas/imports';
import { DryRunReport } from './DryRunReport';
import { ImportJobCard } from './ImportJobCard';
import { importForm, postImport, useImportCalls, useImportJobs, useSavedMappings } from './importApi';

const p = rc.imports.page;

/** Hidden from sight but not from the keyboard or assistive technology (the button around it shows it). */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

const STEPS = ['kind', 'upload', 'mapping', 'dryRun', 'run'] as const;
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A failed call's words (the server's message, else the spec §8 status wording http.ts gives). */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /Import (Administrative Functions > Import, level 10: 'import:run'; below, NotPermitted): brings
 * officers, locations, events with their rosters or time tickets in from a CSV or XLSX file, in
 * five steps (docs/decisions/025-import.md):
 * 1. what to import, with the kind's templates (CSV, XLSX);
 * 2. the file: POST inspect shows its format, encoding, delimiter and first rows;
 * 3. each field's column (the automatic match preselected; a required field without one blocks
 *    Next), a saved mapping to start from, the current one saved under a name;
 * 4. the dry run: counts, refused and changed rows, unknown lookup values to map (checked again
 *    with them) and the error file;
 * 5. the import: POST run starts a job that goes on without the page; its progress and result.
 * The latest job shows above the steps on opening the page, so a user who left comes back to it.
 */
export function ImportPage() {
  return (
    <RequirePermission action="import:run">
      <ImportSteps />
    </RequirePermission>
  );
}

function ImportSteps() {
  const notify = useNotify();
  const calls = useImportCalls();
  const jobs = useImportJobs();
  const [step, setStep] = useState(0);
  const [kind, setKind] = useState<ImportKind>('officers');
  const [file, setFile] = useState<File | null>(null);
  const [inspection, setInspection] = useState<ImportInspection | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [values, setValues] = useState<ImportValueMapping>({});
  const [report, setReport] = useState<ImportReportAnswer | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = jobs.data?.[0];
  // Next and Back go away with their step: keyboard focus moves on to the step that opens
  const stepBox = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) stepBox.current?.focus();
    moved.current = true;
  }, [step]);

  const request = (): ImportRequest => ({ mapping, values });
  /** Runs one call of a step: busy meanwhile, its failure shown in the step. */
  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const go = (to: number) => {
    setError(null);
    setStep(to);
  };

  const chooseKind = (next: ImportKind) => {
    setKind(next);
    setFile(null);
    setInspection(null);
    setReport(null);
    setValues({});
  };
  const inspect = (chosen: File) => {
    setFile(chosen);
    setInspection(null);
    setReport(null);
    setValues({});
    void attempt(async () => {
      const answer = await postImport<ImportInspection>(kind, 'inspect', chosen, {});
      setInspection(answer);
      setMapping(answer.mapping);
    });
  };
  const dryRun = () =>
    attempt(async () => {
      if (!file) return;
      setReport(await postImport<ImportReportAnswer>(kind, 'dryRun', file, request()));
    });
  const run = () =>
    attempt(async () => {
      if (!file) return;
      const job = await calls.run(kind, file, request());
      setJobId(job.id);
    });
  const restart = () => {
    chooseKind(kind);
    setJobId(null);
    go(0);
  };

  const missing = inspection ? unmappedRequired(kind, mapping) : [];
  const errorAlert = error && (
    <Alert severity="error" role="alert" sx={{ my: 1 }}>
      {error}
    </Alert>
  );
  const nav = (next: ReactNode, backTo: number | null = step - 1) => (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }}>
      {backTo !== null && backTo >= 0 && (
        <Button onClick={() => go(backTo)} disabled={busy} sx={{ minHeight: 40 }}>
          {p.back}
        </Button>
      )}
      {next}
    </Stack>
  );
  const nextButton = (disabled: boolean) => (
    <Button variant="contained" onClick={() => go(step + 1)} disabled={disabled || busy} sx={{ minHeight: 40 }}>
      {p.next}
    </Button>
  );

  /** The controls of the step shown. */
  const stepBody = (name: (typeof STEPS)[number]): ReactNode => (
    <>
      {name === 'kind' && (
        <>
          <KindChoice kind={kind} onChange={chooseKind} />
          {nav(nextButton(false), null)}
        </>
      )}
      {name === 'upload' && (
        <>
          <FileChoice file={file} onChange={inspect} disabled={busy} />
          {busy && <Busy text={p.reading} />}
          {inspection && <InspectionFacts inspection={inspection} />}
          {nav(nextButton(!inspection))}
        </>
      )}
      {name === 'mapping' && inspection && (
        <>
          <MappingStep
            kind={kind}
            inspection={inspection}
            mapping={mapping}
            values={values}
            onChange={(m, v) => {
              setMapping(m);
              if (v) setValues(v);
              setReport(null);
            }}
            onSaved={(name) => notify(format(p.mappingSaved, { name }), { type: 'info' })}
          />
          {missing.length > 0 && (
            <Alert severity="warning" sx={{ my: 1 }}>
              {format(p.missing, { fields: missing.map((f) => f.label).join(', ') })}
            </Alert>
          )}
          {nav(nextButton(missing.length > 0))}
        </>
      )}
      {name === 'dryRun' && file && (
        <>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 1 }}>
            <Button variant={report ? 'outlined' : 'contained'} onClick={dryRun} disabled={busy} sx={{ minHeight: 40 }}>
              {report ? p.checkAgain : p.check}
            </Button>
            {report && report.counts.refused > 0 && <ErrorFileButton kind={kind} file={file} request={request()} />}
          </Stack>
          {busy && <Busy text={p.checking} />}
          {report && <DryRunReport kind={kind} report={report} values={values} onValuesChange={setValues} />}
          {nav(nextButton(!report))}
        </>
      )}
      {name === 'run' && file && (
        <>
          {jobId === null ? (
            <>
              <Typography variant="body2" sx={{ my: 1 }}>
                {p.runIntro}
              </Typography>
              {nav(
                <Button variant="contained" onClick={run} disabled={busy} startIcon={busy ? <CircularProgress size={18} /> : <UploadFileIcon />} sx={{ minHeight: 40 }}>
                  {p.run}
                </Button>,
              )}
            </>
          ) : (
            <>
              <ImportJobCard id={jobId} />
              <Button onClick={restart} sx={{ minHeight: 40, mt: 1 }}>
                {p.newImport}
              </Button>
            </>
          )}
        </>
      )}
    </>
  );

  return (
    <Box sx={{ pb: 4, maxWidth: 960, minWidth: 0 }}>
      <PageHeading>{p.title}</PageHeading>
      {latest && latest.id !== jobId && <ImportJobCard id={latest.id} title={p.latest} />}
      <Stepper activeStep={step} orientation="vertical" sx={{ mt: 1 }}>
        {STEPS.map((name, index) => (
          <Step key={name}>
            <StepLabel>{p.steps[name]}</StepLabel>
            <StepContent TransitionProps={{ unmountOnExit: true }}>
              {/* only the current step's controls exist: a step closing holds no second Next */}
              {index === step && (
                <Box ref={stepBox} tabIndex={-1} role="group" aria-label={p.steps[name]} sx={{ outline: 'none' }}>
                  {errorAlert}
                  {stepBody(name)}
                </Box>
              )}
            </StepContent>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}

function Busy({ text }: { text: string }) {
  return (
    <Stack direction="row" role="status" sx={{ alignItems: 'center', gap: 1, my: 1 }}>
      <CircularProgress size={18} />
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}

/** Step 1: the kinds as radio buttons, and the chosen kind's templates to download. */
function KindChoice({ kind, onChange }: { kind: ImportKind; onChange: (kind: ImportKind) => void }) {
  const labelId = useId();
  const download = useDownload(p.templateFailed);
  const template = (fileFormat: 'csv' | 'xlsx') => download.start({ path: `/import/${kind}/template`, query: {}, format: fileFormat });
  return (
    <>
      <FormControl>
        <FormLabel id={labelId}>{p.kindLabel}</FormLabel>
        <RadioGroup aria-labelledby={labelId} name="import-kind" value={kind} onChange={(e) => onChange(e.target.value as ImportKind)}>
          {IMPORT_KINDS.map((k) => (
            <FormControlLabel key={k} value={k} control={<Radio />} label={rc.imports.kinds[k]} />
          ))}
        </RadioGroup>
      </FormControl>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {format(p.templates, { kind: rc.imports.kinds[kind] })}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => template('xlsx')} disabled={download.busy} sx={{ minHeight: 40 }}>
          {p.templateXlsx}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => template('csv')} disabled={download.busy} sx={{ minHeight: 40 }}>
          {p.templateCsv}
        </Button>
      </Stack>
    </>
  );
}

/** Step 2's file: a 'Choose the file' button holding the real file input (Tab reaches it, Space opens the picker). */
function FileChoice({ file, onChange, disabled }: { file: File | null; onChange: (file: File) => void; disabled: boolean }) {
  const helperId = useId();
  return (
    <FormControl sx={{ my: 1, width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button
          component="label"
          role={undefined}
          tabIndex={-1}
          variant="outlined"
          disabled={disabled}
          startIcon={<UploadFileIcon />}
          sx={{ minHeight: 40, '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {p.chooseFile}
          <input
            type="file"
            name="file"
            accept={ACCEPT}
            disabled={disabled}
            aria-describedby={helperId}
            style={visuallyHidden}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              // the same file chosen again after a fix must still be read again
              e.target.value = '';
              if (chosen) onChange(chosen);
            }}
          />
        </Button>
        {file && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {format(p.fileChosen, { name: file.name })}
          </Typography>
        )}
      </Stack>
      <FormHelperText id={helperId} sx={{ mx: 0 }}>
        {p.file}
      </FormHelperText>
    </FormControl>
  );
}

/** What the inspection found: format, encoding and delimiter (CSV), and the first rows (a table at a desk, cards on a phone). */
function InspectionFacts({ inspection }: { inspection: ImportInspection }) {
  const phone = useIsPhone();
  const delimiter = inspection.delimiter === '\t' ? p.tab : inspection.delimiter;
  return (
    <Box>
      <LabeledValues items={[[p.format, inspection.format.toUpperCase()], [p.encoding, inspection.encoding], [p.delimiter, delimiter]]} />
      <Typography variant="subtitle2" component="h3" id="import-first-rows">
        {p.firstRows}
      </Typography>
      {phone ? (
        <Stack component="ul" aria-labelledby="import-first-rows" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
          {inspection.rows.map((r) => (
            <Card key={r.line} component="li" variant="outlined">
              <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
                <LabeledValues dense items={[[p.line, String(r.line)], ...inspection.headers.map((h, i): [string, string] => [h, r.values[i] ?? ''])]} />
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        // a wide file scrolls inside its frame; the page itself never scrolls sideways
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="import-first-rows">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{p.line}</TableCell>
                {inspection.headers.map((h, i) => (
                  <TableCell key={`${i}-${h}`} sx={{ whiteSpace: 'nowrap' }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {inspection.rows.map((r) => (
                <TableRow key={r.line}>
                  <TableCell>{r.line}</TableCell>
                  {inspection.headers.map((h, i) => (
                    <TableCell key={`${i}-${h}`}>{r.values[i] ?? ''}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/**
 * Step 3: a labelled select of the file's headers for each field of the kind (required fields
 * marked), a saved mapping to start from (its columns the file lacks are left unmapped) and the
 * current mapping and value mapping saved under a name (PUT .../mappings/{name}).
 */
function MappingStep({ kind, inspection, mapping, values, onChange, onSaved }: {
  kind: ImportKind;
  inspection: ImportInspection;
  mapping: ImportMapping;
  values: ImportValueMapping;
  onChange: (mapping: ImportMapping, values?: ImportValueMapping) => void;
  onSaved: (name: string) => void;
}) {
  const saved = useSavedMappings(kind);
  const calls = useImportCalls();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const headers = inspection.headers;
  const nameValid = importMappingName.safeParse(name).success;

  const apply = (savedName: string) => {
    setChosen(savedName);
    const found = saved.data?.find((m) => m.name === savedName);
    if (!found) return;
    const next: ImportMapping = { ...inspection.mapping };
    for (const [field, column] of Object.entries(found.mapping)) {
      if (field in next) next[field] = column !== null && headers.includes(column) ? column : null;
    }
    onChange(next, found.values);
    setName(savedName);
  };
  const save = async () => {
    if (!nameValid || saving) return;
    setSaving(true);
    setSaveError(null);
    try {
      const trimmed = name.trim();
      await calls.saveMapping(kind, trimmed, { mapping, values });
      setChosen(trimmed);
      onSaved(trimmed);
    } catch (e) {
      setSaveError(messageOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 560 }}>
      {!!saved.data?.length && (
        <TextField id="import-saved-mapping" select size="small" fullWidth label={p.savedMapping} value={chosen} onChange={(e) => apply(e.target.value)} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} sx={{ my: 1 }}>
          <MenuItem value="">{p.noSavedMapping}</MenuItem>
          {saved.data.map((m) => (
            <MenuItem key={m.name} value={m.name}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Stack sx={{ gap: 1.5, my: 1 }}>
        {IMPORT_FIELDS[kind].map((f) => (
          <TextField
            key={f.key}
            id={`import-map-${f.key}`}
            select
            size="small"
            fullWidth
            required={f.required}
            error={f.required && !mapping[f.key]}
            label={f.label}
            value={mapping[f.key] ?? ''}
            onChange={(e) => onChange({ ...mapping, [f.key]: e.target.value === '' ? null : e.target.value })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{p.noColumn}</MenuItem>
            {headers.map((h, i) => (
              <MenuItem key={`${i}-${h}`} value={h}>
                {h}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', my: 1 }}>
        <TextField id="import-mapping-name" size="small" label={p.mappingName} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} sx={{ flex: '1 1 200px' }} />
        <Button variant="outlined" onClick={save} disabled={!nameValid || saving} sx={{ minHeight: 40 }}>
          {p.saveMapping}
        </Button>
      </Stack>
      {saveError && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {saveError}
        </Alert>
      )}
    </Box>
  );
}

/** The dry run's error file: POST /api/import/{kind}/errors with the same file and request, saved as the server names it. */
function ErrorFileButton({ kind, file, request }: { kind: ImportKind; file: File; request: ImportRequest }) {
  const download = useDownload(p.errorFileFailed);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={download.busy}
      onClick={() => download.start({ path: `/import/${kind}/errors`, query: {}, format: 'csv', body: importForm(file, request) })}
      sx={{ minHeight: 40 }}
    >
      {p.errorFile}
    </Button>
  );
}
