import { Box, Button } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useDownload } from '../../common/download';
import { ExportProgress } from '../../common/ExportButton';
import { rc } from '../../domain/messages';

const s = rc.losap.statement;

/** What a statement download asks for: GET /api/losap/statement (one PDF) or /api/losap/statements (the ZIP). */
export interface StatementFile {
  path: '/losap/statement' | '/losap/statements';
  query: Record<string, string | number | undefined>;
}

/**
 * A button saving a LOSAP statement file (useDownload: the server's file name, bytes so far shown
 * while it streams). A refusal is notified with the server's message. `label` is the button's text; `ariaLabel` when the text is shared by rows.
 */
export function StatementButton({ file, label, ariaLabel, variant = 'outlined' }: { file: StatementFile; label: string; ariaLabel?: string; variant?: 'outlined' | 'text' }) {
  const download = useDownload(s.downloadFailed);
  const start = () => download.start({ path: file.path, query: file.query, format: file.path === '/losap/statement' ? 'pdf' : 'zip' });
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.5 }}>
      <Button variant={variant} size="small" startIcon={<PictureAsPdfIcon />} sx={{ minHeight: 40 }} disabled={download.busy} aria-label={ariaLabel} onClick={start}>
        {label}
      </Button>
      <ExportProgress state={download} />
    </Box>
  );
}
