import { Box } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { FunctionField, ListBase, Loading, TextField } from 'react-admin';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { ActionButton } from '../../common/ActionButton';
import { ListPage } from '../../common/ListPage';
import { printClasses } from '../../common/printClasses';
import { RequirePermission } from '../../common/NotPermitted';
import { ResponsiveList } from '../../common/ResponsiveList';
import { RemoveButton } from '../../common/RemoveButton';
import { RowLink } from '../../common/RowLink';
import { useActor } from '../../common/useActor';
import { useStruckRows } from '../../common/useStruckRows';
import { DEFAULT_PAGE_SIZE, UPLOAD_TYPE } from '../../domain/constants';
import { can } from '../../domain/access';
import { format, rc } from '../../domain/messages';
import type { UploadJson } from '../../domain/schemas/uploads';
import { DownloadButton } from './DownloadButton';
import { ReadCheckbox } from './ReadCheckbox';
import { UploadCard } from './UploadCard';
import { UploadDateFilter } from './UploadDateFilter';
import { parseUploadQuery, uploadQueryString, uploadTypeName, type UploadQuery } from './uploadQuery';
import { useOld159Redirect } from './useOld159Redirect';
import { useLeaveOnError } from '../../common/useLeaveOnError';

const f = rc.uploads.fields;
type Row = UploadJson & { id: number };

/**
 * /UploadBrowse?uploadTypeId&dateEntered1&dateEntered2 (spec §2 Uploads): titled '159 Board' (type
 * 1) or 'LOSAP Notices' (type 2). Newest first; sortable and paged like every list; cards on a
 * phone. Each 159 has its read checkbox (sign-off); a click on the file name downloads it. At
 * level 9+ a 159's description opens its compliance report (/DownloadReport?uploadId), and Add,
 * Edit and Remove are offered. LOSAP Notices sends an officer with a 159 unread for 30+ days to
 * the 159 board (spec §4 forced redirect). Export (CSV / Excel, GET /uploads/export) and Print. Level 3 gets the not-permitted page. A failed load
 * shows its message and goes to / (docs/decisions.md).
 */
export function UploadList() {
  return (
    <RequirePermission action="upload:read">
      <UploadListPage />
    </RequirePermission>
  );
}

function UploadListPage() {
  const { search } = useLocation();
  const leave = useLeaveOnError();
  const { actor } = useActor();
  const q = parseUploadQuery(search);
  const waiting = useOld159Redirect(q.uploadTypeId);
  if (waiting || !actor) return <Loading />;
  return (
    <ListBase
      key={search}
      resource="uploads"
      filter={{ ...q, officerId: actor.officerId }}
      sort={{ field: 'dateEntered', order: 'DESC' }}
      perPage={DEFAULT_PAGE_SIZE}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ onError: leave }}
    >
      <UploadListView query={q} />
    </ListBase>
  );
}

/** The board's export: its type and dates and the sort, every page. */
const EXPORT = { path: '/uploads/export' } as const;

function UploadListView({ query }: { query: UploadQuery }) {
  const { actor } = useActor();
  const struck = useStruckRows();
  const canWrite = can(actor, 'upload:write');
  const canReport = can(actor, 'upload:report');
  const title = uploadTypeName(query.uploadTypeId);
  const search = uploadQueryString(query);
  const is159 = (r: Row) => r.uploadType.uploadTypeId === UPLOAD_TYPE.BOARD_159;
  const showsRead = !query.uploadTypeId || query.uploadTypeId === UPLOAD_TYPE.BOARD_159;
  const description = (r: Row) =>
    canReport && is159(r) ? (
      <RowLink to={`/DownloadReport?uploadId=${r.uploadId}`} ariaLabel={format(f.reportOf, { description: r.description })}>
        {r.description}
      </RowLink>
    ) : (
      r.description
    );
  const file = (r: Row) => (r.filename ? <DownloadButton upload={r} /> : null);
  const read = (r: Row) => (is159(r) ? <ReadCheckbox upload={r} /> : null);
  const edit = (r: Row) => <ActionButton label={f.edit} icon={<EditIcon />} to={`/UploadEdit/${r.uploadId}${search}`} ariaLabel={format(f.editOf, { description: r.description })} />;
  const remove = (r: Row) =>
    !struck.isStruck(r.id) && (
      <RemoveButton resource="uploads" record={r} content={r.description} onRemoved={struck.markRemoved} ariaLabel={`${rc.app.remove} ${r.description}`} />
    );
  return (
    <ListPage
      title={title}
      exportTo={EXPORT}
      notice={
        <Box className={printClasses.noPrint}>
          <UploadDateFilter query={query} />
        </Box>
      }
      actions={canWrite && <ActionButton label={rc.app.add} icon={<AddIcon />} to={`/UploadEdit${search}`} variant="contained" />}
    >
      <ResponsiveList<Row>
        label={title}
        struck={struck}
        sortFields={[
          { field: 'dateEntered', label: f.dateEntered },
          { field: 'description', label: f.description },
          { field: 'filename', label: f.file },
          ...(showsRead ? [{ field: 'signoffTimestamp', label: f.read }] : []),
        ]}
        card={(r) => (
          <UploadCard
            upload={r}
            title={description(r)}
            file={file(r)}
            typeName={query.uploadTypeId ? undefined : r.uploadType.uploadTypeDescription}
            read={read(r)}
            actions={canWrite && (<>{edit(r)}{remove(r)}</>)}
          />
        )}
      >
        {showsRead && <FunctionField<Row> label={f.read} sortBy="signoffTimestamp" render={read} />}
        <TextField label={f.dateEntered} source="dateEntered" />
        {!query.uploadTypeId && <TextField label={f.uploadType} source="uploadType.uploadTypeDescription" sortBy="uploadTypeId" />}
        <FunctionField<Row> label={f.description} sortBy="description" render={description} />
        <FunctionField<Row> label={f.file} sortBy="filename" render={file} />
        {canWrite && <FunctionField<Row> label={f.edit} sortable={false} render={edit} />}
        {canWrite && <FunctionField<Row> label={rc.app.remove} sortable={false} render={remove} />}
      </ResponsiveList>
    </ListPage>
  );
}
