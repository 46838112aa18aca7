// How the hand-set m and u probabilities compare with what labelled synthetic data shows. For each
// field, over the blocked pairs: how often the field agrees (similarity at or above the field's
// `high` mark) among true matches (empirical m) and among non-matches (empirical u), how often it
// fully disagrees, and how often it is missing. Uses seeds other than the quality benchmark's.
// Run: npx tsx bench/matcher-weights.ts
import {
  blockEvents,
  blockLocations,
  EVENT_MODEL,
  LOCATION_MODEL,
  scorePreparedEvents,
  scorePreparedLocations,
  type FieldModel,
  type PairScore,
} from '../src/matching';
import { loadGenerator, syntheticData, type Labelled } from './lib/datasets';

const SEEDS = [101, 102];
const SIZE = { locations: 4000, events: 3000, integrations: 4 };

interface Tally {
  pairs: number;
  missing: number;
  agree: number;
  disagree: number;
}

const empty = (): Tally => ({ pairs: 0, missing: 0, agree: 0, disagree: 0 });

function tally<P>(data: Labelled<unknown>, pairs: Uint32Array, prepared: P[], score: (a: P, b: P) => PairScore, model: Record<string, FieldModel | number>, out: Map<string, { m: Tally; u: Tally }>): void {
  for (let i = 0; i < pairs.length; i += 2) {
    const ia = data.ids[pairs[i]];
    const match = ia !== undefined && ia === data.ids[pairs[i + 1]];
    for (const f of score(prepared[pairs[i]], prepared[pairs[i + 1]]).fields) {
      const fm = model[f.field] as FieldModel;
      const t = out.get(f.field) ?? { m: empty(), u: empty() };
      out.set(f.field, t);
      const side = match ? t.m : t.u;
      side.pairs++;
      if (f.similarity === null) side.missing++;
      else if (f.similarity >= fm.high) side.agree++;
      else if (f.similarity <= fm.low) side.disagree++;
    }
  }
}

function print(title: string, model: Record<string, FieldModel | number>, out: Map<string, { m: Tally; u: Tally }>): void {
  const p = (x: number, of: number) => (of === 0 ? '–' : (x / of).toFixed(3));
  console.log(`\n${title}\n`);
  console.log('| field | m set | m seen (agree \\| match) | u set | u seen (agree \\| non-match) | full disagreement \\| match | missing \\| match |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [field, { m, u }] of out) {
    const fm = model[field] as FieldModel;
    const presentM = m.pairs - m.missing;
    const presentU = u.pairs - u.missing;
    console.log(`| ${field} | ${fm.m} | ${p(m.agree, presentM)} | ${fm.u} | ${p(u.agree, presentU)} | ${p(m.disagree, presentM)} | ${p(m.missing, m.pairs)} |`);
  }
}

async function main(): Promise<void> {
  const generate = await loadGenerator();
  if (!generate) {
    console.log('src/sandbox/generator.ts is absent: nothing to estimate from');
    return;
  }
  const locations = new Map<string, { m: Tally; u: Tally }>();
  const events = new Map<string, { m: Tally; u: Tally }>();
  for (const seed of SEEDS) {
    const data = syntheticData(generate, { seed, ...SIZE });
    const bl = blockLocations(data.locations.records);
    tally(data.locations, bl.pairs, bl.prepared, scorePreparedLocations, LOCATION_MODEL, locations);
    const be = blockEvents(data.events.records);
    tally(data.events, be.pairs, be.prepared, scorePreparedEvents, EVENT_MODEL, events);
  }
  console.log(`synthetic seeds ${SEEDS.join(', ')}, ${JSON.stringify(SIZE)}; among blocked pairs; "agree" = similarity ≥ the field's high mark, "full disagreement" = ≤ its low mark`);
  print('Locations', LOCATION_MODEL, locations);
  print('Events', EVENT_MODEL, events);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
