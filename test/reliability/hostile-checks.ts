// Checks shared by the hostile-corpus tests: a strict CSV reader and the formula-injection rule.
import assert from 'node:assert/strict';

/** RFC 4180: quoted cells may hold commas, quotes (doubled) and line breaks; rows end with CRLF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  assert.ok(!quoted, 'the CSV ends inside a quoted cell');
  assert.equal(cell + row.join(''), '', 'the CSV does not end with CRLF');
  return rows;
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** Every row has the header's width; no cell a spreadsheet would run as a formula. Returns the data rows. */
export function assertSafeCsv(text: string, expectedRows: number): string[][] {
  const [header, ...rows] = parseCsv(text);
  assert.equal(rows.length, expectedRows, 'CSV rows');
  for (const r of rows) {
    assert.equal(r.length, header.length, `a row of ${r.length} cells under a header of ${header.length}`);
    for (const cell of r) assert.ok(!FORMULA_START.test(cell) || NUMERIC.test(cell), `a formula cell: ${JSON.stringify(cell.slice(0, 60))}`);
  }
  return rows;
}
