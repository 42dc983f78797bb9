import { useId, useState, type ReactNode } from 'react';
import { IconButton, ListItemIcon, Menu, MenuItem, Stack } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { rc } from '../domain/messages';
import { ExportButton, ExportProgress, useExport, type ExportSpec } from './ExportButton';
import { PrintButton } from './PrintButton';
import { useIsPhone } from './useIsPhone';
import { printClasses } from './printClasses';

const d = rc.download;

/** Class of the parts left off the paper (actions, filters); the print stylesheet hides them. */
export const NO_PRINT_CLASS = printClasses.noPrint;

export interface ListActionsProps {
  /** The page's own actions (Add, Search, Sign Up…), shown as they are on every screen. */
  children?: ReactNode;
  /** The list's export route; no Export without it. */
  exportTo?: ExportSpec;
  /** Offer Print (default true). */
  print?: boolean;
}

/**
 * The actions beside a list's heading: the page's own, then Export (CSV / Excel) and Print. On a
 * phone Export and Print fold into one '⋮' menu ('More actions': Export CSV, Export XLSX, Print)
 * so the heading fits 375 px. Nothing of it is printed.
 */
export function ListActions({ children, exportTo, print = true }: ListActionsProps) {
  const phone = useIsPhone();
  if (!children && !exportTo && !print) return null;
  return (
    <Stack direction="row" className={NO_PRINT_CLASS} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {children}
      {phone ? (
        <PhoneMenu exportTo={exportTo} print={print} />
      ) : (
        <>
          {exportTo && <ExportButton spec={exportTo} />}
          {print && <PrintButton />}
        </>
      )}
    </Stack>
  );
}

function PhoneMenu({ exportTo, print }: { exportTo?: ExportSpec; print: boolean }) {
  if (!exportTo && !print) return null;
  return exportTo ? <PhoneMenuWithExport exportTo={exportTo} print={print} /> : <MoreMenu print={print} />;
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
              window.print();
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
