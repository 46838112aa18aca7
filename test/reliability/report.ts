// Writes what the reliability suites measured into docs/reliability.md, between
// `<!-- BEGIN name -->` and `<!-- END name -->`, so the document's tables and counts come from a
// test run, not from memory. Only with DEDUP_RELIABILITY_REPORT=1 (a normal test run leaves tracked
// files alone in a working tree several people share).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const REPORT = process.env.DEDUP_RELIABILITY_REPORT === '1';
/** Long variants (more repetitions, 100,000 property cases). */
export const LONG = process.env.DEDUP_LONG_TESTS === '1';

const DOC = path.resolve(__dirname, '../../docs/reliability.md');

export function writeDocSection(name: string, markdown: string): void {
  if (!REPORT) return;
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
