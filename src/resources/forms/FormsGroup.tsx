import { FunctionField, ListContextProvider, ResourceContextProvider, TextField, useList } from 'react-admin';
import { Box, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { ActionButton } from '../../common/ActionButton';
import { ResponsiveList } from '../../common/ResponsiveList';
import { LabeledValues } from '../../common/LabeledValues';
import { RemoveButton } from '../../common/RemoveButton';
import type { StruckRows } from '../../common/useStruckRows';
import { format, rc } from '../../domain/messages';
import type { UploadJson } from '../../domain/schemas/uploads';
import { formatFileSize } from '../uploads/uploadQuery';
import { documentKindOfName } from '../../domain/schemas/uploads';
import { FormsDocument } from './FormsDocument';

const f = rc.uploads.fields;
type Row = UploadJson & { id: number };

/**
 * One group of the Forms page (spec §2 Forms page: departmental forms, team forms, reference
 * documents, field-training forms, holiday deployment forms): its heading and its documents (a
 * click downloads a file or opens a link) by name; cards on a phone. `canWrite` (level
 * 9+) adds Add (of this group's upload type), Edit and Remove.
 */
export function FormsGroup({ uploadTypeId, name, rows, isPending, canWrite, struck }: {
  uploadTypeId: number;
  name: string;
  rows: Row[];
  isPending: boolean;
  canWrite: boolean;
  struck: StruckRows;
}) {
  const list = useList<Row>({ data: rows, isPending, sort: { field: 'description', order: 'ASC' }, perPage: 1000 });
  const headingId = `forms-group-${uploadTypeId}`;
  const kind = (r: Row) => (r.linkUrl ? f.webLink : [documentKindOfName(r.filename ?? '')?.toUpperCase(), r.fileSize !== null && formatFileSize(r.fileSize)].filter(Boolean).join(', '));
  const edit = (r: Row) => (
    <ActionButton label={f.edit} icon={<EditIcon />} to={`/UploadEdit/${r.uploadId}?uploadTypeId=${uploadTypeId}`} ariaLabel={format(f.editOf, { description: r.description })} />
  );
  const remove = (r: Row) =>
    !struck.isStruck(r.id) && (
      <RemoveButton resource="uploads" record={r} content={r.description} onRemoved={struck.markRemoved} ariaLabel={`${rc.app.remove} ${r.description}`} />
    );
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {name}
        </Typography>
        {canWrite && (
          <ActionButton label={rc.app.add} icon={<AddIcon />} to={`/UploadEdit?uploadTypeId=${uploadTypeId}`} ariaLabel={`${rc.app.add}: ${name}`} />
        )}
      </Stack>
      {/* the same column widths in every group at a desk */}
      <Box sx={{ '& table': { tableLayout: 'fixed' }, '& th:first-of-type': { width: '40%' } }}>
      <ResourceContextProvider value="uploads">
        <ListContextProvider value={list}>
          <ResponsiveList<Row>
            label={name}
            struck={struck}
            empty={<Typography variant="body2" sx={{ my: 1 }}>{rc.uploads.noDocuments}</Typography>}
            sortFields={[]}
            card={(r) => (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  <FormsDocument upload={r} />
                </Typography>
                <LabeledValues dense items={[[f.dateEntered, r.dateEntered], [f.file, kind(r)]]} />
                {canWrite && (
                  <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2 }}>
                    {edit(r)}
                    {remove(r)}
                  </Stack>
                )}
              </>
            )}
          >
            <FunctionField<Row> label={f.documents} sortable={false} render={(r) => <FormsDocument upload={r} />} />
            <TextField label={f.dateEntered} source="dateEntered" sortable={false} />
            <FunctionField<Row> label={f.file} sortable={false} render={kind} />
            {canWrite && <FunctionField<Row> label={f.edit} sortable={false} render={edit} />}
            {canWrite && <FunctionField<Row> label={rc.app.remove} sortable={false} render={remove} />}
          </ResponsiveList>
        </ListContextProvider>
      </ResourceContextProvider>
      </Box>
    </Box>
  );
}
