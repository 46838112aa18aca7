// Property-test case counts: 10,000 per property in the fast run, 100,000 with DEDUP_LONG_TESTS=1.
// Each file tallies what it ran and reports it to docs/reliability.md (DEDUP_RELIABILITY_REPORT=1).
import fc from 'fast-check';
import { LONG, markdownTable, writeDocSection } from '../reliability/report';

export const RUNS = LONG ? 100_000 : 10_000;

// The fast run (npm test, CI) draws the same cases every time, so a landing never fails on a case
// nobody has seen before; DEDUP_PROPERTY_SEED=<n> picks other cases, and the long run
// (DEDUP_LONG_TESTS=1) draws new ones each time. A failure prints its seed and shrunk counterexample.
const seedText = process.env.DEDUP_PROPERTY_SEED;
if (seedText !== undefined || !LONG) fc.configureGlobal({ seed: seedText !== undefined ? Number(seedText) : 20261122 });

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
