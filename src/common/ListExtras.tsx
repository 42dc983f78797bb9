/*
 * The parts of every list page that no first screen needs, which ListActions and ListPage show
 * once the page has painted: Export (CSV / Excel) and Print beside the heading, and the
 * print-only heading. A chunk of their own, so a phone's landing list compiles and renders less in
 * its first long tasks; fetched once for every list after.
 */
import { useId, useState } from 'react';
import { IconButton, ListItemIcon, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { rc } from '../domain/messages';
import { ExportButton, ExportProgress, useExport, type ExportSpec } from './ExportButton';
import { PrintButton, printPage } from './PrintButton';
import { useIsPhone } from './useIsPhone';

export { PrintHeading } from './PrintHeading';

const d = rc.download;

/** Export and Print: buttons on a desk, one '⋮' menu ('More actions') on a phone. */
export function ExportPrintActions({ exportTo, print }: { exportTo?: ExportSpec; print: boolean }) {
  const phone = useIsPhone();
  if (phone) return exportTo ? <PhoneMenuWithExport exportTo={exportTo} print={print} /> : <MoreMenu print={print} />;
  return (
    <>
      {exportTo && <ExportButton spec={exportTo} />}
      {print && <PrintButton />}
    </>
  );
}

function PhoneMenuWithExport({ exportTo, print }: { exportTo: ExportSpec; print: boolean }) {
  const state = useExport(exportTo);
  return (
    <>
      <MoreMenu print={print} exportState={state} />
      <ExportProgress state={state} />
    </>
  );
}

/** The '⋮' button and its menu. */
function MoreMenu({ print, exportState }: { print: boolean; exportState?: ReturnType<typeof useExport> }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // the menu mounts the first time it opens (then stays, so it closes with its transition): a
  // list re-renders its actions many times while nobody opens them
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={d.moreActions}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        sx={{ width: 40, height: 40 }}
      >
        <MoreVertIcon />
      </IconButton>
      {opened && (
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ list: { 'aria-label': d.moreActions } }}>
        {exportState && [
          <MenuItem key="csv" disabled={exportState.disabled} onClick={() => {
              close();
              exportState.start('csv');
            }}>
            <ListItemIcon>
              <DownloadIcon fontSize="small" />
            </ListItemIcon>
            {d.exportCsv}
          </MenuItem>,
          <MenuItem key="xlsx" disabled={exportState.disabled} onClick={() => {
              close();
              exportState.start('xlsx');
            }}>
            <ListItemIcon>
              <DownloadIcon fontSize="small" />
            </ListItemIcon>
            {d.exportXlsx}
          </MenuItem>,
        ]}
        {print && (
          <MenuItem
            onClick={() => {
              close();
              printPage();
            }}
          >
            <ListItemIcon>
              <PrintIcon fontSize="small" />
            </ListItemIcon>
            {d.print}
          </MenuItem>
        )}
      </Menu>
      )}
    </>
  );
}
