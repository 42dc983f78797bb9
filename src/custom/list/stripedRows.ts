/** Even and odd row styling for Datagrids (spec §2 list behaviour). */
export const stripedRows = {
  '& .RaDatagrid-row:nth-of-type(odd)': { backgroundColor: 'action.hover' },
  '& .RaDatagrid-headerCell': { fontWeight: 700 },
} as const;
