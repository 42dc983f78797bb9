/** jsonexport (the CSV writer react-admin's exporters use) ships no types: the callback form used here. */
declare module 'jsonexport/dist/index.js' {
  interface JsonExportOptions {
    headers?: string[];
    rename?: string[];
    /** Quote every cell, not only those holding a comma, quote or line feed (a lone CR must stay inside its cell). */
    forceTextDelimiter?: boolean;
  }
  function jsonExport(data: object[], options: JsonExportOptions, callback: (err: Error | null, csv: string) => void): void;
  export default jsonExport;
}
