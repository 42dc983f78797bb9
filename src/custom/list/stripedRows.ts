/**
 * Shared Datagrid styling: even and odd rows (spec §2 list behaviour), bold headers, and a table
 * that scrolls sideways inside its own box, so a wide list never makes the whole page scroll
 * sideways on a 375-px phone.
 */
export const stripedRows = {
  '& .RaDatagrid-tableWrapper': { width: 0, minWidth: '100%', overflowX: 'auto' },
  '& .RaDatagrid-row:nth-of-type(odd)': { backgroundColor: 'action.hover' },
  '& .RaDatagrid-headerCell': { fontWeight: 700 },
} as const;
