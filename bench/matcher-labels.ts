// Learning from the curator: F1 of the estimated model after L labelled pairs (L = 0 … 400), as a
// curator would give them: the most doubtful pairs first (score nearest 0.5 in log-odds, among the
// pairs scoring 0.05–0.995), answered from the truth. Each point re-estimates with those labels
// (the same path as `sandbox --labels`); F1 is over all blocked pairs, labelled ones included.
// Run: npx tsx bench/matcher-labels.ts
import { MatchRun, type KeyLabel, type MatchEvent, type MatchLocation, type PreparedEvent, type PreparedLocation } from '../src/matching';
import { loadGenerator, restaurantData, syntheticData, type Labelled } from './lib/datasets';
import { measure } from './matcher-quality';

const COUNTS = [0, 25, 50, 100, 200, 400];

type AnyRun = MatchRun<PreparedLocation> | MatchRun<PreparedEvent>;

function build(kind: 'locations' | 'events', records: (MatchLocation | MatchEvent)[], labels: KeyLabel[]): AnyRun {
  return kind === 'locations' ? MatchRun.locations(records as MatchLocation[], { labels }) : MatchRun.events(records as MatchEvent[], { labels });
}

function curve(label: string, kind: 'locations' | 'events', data: Labelled<MatchLocation | MatchEvent>): void {
  const first = build(kind, data.records, []);
  const doubtful: { a: string; b: string; match: boolean; doubt: number }[] = [];
  for (let i = 0; i < first.stats.comparisons; i++) {
    const s = first.scores[i];
    if (s < 0.05 || s > 0.995) continue;
    const [a, b] = [first.pairs[2 * i], first.pairs[2 * i + 1]];
    const ia = data.ids[a];
    doubtful.push({ a: first.prepared[a].key, b: first.prepared[b].key, match: ia !== undefined && ia === data.ids[b], doubt: Math.abs(Math.log2(s / (1 - s))) });
  }
  doubtful.sort((x, y) => x.doubt - y.doubt || (x.a < y.a ? -1 : 1));
  const cells: string[] = [];
  for (const n of COUNTS) {
    if (n > doubtful.length) break;
    const run = n === 0 ? first : build(kind, data.records, doubtful.slice(0, n));
    const m = measure(run, data.ids);
    cells.push(`| ${label} | ${n} | ${m.q.precision.toFixed(4)} | ${m.q.recall.toFixed(4)} | **${m.q.f1.toFixed(4)}** | ${m.best.f1.toFixed(4)} | ${m.recs.f1.toFixed(4)} |`);
  }
  console.log(`\n${label}: ${doubtful.length} doubtful pairs (${doubtful.filter((d) => d.match).length} true)`);
  for (const c of cells) console.log(c);
}

async function main(): Promise<void> {
  console.log('| data | labels | precision | recall | F1 @0.5 | best F1 | recs F1 |\n|---|---:|---:|---:|---:|---:|---:|');
  const restaurants = restaurantData();
  if (restaurants) curve('Fodors–Zagat', 'locations', restaurants);
  const generate = await loadGenerator();
  if (generate) {
    const data = syntheticData(generate, { seed: 1, locations: 5000, events: 3000, integrations: 4 });
    curve('synthetic seed 1 locations', 'locations', data.locations);
    curve('synthetic seed 1 events', 'events', data.events);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
