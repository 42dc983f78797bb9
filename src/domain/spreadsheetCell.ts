/**
 * The one rule for every cell Roll Call writes to a CSV or XLSX file, so no export can carry a
 * formula into a spreadsheet (OWASP "CSV injection"). Excel, LibreOffice and Google Sheets run a
 * cell that starts with '=', '+', '-' or '@' as a formula, and skip a leading tab or carriage
 * return before deciding: a last name `=HYPERLINK("http://evil.example/","click")` would become a
 * live link in the auditor's spreadsheet. A single quote in front makes the spreadsheet show the
 * text as text.
 */

/** The first characters that make a spreadsheet read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value as a spreadsheet cell that cannot run as a formula.
 * Text starting with = + - @, a tab or a carriage return comes back behind a single quote
 * (spreadsheetCell('=1+1') -> "'=1+1", spreadsheetCell('-5') -> "'-5"); any other text comes back
 * unchanged. A finite number stays a number (spreadsheetCell(-5) -> -5: the writer prints it as a
 * plain figure, which no spreadsheet runs); NaN and ±Infinity become their text, quoted the same
 * way. null and undefined become ''. Never throws.
 */
export function spreadsheetCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}
