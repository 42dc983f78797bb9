import { useContext, useId, useState, type MouseEvent } from 'react';
import { Box, Button, LinearProgress, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { ListContext } from 'react-admin';
import { listQuery } from '../providers/dataProvider';
import type { QueryValue } from '../providers/http';
import { format, rc } from '../domain/messages';
import { formatBytes, useDownload, type ExportFormat } from './download';

const d = rc.download;

/** Where a list's export goes (the server's export route of that list). */
export interface ExportSpec {
  /** Path under /api, e.g. '/timeTickets/export'. */
  path: string;
  /**
   * The report's criteria when its rows are not read through getList (statistics, training
   * compliance); otherwise the list's filter (permanent and chosen) is taken from its list context.
   */
  query?: Record<string, QueryValue>;
  /** A POST route's JSON body (training compliance: the chosen events); GET when absent. */
  body?: unknown;
}

export interface ExportState {
  /** Asks for the file in this format and saves it; refusals are notified with the server's message. */
  start: (format: ExportFormat) => void;
  /** True while a file is on its way. */
  busy: boolean;
  /** Bytes received so far (0 until the first chunk). */
  bytes: number;
  /** True when there is nothing to export: the list is empty or still loading. */
  disabled: boolean;
}

/**
 * The export of the list around it (react-admin list context): its current filter and sort, all
 * pages (listQuery, as the dataProvider builds getList's query, without _start/_end), plus
 * format=csv|xlsx, to `spec.path`. The file is saved under the server's name (Content-Disposition).
 */
export function useExport(spec: ExportSpec): ExportState {
  const list = useContext(ListContext);
  const download = useDownload(d.exportFailed);
  // the query is built when asked for, not on each of the list's renders
  const start = (fileFormat: ExportFormat) =>
    download.start({ path: spec.path, query: listQuery(spec.query ?? { ...list?.filterValues, ...list?.filter }, list?.sort), body: spec.body, format: fileFormat });
  return { start, busy: download.busy, bytes: download.bytes, disabled: download.busy || !list?.total };
}

/** 'Exporting… 1.2 MB' under an indeterminate bar while a file arrives (rows are counted by the server, not per byte); nothing otherwise. */
export function ExportProgress({ state }: { state: { busy: boolean; bytes: number } }) {
  if (!state.busy) return null;
  return (
    <Box role="status" sx={{ minWidth: 120, typography: 'caption' }}>
      {state.bytes > 0 ? format(d.exportingSize, { size: formatBytes(state.bytes) }) : d.exporting}
      <LinearProgress aria-hidden sx={{ mt: 0.5 }} />
    </Box>
  );
}

/**
 * 'Export': a button opening the menu 'CSV' / 'Excel (XLSX)'; the chosen file is asked for with
 * the list's filter and sort (useExport) and saved under the server's file name, its progress
 * shown beside the button. Disabled while the list is empty. `label` names a particular file
 * ('Sponsor's file'); 'Export' by default. Menu and items are keyboard
 * reachable (MUI Menu: arrows, Enter, Escape).
 */
export function ExportButton({ spec, label = d.export }: { spec: ExportSpec; label?: string }) {
  const state = useExport(spec);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // mounted the first time it opens, then kept (it closes with its transition): a list re-renders
  // its actions many times while nobody opens them
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const choose = (fileFormat: ExportFormat) => {
    setAnchor(null);
    state.start(fileFormat);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        sx={{ minHeight: 40 }}
        disabled={state.disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
      >
        {label}
      </Button>
      {opened && (
        <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': d.exportMenu } }}>
          <MenuItem onClick={() => choose('csv')}>{d.csv}</MenuItem>
          <MenuItem onClick={() => choose('xlsx')}>{d.xlsx}</MenuItem>
        </Menu>
      )}
      <ExportProgress state={state} />
    </>
  );
}
