/**
 * A text link in a table cell gets a finger-sized tap area (about 40 px tall) without making the
 * row taller.
 */
export const tapTarget = { display: 'inline-block', py: 1.25, my: -1.25 } as const;

/**
 * Shared Datagrid styling: even and odd rows (spec §2 list behaviour), bold headers, links with a
 * finger-sized tap area, and a table that scrolls sideways inside its own box, so a wide list
 * never makes the whole page scroll sideways on a 375-px phone.
 */
export const stripedRows = {
  '& .RaDatagrid-tableWrapper': { width: 0, minWidth: '100%', overflowX: 'auto' },
  '& .RaDatagrid-row:nth-of-type(odd)': { backgroundColor: 'action.hover' },
  '& .RaDatagrid-headerCell': { fontWeight: 700 },
  '& .RaDatagrid-rowCell a': tapTarget,
} as const;
