/**
 * The CSV import's logic, without React: the file read as a table (RFC 4180), which column goes to
 * which field of an import row, and the rows the import is sent. The server checks every value; this
 * only puts each cell where it belongs, in the type the import takes.
 */
import { SHORTLINK_LIMITS, type ShortlinkImportRow } from '@toolvault/shared';
import { formatCount } from '../../lib/format';
import { err, ok, type Result } from '../../lib/result';

/** The file as read: its first line's names, and every row after it (cells as written). */
export interface CsvTable {
  header: string[];
  rows: string[][];
}

/** A field of an import row that a column can fill. */
export type ImportField = keyof ShortlinkImportRow & string;

interface TargetField {
  field: ImportField;
  label: string;
  /** The import refuses a row without it. */
  required?: true;
  /** Other header names that mean this field. */
  aliases?: readonly string[];
  kind?: 'tags' | 'number';
}

/** The fields a column can fill, in the export's column order, so an export maps onto itself. */
export const IMPORT_FIELDS: readonly TargetField[] = [
  { field: 'shortCode', label: 'Short code', aliases: ['code'] },
  { field: 'targetUrl', label: 'Target URL', required: true, aliases: ['url', 'target', 'destination'] },
  { field: 'title', label: 'Title', required: true, aliases: ['name'] },
  { field: 'description', label: 'Description' },
  { field: 'metaImage', label: 'Meta image URL', aliases: ['image'] },
  { field: 'tags', label: 'Tags', kind: 'tags' },
  { field: 'clickCount', label: 'Clicks', kind: 'number', aliases: ['clicks'] },
  { field: 'createdAt', label: 'Created at', aliases: ['created'] },
  { field: 'redirectMode', label: 'Redirect mode' },
  { field: 'validFrom', label: 'Valid from' },
  { field: 'validUntil', label: 'Valid until' },
  { field: 'maxVisits', label: 'Visit limit', kind: 'number' },
  { field: 'fallbackUrl', label: 'Fallback URL' },
  { field: 'redirectStatus', label: 'Redirect status', kind: 'number' },
];

/** The label a problem's field is shown with; a field the list does not hold is shown as named. */
export function fieldLabel(field: string | undefined): string {
  if (field === undefined) return '—';
  return IMPORT_FIELDS.find((target) => target.field === field)?.label ?? field;
}

/** Which column (its index) fills each field; null: none, the import's default. */
export type ColumnMapping = Record<ImportField, number | null>;

// ---------------------------------------------------------------- reading

/** The delimiter of the first line, outside quotes: a comma unless semicolons or tabs are more frequent. */
function sniffDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/**
 * RFC 4180 CSV: fields in double quotes may hold the delimiter, line breaks and "" for a quote;
 * lines end in CRLF, LF or CR; a byte-order mark is skipped, and so are empty lines. The
 * delimiter is a comma, or a semicolon or tab when the first line has more of those (spreadsheets
 * set to some languages write semicolons).
 */
export function parseCsv(text: string): Result<CsvTable> {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const delimiter = sniffDelimiter(source);
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endLine = () => {
    endCell();
    // A line with nothing on it is no row (a blank line, the newline at the end of the file).
    if (cells.length > 1 || cells[0] !== '') lines.push(cells);
    cells = [];
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === delimiter) endCell();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      line += 1;
      endLine();
    } else cell += char;
  }
  if (quoted) return err(`The CSV file has a quote that is never closed (line ${quoteLine})`);
  endLine();
  const [header, ...rows] = lines;
  if (!header || rows.length === 0) return err('The file contains no shortlinks');
  if (rows.length > SHORTLINK_LIMITS.importRows)
    return err(`At most ${formatCount(SHORTLINK_LIMITS.importRows)} shortlinks can be imported at once`);
  return ok({ header: header.map((name) => name.trim()), rows });
}

// ---------------------------------------------------------------- mapping

const normalized = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Each field's column, found by header name whatever its case, spacing or punctuation: the field's
 * own name (an export's header), its label or one of its aliases. A column fills one field at most.
 */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const names = header.map(normalized);
  const used = new Set<number>();
  const mapping = {} as ColumnMapping;
  for (const target of IMPORT_FIELDS) {
    const wanted = [target.field, target.label, ...(target.aliases ?? [])].map(normalized);
    // The field's own name first, so "url" cannot take a column an exact "targetUrl" has.
    let column: number | null = null;
    for (const name of wanted) {
      const index = names.findIndex((header, i) => header === name && !used.has(i));
      if (index !== -1) {
        column = index;
        break;
      }
    }
    if (column !== null) used.add(column);
    mapping[target.field] = column;
  }
  return mapping;
}

/** The required fields no column fills, by label. */
export function missingRequired(mapping: ColumnMapping): string[] {
  return IMPORT_FIELDS.filter((target) => target.required && mapping[target.field] === null).map(
    (target) => target.label,
  );
}

/**
 * The export writes a cell that a spreadsheet would run as a formula (= + - @, tab, carriage return
 * first) with an apostrophe before it; read back, the apostrophe goes, so export → import keeps it.
 */
const GUARDED_FORMULA = /^'[=+\-@\t\r]/;

const NUMBER = /^\s*-?\d+(?:\.\d+)?\s*$/;

/** One cell as the field takes it; undefined: left out, so the import applies its default. */
function cellValue(target: TargetField, raw: string): unknown {
  const value = GUARDED_FORMULA.test(raw) ? raw.slice(1) : raw;
  // An empty title or target is sent as such, so the check names the row.
  if (value.trim() === '') return target.required ? value : undefined;
  if (target.kind === 'tags')
    return value
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '');
  // A cell that is no number goes as written: the check says what the field takes.
  if (target.kind === 'number') return NUMBER.test(value) ? Number(value) : value;
  return value;
}

/** The import rows of the table: each mapped field's cell, in the field's type; unmapped fields left out. */
export function mappedRows(table: CsvTable, mapping: ColumnMapping): Record<string, unknown>[] {
  const targets = IMPORT_FIELDS.filter((target) => mapping[target.field] !== null);
  return table.rows.map((cells) => {
    const row: Record<string, unknown> = {};
    for (const target of targets) {
      const value = cellValue(target, cells[mapping[target.field]!] ?? '');
      if (value !== undefined) row[target.field] = value;
    }
    return row;
  });
}

/** A mapped row's field as the preview shows it. */
export function previewCell(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The file's name says CSV, or its type does (a JSON file keeps the import as it was). */
export const isCsvFile = (file: Pick<File, 'name' | 'type'>) =>
  file.type === 'text/csv' || file.name.toLowerCase().endsWith('.csv');
