/**
 * A text link in a table cell gets a finger-sized tap area (about 40 px tall) without making the
 * row taller.
 */
export const tapTarget = { display: 'inline-block', py: 1.25, my: -1.25 } as const;

/**
 * Shared Datagrid styling: even and odd rows (spec §2 list behaviour), bold headers that may wrap,
 * compact cells, and links with a finger-sized tap area.
 */
export const stripedRows = {
  '& .RaDatagrid-row:nth-of-type(odd)': { backgroundColor: 'action.hover' },
  '& .RaDatagrid-headerCell': { fontWeight: 700, px: 1, lineHeight: 1.2 },
  '& .RaDatagrid-rowCell': { px: 1 },
  '& .RaDatagrid-rowCell a': tapTarget,
} as const;

/** A struck-through row or card (spec §2 'Deleted rows are struck through and then dropped'). */
export const struckSx = { textDecoration: 'line-through', '& td': { textDecoration: 'line-through' } } as const;
