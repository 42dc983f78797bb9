import { useState } from 'react';
import { Button, downloadCSV, useDataProvider, useListContext, useNotify } from 'react-admin';
import DownloadIcon from '@mui/icons-material/Download';
import { PAGE_SIZES } from '../../domain/constants';
import { rc } from '../../domain/messages';
import type { AuditLogRow } from '../../domain/schemas/auditLog';
import { auditCsv } from './auditCsv';

/** Largest page the API answers; the export asks page after page. */
const PAGE = Math.max(...PAGE_SIZES);
/** At most this many rows in one export (a filter narrows a bigger log). */
const MAX_ROWS = 50_000;

/**
 * Exports the audit log as it is filtered and sorted on the page, every page of it (up to 50,000
 * rows), as a CSV file 'audit-log-YYYY-MM-DD.csv' written by jsonexport.
 */
export function AuditExportButton() {
  const { filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportAll = async () => {
    setBusy(true);
    try {
      const rows: AuditLogRow[] = [];
      for (let page = 1; rows.length < MAX_ROWS; page++) {
        const { data, total: all } = await dataProvider.getList<AuditLogRow>('auditLog', { filter: filterValues, sort, pagination: { page, perPage: PAGE } });
        rows.push(...data);
        if (data.length < PAGE || rows.length >= (all ?? 0)) break;
      }
      downloadCSV(await auditCsv(rows), `${rc.audit.fileName}-${new Date().toISOString().slice(0, 10)}`);
    } catch {
      notify(rc.audit.exportFailed, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={busy ? rc.audit.exporting : rc.audit.export} onClick={exportAll} disabled={busy || !total} variant="outlined">
      <DownloadIcon />
    </Button>
  );
}
