// Where a simulated curator's answers go, and why each was not decided in bulk, from the logs of
// `TRACE=asks npx tsx bench/triage-sim.ts …` (one `ASK` line per answer: the item's kind, the truth,
// its group at that triage with the group's answers, estimate and interval, the reject set's recall
// budget and what it had spent):
//   npx tsx bench/triage-asks.ts LOG… [--target 0.99]
// The reasons follow safe-sets.ts and recall-budget.ts: an approve-side group whose mean is below
// the target precision never joins the approve set on its own answers (mixed); a reject-side group
// whose interval still reaches one half never joins a reject set; one whose set found less than one
// match of the recall budget left waits for the budget; the rest wait for answers of their own.
// The last table sorts the reject-side answers by the true match rate their group showed over the
// whole run: what a perfect stratification could have rejected in bulk within the budget.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

interface Ask {
  kind: string;
  match: boolean;
  group: string;
  p: number;
  high: number;
  maxLost: number;
  lostHigh: number;
}

function asksIn(file: string): Ask[] {
  const out: Ask[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('ASK\t')) continue;
    const c = line.split('\t');
    out.push({ kind: c[1], match: c[2] === 'approve', group: c[3], p: Number(c[6]), high: Number(c[8]), maxLost: Number(c[12]), lostHigh: Number(c[13]) });
  }
  return out;
}

const REASONS = ['approve side, mean below the target (mixed)', 'approve side, bound not reached yet', 'reject side, interval reaches one half', 'reject side, recall budget spent', 'reject side, answers of its own'] as const;

function reasonOf(a: Ask, target: number): (typeof REASONS)[number] {
  if (a.p >= 0.5) return a.p < target ? REASONS[0] : REASONS[1];
  if (a.high > 0.5) return REASONS[2];
  return a.maxLost > 0 && a.lostHigh >= a.maxLost - 1 ? REASONS[3] : REASONS[4];
}

const pct = (k: number, n: number) => `${n ? ((100 * k) / n).toFixed(1) : '0.0'} %`;

function tally<K>(asks: readonly Ask[], keyOf: (a: Ask) => K): Map<K, { n: number; matches: number }> {
  const out = new Map<K, { n: number; matches: number }>();
  for (const a of asks) {
    const c = out.get(keyOf(a)) ?? { n: 0, matches: 0 };
    c.n++;
    if (a.match) c.matches++;
    out.set(keyOf(a), c);
  }
  return out;
}

function report(file: string, target: number): void {
  const asks = asksIn(file);
  if (!asks.length) throw new Error(`${file}: no ASK line (run triage-sim.ts with TRACE=asks)`);
  console.log(`\n### ${basename(file).replace(/\.log$/, '')}: ${asks.length} answers, ${asks.filter((a) => a.match).length} true matches\n`);
  console.log('| why not in bulk | answers | share | true matches among them |\n|---|---:|---:|---:|');
  const byReason = tally(asks, (a) => reasonOf(a, target));
  for (const r of REASONS) {
    const c = byReason.get(r);
    if (c) console.log(`| ${r} | ${c.n} | ${pct(c.n, asks.length)} | ${c.matches} (${pct(c.matches, c.n)}) |`);
  }
  console.log('\n| kind | answers | true matches |\n|---|---:|---:|');
  for (const [kind, c] of [...tally(asks, (a) => a.kind)].sort((x, y) => y[1].n - x[1].n)) console.log(`| ${kind} | ${c.n} | ${c.matches} (${pct(c.matches, c.n)}) |`);
  // The reject side's answers by the rate their group showed over the run (its answers' rate).
  const rejectSide = asks.filter((a) => a.p < 0.5 && a.high <= 0.5);
  const rate = tally(rejectSide, (a) => a.group);
  const bands = [0, 0.005, 0.01, 0.02, 0.05, 0.1, 1.01];
  console.log('\n| reject-side answers, their group\'s true rate over the run | groups | answers | true matches |\n|---|---:|---:|---:|');
  for (let i = 0; i + 1 < bands.length; i++) {
    const inBand = [...rate.values()].filter((c) => c.matches / c.n >= bands[i] && c.matches / c.n < bands[i + 1]);
    console.log(`| ${bands[i]}–${Math.min(1, bands[i + 1])} | ${inBand.length} | ${inBand.reduce((s, c) => s + c.n, 0)} | ${inBand.reduce((s, c) => s + c.matches, 0)} |`);
  }
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { target: { type: 'string', default: '0.99' } } });
  if (!positionals.length) throw new Error('usage: npx tsx bench/triage-asks.ts LOG… [--target 0.99]');
  for (const file of positionals) report(file, Number(values.target));
}

main();
