import { Alert, Box, Button, Card, CardContent, LinearProgress, Skeleton, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { CardTitle } from '../../common/CardTitle';
import { LabeledValues } from '../../common/LabeledValues';
import { formatBytes, useDownload } from '../../common/download';
import { formatCount } from '../../common/numberFormat';
import { useActor } from '../../common/useActor';
import { fromInstant } from '../../domain/dates';
import { format, rc } from '../../domain/messages';
import type { ImportJob } from '../../domain/schemas/imports';
import { useImportJob } from './importApi';

const p = rc.imports.page;
const o = rc.imports.outcomes;

/** An outcome count per line: New, Unchanged, Changed, Refused. */
export function ImportCounts({ counts }: { counts: ImportJob['counts'] }) {
  return <LabeledValues items={[[o.new, formatCount(counts.new)], [o.unchanged, formatCount(counts.unchanged)], [o.changed, formatCount(counts.changed)], [o.refused, formatCount(counts.refused)]]} />;
}

/**
 * One import job (GET /api/import/jobs/{id}, asked again every second while it runs): what and
 * which file, who started it and when; while running a bar of the file's bytes read and the
 * counts so far; once done the counts and, when rows were refused, the error file (GET
 * /api/import/jobs/{id}/errors); a failed job says why.
 */
export function ImportJobCard({ id, title }: { id: number; title?: string }) {
  const { data: job, isPending, error } = useImportJob(id);
  const { tz } = useActor();
  const download = useDownload(p.errorFileFailed);
  if (isPending) return <Skeleton variant="rectangular" height={120} sx={{ my: 1, maxWidth: 720 }} />;
  if (!job) return <Alert severity="error" sx={{ my: 1 }}>{error?.message}</Alert>;
  const when = (instant: string) => {
    const { date, time } = fromInstant(instant, tz);
    return `${date} ${time}`;
  };
  const percent = job.bytesTotal > 0 ? Math.min(100, Math.round((100 * job.bytesRead) / job.bytesTotal)) : 0;
  return (
    <Card variant="outlined" component="section" aria-label={title ?? p.latest} sx={{ my: 1, maxWidth: 720 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        {title && (
          <Typography variant="overline" component="p">
            {title}
          </Typography>
        )}
        <CardTitle>{format(p.jobHeading, { kind: rc.imports.kinds[job.kind], fileName: job.fileName })}</CardTitle>
        <Typography variant="body2" color="text.secondary">
          {format(p.startedBy, { time: when(job.startedAt), name: job.startedBy.name })}
        </Typography>
        {job.status === 'running' && (
          <Box sx={{ my: 1 }}>
            <Typography variant="body2" id={`import-job-${job.id}-progress`}>
              {p.running} {format(p.bytes, { read: formatBytes(job.bytesRead), total: formatBytes(job.bytesTotal) })} · {format(p.rowsRead, { rows: formatCount(job.rows) })}
            </Typography>
            <LinearProgress variant="determinate" value={percent} aria-label={p.progress} aria-describedby={`import-job-${job.id}-progress`} sx={{ my: 0.5 }} />
          </Box>
        )}
        {job.status === 'done' && (
          <Alert severity="success" role="status" sx={{ my: 1 }}>
            {p.done} {job.finishedAt ? format(p.finished, { time: when(job.finishedAt) }) : ''}
          </Alert>
        )}
        {job.status === 'failed' && (
          <Alert severity="error" role="alert" sx={{ my: 1 }}>
            {format(p.failed, { error: job.error ?? '' })}
          </Alert>
        )}
        <ImportCounts counts={job.counts} />
        {job.hasErrorFile && (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={download.busy}
            onClick={() => download.start({ path: `/import/jobs/${job.id}/errors`, query: {}, format: 'csv' })}
            sx={{ minHeight: 40 }}
          >
            {p.errorFile}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
