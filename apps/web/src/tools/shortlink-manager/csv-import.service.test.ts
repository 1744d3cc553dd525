import { SHORTLINK_CSV_COLUMNS } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import {
  fieldLabel,
  guessMapping,
  IMPORT_FIELDS,
  isCsvFile,
  mappedRows,
  missingRequired,
  parseCsv,
  type ColumnMapping,
} from './csv-import.service';

describe('parseCsv', () => {
  it.each<[string, string, string[], string[][]]>([
    [
      'plain rows',
      'a,b\n1,2\n3,4',
      ['a', 'b'],
      [
        ['1', '2'],
        ['3', '4'],
      ],
    ],
    ['CRLF and a last newline', 'a,b\r\n1,2\r\n', ['a', 'b'], [['1', '2']]],
    ['CR alone', 'a,b\r1,2', ['a', 'b'], [['1', '2']]],
    ['a byte-order mark', '\uFEFFtitle\nx', ['title'], [['x']]],
    [
      'quotes, commas and line breaks in quotes',
      'a,b\n"x, ""y""","two\nlines"',
      ['a', 'b'],
      [['x, "y"', 'two\nlines']],
    ],
    [
      'empty cells and blank lines',
      'a,b,c\n\n,,\n1,,3\n',
      ['a', 'b', 'c'],
      [
        ['', '', ''],
        ['1', '', '3'],
      ],
    ],
    ['semicolons', 'title;targetUrl\nx;https://a.example', ['title', 'targetUrl'], [['x', 'https://a.example']]],
    ['tabs', 'title\ttags\nx\ta, b', ['title', 'tags'], [['x', 'a, b']]],
    ['header names trimmed', ' Title , URL \nx,y', ['Title', 'URL'], [['x', 'y']]],
  ])('reads %s', (_label, text, header, rows) => {
    expect(parseCsv(text)).toEqual({ ok: true, value: { header, rows } });
  });

  it.each<[string, string, string]>([
    ['an empty file', '', 'The file contains no shortlinks'],
    ['a header alone', 'title,targetUrl\n', 'The file contains no shortlinks'],
    ['a quote never closed', 'a\n"x\ny', 'The CSV file has a quote that is never closed (line 2)'],
    [
      'more rows than an import takes',
      `title\n${'x\n'.repeat(10_001)}`,
      'At most 10,000 shortlinks can be imported at once',
    ],
  ])('refuses %s', (_label, text, message) => {
    expect(parseCsv(text)).toEqual({ ok: false, error: message });
  });
});

describe('guessMapping', () => {
  const none = Object.fromEntries(IMPORT_FIELDS.map(({ field }) => [field, null])) as ColumnMapping;

  it.each<[string, string[], Partial<ColumnMapping>]>([
    ['no header that matches', ['foo', 'bar'], {}],
    ['names in any case', ['TITLE', 'targeturl', 'Tags'], { title: 0, targetUrl: 1, tags: 2 }],
    [
      'labels and aliases',
      ['Name', 'URL', 'Valid from', 'visit limit'],
      { title: 0, targetUrl: 1, validFrom: 2, maxVisits: 3 },
    ],
    [
      'spaces and underscores',
      ['short_code', 'target url', 'max-visits'],
      { shortCode: 0, targetUrl: 1, maxVisits: 2 },
    ],
    ['an exact name before an alias', ['url', 'targetUrl'], { targetUrl: 1 }],
    ['each column once', ['title', 'title'], { title: 0 }],
  ])('maps %s', (_label, header, expected) => {
    expect(guessMapping(header)).toEqual({ ...none, ...expected });
  });

  it("maps the CSV export's own header onto every field but createdBy", () => {
    const mapping = guessMapping([...SHORTLINK_CSV_COLUMNS]);
    for (const { field } of IMPORT_FIELDS) expect(mapping[field]).toBe(SHORTLINK_CSV_COLUMNS.indexOf(field as never));
    expect(missingRequired(mapping)).toEqual([]);
  });

  it('names the required fields no column fills', () => {
    expect(missingRequired(guessMapping(['title']))).toEqual(['Target URL']);
    expect(missingRequired(none)).toEqual(['Target URL', 'Title']);
  });
});

describe('mappedRows', () => {
  const table = {
    header: ['Name', 'URL', 'Tags', 'Limit', 'Status', 'Note', 'Unused'],
    rows: [
      ['Docs', 'https://a.example', 'a, b,, c', '5', '301', "'=1+1", 'x'],
      ['', '', '', '', '', '', ''],
      ['Bad', 'https://b.example', '', 'many', ' 7 ', "'plain"],
    ],
  };
  const mapping = {
    ...guessMapping(table.header),
    tags: 2,
    maxVisits: 3,
    redirectStatus: 4,
    description: 5,
  };

  it('puts each mapped cell in its field, typed; empty cells left out; unmapped columns never sent', () => {
    expect(mappedRows(table, mapping)).toEqual([
      {
        title: 'Docs',
        targetUrl: 'https://a.example',
        tags: ['a', 'b', 'c'],
        maxVisits: 5,
        redirectStatus: 301,
        // The export's guard against spreadsheet formulas comes off.
        description: '=1+1',
      },
      // A blank title and target are sent, for the check to name the row.
      { title: '', targetUrl: '' },
      // What is no number goes as written; a missing cell is an empty one.
      { title: 'Bad', targetUrl: 'https://b.example', maxVisits: 'many', redirectStatus: 7, description: "'plain" },
    ]);
  });
});

describe('helpers', () => {
  it.each<[string | undefined, string]>([
    ['targetUrl', 'Target URL'],
    ['maxVisits', 'Visit limit'],
    ['colour', 'colour'],
    [undefined, '—'],
  ])('labels the field %s as %s', (field, label) => {
    expect(fieldLabel(field)).toBe(label);
  });

  it.each<[string, string, boolean]>([
    ['links.csv', '', true],
    ['LINKS.CSV', '', true],
    ['export', 'text/csv', true],
    ['links.json', 'application/json', false],
    ['', '', false],
  ])('%s (%s) is CSV: %s', (name, type, csv) => {
    expect(isCsvFile({ name, type })).toBe(csv);
  });
});
