import { FunctionField, TextField, useGetOne } from 'react-admin';
import { CardTitle } from '../../common/CardTitle';
import { ListPage } from '../../common/ListPage';
import { LabeledValues } from '../../common/LabeledValues';
import { ResponsiveList } from '../../common/ResponsiveList';
import { RowLink } from '../../common/RowLink';
import { officerListLabel } from '../../domain/officerLabel';
import { rc } from '../../domain/messages';
import type { ReportOfficerRow, UploadJson } from '../../domain/schemas/uploads';
import { ReportStatus } from './ReportParts';
import { ComplianceChartLazy } from './ComplianceChartLazy';

const f = rc.uploads.fields;
const title = rc.uploads.titles.downloadReport;
type Row = ReportOfficerRow & { id: number };

/**
 * The compliance report of one 159 (/DownloadReport?uploadId, spec §2; docs/decisions.md): every
 * officer who must read it, with his precinct and 'UNREAD' or his sign-off time; an officer's name
 * opens his own report (?officerId). Sortable and paged; cards on a phone; Export (CSV / Excel, GET /uploads/exportReport) and Print.
 */
export function ReportByUpload({ uploadId }: { uploadId: number }) {
  const { data: upload } = useGetOne<UploadJson & { id: number }>('uploads', { id: uploadId });
  const officer = (r: Row) => <RowLink to={`/DownloadReport?officerId=${r.officerId}`}>{officerListLabel(r)}</RowLink>;
  return (
    <ListPage
      title={title}
      exportTo={{ path: '/uploads/exportReport' }}
      criteria={[
        [f.description, upload?.description],
        [f.dateEntered, upload?.dateEntered],
      ]}
    >
      <ComplianceChartLazy notice={upload?.description} />
      <ResponsiveList<Row>
        label={title}
        sortFields={[
          { field: 'lastName', label: f.officer },
          { field: 'precinct', label: f.precinct },
          { field: 'signoffTimestamp', label: f.status },
        ]}
        card={(r) => (
          <>
            <CardTitle>{officer(r)}</CardTitle>
            <LabeledValues dense items={[[f.precinct, r.precinct?.description], [f.status, <ReportStatus status={r.status} />]]} />
          </>
        )}
      >
        <FunctionField<Row> label={f.officer} sortBy="lastName" render={officer} />
        <TextField label={f.precinct} source="precinct.description" sortBy="precinct" emptyText="" />
        <FunctionField<Row> label={f.status} sortBy="signoffTimestamp" render={(r) => <ReportStatus status={r.status} />} />
      </ResponsiveList>
    </ListPage>
  );
}
