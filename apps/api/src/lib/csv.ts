/**
 * Spreadsheet programs run a cell that starts with = + - @ (or a tab or carriage return, which some
 * of them skip before looking) as a formula: a link title "=HYPERLINK(…)" would become one when an
 * administrator opens the export. Such cells get a leading apostrophe, which spreadsheets show as
 * text and do not evaluate (the OWASP "CSV injection" advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): neutralised, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ending in CRLF as RFC 4180 writes it. */
export function csvLine(values: readonly (string | number)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
