import { FunctionField, TextField } from 'react-admin';
import { CardTitle } from '../../common/CardTitle';
import { ListPage } from '../../common/ListPage';
import { LabeledValues } from '../../common/LabeledValues';
import { ResponsiveList } from '../../common/ResponsiveList';
import { RowLink } from '../../common/RowLink';
import { useOfficerChoices } from '../../common/lookups';
import { officerCode, officerListLabel } from '../../domain/officerLabel';
import { rc } from '../../domain/messages';
import type { ReportUploadRow } from '../../domain/schemas/uploads';
import { ReportStatus } from './ReportParts';

const f = rc.uploads.fields;
const title = rc.uploads.titles.downloadReport;
type Row = ReportUploadRow & { id: number };

/**
 * The compliance report of one officer (/DownloadReport?officerId, spec §2, reached from the
 * roster's unread count): every 159 with 'UNREAD' or his sign-off time, newest first; a 159's
 * description opens its own report (?uploadId). Sortable and paged; cards on a phone; Export (CSV / Excel, GET /uploads/exportReport) and Print.
 */
export function ReportByOfficer({ officerId }: { officerId: number }) {
  const officers = useOfficerChoices();
  const officer = officers.find((o) => o.officerId === officerId);
  const description = (r: Row) => <RowLink to={`/DownloadReport?uploadId=${r.uploadId}`}>{r.description}</RowLink>;
  return (
    <ListPage title={title} exportTo={{ path: '/uploads/exportReport' }} criteria={[[f.officer, officer ? officerListLabel(officer) : officerCode(officerId)]]}>
      <ResponsiveList<Row>
        label={title}
        sortFields={[
          { field: 'dateEntered', label: f.dateEntered },
          { field: 'description', label: f.description },
          { field: 'signoffTimestamp', label: f.status },
        ]}
        card={(r) => (
          <>
            <CardTitle>{description(r)}</CardTitle>
            <LabeledValues dense items={[[f.dateEntered, r.dateEntered], [f.status, <ReportStatus status={r.status} />]]} />
          </>
        )}
      >
        <TextField label={f.dateEntered} source="dateEntered" />
        <FunctionField<Row> label={f.description} sortBy="description" render={description} />
        <FunctionField<Row> label={f.status} sortBy="signoffTimestamp" render={(r) => <ReportStatus status={r.status} />} />
      </ResponsiveList>
    </ListPage>
  );
}
