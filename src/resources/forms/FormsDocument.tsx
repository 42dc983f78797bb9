import { Link } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { tapTarget } from '../../common/listStyles';
import { format, rc } from '../../domain/messages';
import type { UploadJson } from '../../domain/schemas/uploads';
import { DownloadButton } from '../uploads/DownloadButton';

/**
 * A Forms page document by its description: a file downloads on click (the name from
 * Content-Disposition), a reference link (linkUrl) opens in a new tab.
 */
export function FormsDocument({ upload }: { upload: UploadJson }) {
  if (upload.linkUrl) {
    return (
      <Link
        href={upload.linkUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={format(rc.uploads.fields.opensInNewTab, { name: upload.description })}
        sx={{ ...tapTarget, overflowWrap: 'anywhere' }}
      >
        {upload.description}
        <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'text-top' }} aria-hidden />
      </Link>
    );
  }
  return <DownloadButton upload={upload}>{upload.description}</DownloadButton>;
}
