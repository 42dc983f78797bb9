/** Export (CSV / Excel) and Print of every list and report page, and the print-only heading. */
export const download = {
  /** The Export button and its menu. */
  export: 'Export',
  exportMenu: 'Export options',
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  exportCsv: 'Export CSV',
  exportXlsx: 'Export XLSX',
  /** While the file arrives: the size received so far. */
  exporting: 'Exporting…',
  exportingSize: 'Exporting… %{size}',
  /** After the file was saved. */
  exported: 'Saved %{filename}',
  /** When the server's answer is not a file and names no reason. */
  exportFailed: 'The export could not be made. Please try again.',
  /** File name when the server gives none (format is csv or xlsx). */
  fallbackName: 'export.%{format}',
  print: 'Print',
  /** The phone's '⋮' menu of a list's actions. */
  moreActions: 'More actions',
  /** The print-only heading: 'Printed 11/26/2026 14:05' in the organisation's time zone. */
  printed: 'Printed %{date} %{time}',
} as const;
