// The fewest answers any triage that decides in bulk by uniform-draw certificates needs, even with a
// perfect model, on the backlogs a `triage-sim.ts --report` run logged: what the label goals can ask.
//   npx tsx bench/triage-label-floor.ts --logs DIR [--targets 0.99/0.97,0.98/0.95] [--confidence 0.95]
// A perfect model approves exactly the backlog's T true matches and rejects the other N − T. Approving
// them in bulk needs draws from the approve set that rule out, at the confidence, W = ⌊(1 − p)·T⌋ + 1
// wrong items in it (fewer than W wrong is precision ≥ p); rejecting the rest needs draws ruling out
// ⌊(1 − r)·T⌋ + 1 true matches among them. With no wrong draw, n draws without replacement from a set
// of M items rule out W wrong ones when C(M − W, n) / C(M, n) ≤ 1 − confidence (the exact
// hypergeometric bound: it knows the set is finite, so it asks no more than the binomial one, which
// needs ln(1 − confidence) / ln p draws whatever the set's size: 299 at p = 0.99, 149 at 0.98).
// A real model is wrong on some items: answering them, and the draws that then find a wrong one, only
// add to this floor.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { drawsToRuleOut } from './lib/label-floor';

interface Backlog {
  set: string;
  size: number;
  trueMatches: number;
}

function backlogsIn(dir: string): Backlog[] {
  const out: Backlog[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.log')).sort()) {
    const m = /backlog (\d+) recommendations, (\d+) true matches/.exec(readFileSync(join(dir, file), 'utf8'));
    if (m) out.push({ set: file.replace(/\.log$/, ''), size: Number(m[1]), trueMatches: Number(m[2]) });
  }
  return out;
}

function floor(b: Backlog, precision: number, recall: number, confidence: number): number {
  const approve = drawsToRuleOut(b.trueMatches, Math.floor((1 - precision) * b.trueMatches) + 1, confidence);
  const reject = drawsToRuleOut(b.size - b.trueMatches, Math.floor((1 - recall) * b.trueMatches) + 1, confidence);
  return approve + reject;
}

function main(): void {
  const { values } = parseArgs({ options: { logs: { type: 'string' }, targets: { type: 'string', default: '0.99/0.97,0.98/0.95' }, confidence: { type: 'string', default: '0.95' } } });
  if (!values.logs) throw new Error('usage: npx tsx bench/triage-label-floor.ts --logs DIR [--targets 0.99/0.97,0.98/0.95] [--confidence 0.95]');
  const confidence = Number(values.confidence);
  const targets = values.targets.split(',').map((t) => t.split('/').map(Number) as [number, number]);
  const backlogs = backlogsIn(values.logs);
  if (backlogs.length === 0) throw new Error(`no "backlog N recommendations, T true matches" line in ${values.logs}/*.log`);
  console.log(`| set | backlog | true matches | ${targets.map(([p, r]) => `floor at P ${p} / R ${r}`).join(' | ')} |`);
  console.log(`|---|---:|---:|${targets.map(() => '---:').join('|')}|`);
  for (const b of backlogs) {
    const cells = targets.map(([p, r]) => {
      const f = floor(b, p, r, confidence);
      return `${f} (${((100 * f) / b.size).toFixed(1)} %)`;
    });
    console.log(`| ${b.set} | ${b.size} | ${b.trueMatches} | ${cells.join(' | ')} |`);
  }
}

main();
