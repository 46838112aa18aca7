// Writes what the reliability suites measured into docs/reliability.md, between
// `<!-- BEGIN name -->` and `<!-- END name -->`, so the document's tables and counts come from a
// test run, not from memory. Only with DEDUP_RELIABILITY_REPORT=1 (a normal test run leaves tracked
// files alone in a working tree several people share).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const REPORT = process.env.DEDUP_RELIABILITY_REPORT === '1';
/** Long variants (more repetitions, 100,000 property cases). */
export const LONG = process.env.DEDUP_LONG_TESTS === '1';

/** docs/reliability.md above this file: test/reliability under tsx, out/test/integration in VS Code's bundle. */
function findDoc(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'docs', 'reliability.md');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no docs/reliability.md above ${__dirname}`);
  }
}

export function writeDocSection(name: string, markdown: string): void {
  if (!REPORT) return;
  const DOC = findDoc();
  replaceSection(name, markdown);
  replaceSection('summary', summary(readFileSync(DOC, 'utf8')));
}

function replaceSection(name: string, markdown: string): void {
  const DOC = findDoc();
  const text = readFileSync(DOC, 'utf8');
  const begin = `<!-- BEGIN ${name} -->`;
  const end = `<!-- END ${name} -->`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from === -1 || to < from) throw new Error(`docs/reliability.md has no ${begin} … ${end} section`);
  const stamp = `_Written by the test run of ${new Date().toISOString().slice(0, 10)}${LONG ? ' (DEDUP_LONG_TESTS=1)' : ''}._`;
  writeFileSync(DOC, `${text.slice(0, from + begin.length)}\n${markdown.trim()}\n\n${stamp}\n${text.slice(to)}`);
}

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The headline figures, read back from the sections the suites wrote. */
function summary(doc: string): string {
  const section = (name: string) => doc.slice(doc.indexOf(`<!-- BEGIN ${name} -->`), doc.indexOf(`<!-- END ${name} -->`));
  const matrix = /\*\*(\d+) of (\d+)\*\* cells passed/.exec(section('fault-matrix'));
  const inAll = (name: string) => Number((/In all: \*\*([\d,]+)\*\*/.exec(section(name))?.[1] ?? '0').replace(/,/g, ''));
  const properties = inAll('property-parsers') + inAll('property-timestamps') + inAll('property-paging');
  const leaks = /\*\*(\d+)\*\* leaks/.exec(section('secrets-cli'));
  return markdownTable(
    ['figure', 'value'],
    [
      ['fault matrix cells passed (operations × faults)', matrix ? `${matrix[1]} of ${matrix[2]}` : 'not run'],
      ['property cases run', properties.toLocaleString('en-US')],
      ['hostile cases tried (records × surfaces; VS Code\'s own UI included)', (inAll('hostile') + inAll('hostile-vscode')).toLocaleString('en-US')],
      ['token leaks found (CLI runs here; VS Code session: see Secrets)', leaks ? leaks[1] : 'not run'],
    ],
  );
}
