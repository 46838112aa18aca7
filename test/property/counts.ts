// Property-test case counts: 10,000 per property in the fast run, 100,000 with DEDUP_LONG_TESTS=1.
// Each file tallies what it ran and reports it to docs/reliability.md (DEDUP_RELIABILITY_REPORT=1).
import { LONG, markdownTable, writeDocSection } from '../reliability/report';

export const RUNS = LONG ? 100_000 : 10_000;

const tally = new Map<string, number>();

export function counted(name: string, runs: number): void {
  tally.set(name, (tally.get(name) ?? 0) + runs);
}

/** Writes this file's section: one row per property, cases run. */
export function reportCounts(section: string): void {
  const rows = [...tally].map(([name, runs]) => [name, runs.toLocaleString('en-US')]);
  const total = [...tally.values()].reduce((a, b) => a + b, 0);
  writeDocSection(section, `${markdownTable(['property', 'cases'], rows)}\n\nIn all: **${total.toLocaleString('en-US')}** cases.`);
  // One mocha process runs every file: the next file's section starts from nothing.
  tally.clear();
}
