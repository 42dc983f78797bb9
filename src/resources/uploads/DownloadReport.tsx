import { useLocation } from 'react-router-dom';
import { ListBase } from 'react-admin';
import { Alert } from '@mui/material';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { rc } from '../../domain/messages';
import { ReportByOfficer } from './ReportByOfficer';
import { ReportByUpload } from './ReportByUpload';
import { useLeaveOnError } from '../../common/useLeaveOnError';

/**
 * /DownloadReport?uploadId or ?officerId (spec §2, level 9+; below it the not-permitted page):
 * the 159 compliance report per document or per officer (GET /uploads/downloadReport), sorted
 * and paged on the server like every list, printable. Without either id it says which to give.
 * A failed load shows its message and goes to / (docs/decisions.md).
 */
export function DownloadReport() {
  return (
    <RequirePermission action="upload:report">
      <DownloadReportPage />
    </RequirePermission>
  );
}

function DownloadReportPage() {
  const { search } = useLocation();
  const leave = useLeaveOnError();
  const params = new URLSearchParams(search);
  const uploadId = Number(params.get('uploadId')) || 0;
  const officerId = Number(params.get('officerId')) || 0;
  if (!uploadId && !officerId) {
    return (
      <>
        <PageHeading>{rc.uploads.titles.downloadReport}</PageHeading>
        <Alert severity="info">{rc.uploads.errors.reportNeedsOne}</Alert>
      </>
    );
  }
  return (
    <ListBase
      key={search}
      resource="downloadReport"
      filter={uploadId ? { uploadId } : { officerId }}
      sort={uploadId ? { field: 'lastName', order: 'ASC' } : { field: 'dateEntered', order: 'DESC' }}
      perPage={DEFAULT_PAGE_SIZE}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ onError: leave }}
    >
      {uploadId ? <ReportByUpload uploadId={uploadId} /> : <ReportByOfficer officerId={officerId} />}
    </ListBase>
  );
}
