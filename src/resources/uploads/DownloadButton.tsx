import { useState, type ReactNode } from 'react';
import { Link } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { useActor } from '../../common/useActor';
import { tapTarget } from '../../common/listStyles';
import { saveBlob } from '../../common/download';
import { format, rc } from '../../domain/messages';
import type { UploadJson } from '../../domain/schemas/uploads';

/**
 * Click to download an upload's file (spec §2 Uploads, §7 GET /uploads/download/{id}?officerId):
 * saved under the name the server gives in Content-Disposition. A failure shows 'Error
 * downloading file, error code = {status}' (spec §8). Looks like a link; a real button for the
 * keyboard. `children` is what it shows (the file name or the document's description).
 */
export function DownloadButton({ upload, children }: { upload: Pick<UploadJson, 'uploadId' | 'filename'>; children?: ReactNode }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const notify = useNotify();
  const { actor } = useActor();
  const [busy, setBusy] = useState(false);
  const name = upload.filename ?? '';
  const download = async () => {
    if (!actor || busy) return;
    setBusy(true);
    try {
      const { blob, filename } = await dataProvider.download(upload.uploadId, actor.officerId, name || 'download');
      saveBlob(blob, filename);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Link
      component="button"
      type="button"
      onClick={download}
      aria-busy={busy}
      aria-label={format(rc.uploads.fields.downloadOf, { name: children && typeof children === 'string' ? children : name })}
      sx={{ ...tapTarget, textAlign: 'left', overflowWrap: 'anywhere', font: 'inherit', verticalAlign: 'baseline' }}
    >
      {children ?? name}
    </Link>
  );
}
