import { useGetList } from 'react-admin';
import { Box, Stack } from '@mui/material';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { useActor } from '../../common/useActor';
import { useStruckRows } from '../../common/useStruckRows';
import { can } from '../../domain/access';
import { rc } from '../../domain/messages';
import { FORM_UPLOAD_TYPE_IDS, MAX_UPLOAD_PAGE, type UploadJson } from '../../domain/schemas/uploads';
import { TenCodeRefresher } from '../../custom/quiz/TenCodeRefresher';
import { uploadTypeName } from '../uploads/uploadQuery';
import { useLeaveOnError } from '../../common/useLeaveOnError';
import { FormsGroup } from './FormsGroup';

type Row = UploadJson & { id: number };

/**
 * /Forms (spec §2 Forms page): the Ten Code Refresher and the five groups of documents (upload
 * types 3-7: Departmental Forms, Team Forms, Reference Documents, Field Training Forms, Holiday
 * Deployment Forms) with download links or reference links, read in one call
 * (GET /uploads/getMultiple?uploadTypeId=3,4,5,6,7). Level 9+ add, edit and remove documents
 * through /UploadEdit. Every level but 3 (spec §6). A failed load shows its message and goes to /.
 */
export function FormsPage() {
  return (
    <RequirePermission action="upload:read">
      <FormsPageView />
    </RequirePermission>
  );
}

function FormsPageView() {
  const leave = useLeaveOnError();
  const { actor } = useActor();
  const struck = useStruckRows();
  const canWrite = can(actor, 'upload:write');
  const { data = [], isPending } = useGetList<Row>(
    'uploads',
    {
      filter: { uploadTypeId: FORM_UPLOAD_TYPE_IDS.join(','), officerId: actor?.officerId },
      pagination: { page: 1, perPage: MAX_UPLOAD_PAGE },
      sort: { field: 'description', order: 'ASC' },
    },
    { onError: leave },
  );
  return (
    <Box component="section" sx={{ minWidth: 0, maxWidth: '100%', pb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        <PageHeading>{rc.uploads.titles.forms}</PageHeading>
        <TenCodeRefresher />
      </Stack>
      {FORM_UPLOAD_TYPE_IDS.map((typeId) => (
        <FormsGroup
          key={typeId}
          uploadTypeId={typeId}
          name={uploadTypeName(typeId)}
          rows={data.filter((r) => r.uploadType.uploadTypeId === typeId)}
          isPending={isPending}
          canWrite={canWrite}
          struck={struck}
        />
      ))}
    </Box>
  );
}
