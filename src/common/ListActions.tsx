import type { ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import type { ExportSpec } from './ExportButton';
import { lazyPart } from './lazyPart';
import { moduleLoader } from './moduleLoader';
import { useIsPhone } from './useIsPhone';
import { printClasses } from './printClasses';

/** Class of the parts left off the paper (actions, filters); the print stylesheet hides them. */
export const NO_PRINT_CLASS = printClasses.noPrint;

/** Export, Print and the print heading (ListExtras.tsx): a chunk of their own, asked for once a list has painted. */
export const listExtras = moduleLoader(() => import('./ListExtras'));

/** The room of the phone's '⋮' button (40 px square) or of the desk's buttons (40 px tall) until they arrive. */
const phonePlace = <Box aria-hidden sx={{ width: 40, height: 40 }} />;
const deskPlace = <Box aria-hidden sx={{ height: 40 }} />;
const PhoneExportPrint = lazyPart(listExtras, (m) => m.ExportPrintActions, phonePlace, { afterFirstPaint: true });
const DeskExportPrint = lazyPart(listExtras, (m) => m.ExportPrintActions, deskPlace, { afterFirstPaint: true });

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
 * so the heading fits 375 px. Nothing of it is printed. Export and Print come once the page has
 * painted (their code is its own chunk, ListExtras.tsx), their room held meanwhile: a phone's
 * first screen of a list needs neither, and its longest task was the longer for them.
 */
export function ListActions({ children, exportTo, print = true }: ListActionsProps) {
  const phone = useIsPhone();
  if (!children && !exportTo && !print) return null;
  const extras = !!exportTo || print;
  const ExportPrint = phone ? PhoneExportPrint : DeskExportPrint;
  return (
    <Stack direction="row" className={NO_PRINT_CLASS} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {children}
      {extras && <ExportPrint exportTo={exportTo} print={print} />}
    </Stack>
  );
}
