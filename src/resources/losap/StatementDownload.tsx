import { useState } from 'react';
import { Box, Button, LinearProgress } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useNotify } from 'react-admin';
import { fetchExport, formatBytes, saveBlob } from '../../common/download';
import { format, rc } from '../../domain/messages';

const s = rc.losap.statement;

/** What a statement download asks for: GET /api/losap/statement (one PDF) or /api/losap/statements (the ZIP). */
export interface StatementFile {
  path: '/losap/statement' | '/losap/statements';
  query: Record<string, string | number | undefined>;
}

/**
 * A button saving a LOSAP statement file (fetchExport: bearer token, the server's file name,
 * bytes so far shown while it streams; saveBlob saves it). A refusal is notified with the
 * server's message. `label` is the button's text; `ariaLabel` when the text is shared by rows.
 */
export function StatementButton({ file, label, ariaLabel, variant = 'outlined' }: { file: StatementFile; label: string; ariaLabel?: string; variant?: 'outlined' | 'text' }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [bytes, setBytes] = useState(0);
  const start = () => {
    if (busy) return;
    setBusy(true);
    setBytes(0);
    fetchExport({ path: file.path, query: file.query, format: file.path === '/losap/statement' ? 'pdf' : 'zip' }, setBytes)
      .then(({ blob, filename }) => {
        saveBlob(blob, filename);
        notify(format(rc.download.exported, { filename }), { type: 'info' });
      })
      .catch((error: unknown) => notify(error instanceof Error && error.message ? error.message : s.downloadFailed, { type: 'error' }))
      .finally(() => setBusy(false));
  };
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.5 }}>
      <Button variant={variant} size="small" startIcon={<PictureAsPdfIcon />} sx={{ minHeight: 40 }} disabled={busy} aria-label={ariaLabel} onClick={start}>
        {label}
      </Button>
      {busy && (
        <Box role="status" sx={{ minWidth: 120, typography: 'caption' }}>
          {bytes > 0 ? format(rc.download.exportingSize, { size: formatBytes(bytes) }) : rc.download.exporting}
          <LinearProgress aria-hidden sx={{ mt: 0.5 }} />
        </Box>
      )}
    </Box>
  );
}
