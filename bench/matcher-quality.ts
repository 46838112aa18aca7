// Matcher quality: pairwise precision / recall / F1 at MATCH_THRESHOLD over the blocked pairs, and
// blocking pairs-completeness and reduction ratio, on synthetic data (several seeds) and on the
// Fodors–Zagat restaurants. Run: npx tsx bench/matcher-quality.ts [--errors]
import {
  blockEvents,
  blockLocations,
  findEventCandidates,
  findLocationCandidates,
  REVIEW_THRESHOLD,
  MATCH_THRESHOLD,
  scorePreparedEvents,
  scorePreparedLocations,
  type MatchEvent,
  type MatchLocation,
  type PreparedEvent,
  type PreparedLocation,
} from '../src/matching';
import { evaluate, evaluateCandidates, formatQuality, QUALITY_HEADER, truePairKeys, type Quality } from './lib/evaluate';
import { loadGenerator, restaurantData, syntheticData, type Labelled } from './lib/datasets';
import { showErrors } from './lib/errors';

const SEEDS = [1, 2, 3];
const SIZE = { locations: 5000, events: 3000, integrations: 4 };
const wantErrors = process.argv.includes('--errors');

function runLocations(label: string, data: Labelled<MatchLocation>): Quality {
  const { pairs, prepared } = blockLocations(data.records);
  const scores = new Float64Array(pairs.length / 2);
  for (let i = 0; i < pairs.length; i += 2) scores[i / 2] = scorePreparedLocations(prepared[pairs[i]], prepared[pairs[i + 1]]).score;
  if (wantErrors) showErrors<PreparedLocation>(label, data.ids, prepared, pairs, scores, MATCH_THRESHOLD, scorePreparedLocations, truePairKeys(data.ids));
  return evaluate(data.ids, pairs, scores, MATCH_THRESHOLD);
}

function runEvents(label: string, data: Labelled<MatchEvent>): Quality {
  const { pairs, prepared } = blockEvents(data.records);
  const scores = new Float64Array(pairs.length / 2);
  for (let i = 0; i < pairs.length; i += 2) scores[i / 2] = scorePreparedEvents(prepared[pairs[i]], prepared[pairs[i + 1]]).score;
  if (wantErrors) showErrors<PreparedEvent>(label, data.ids, prepared, pairs, scores, MATCH_THRESHOLD, scorePreparedEvents, truePairKeys(data.ids));
  return evaluate(data.ids, pairs, scores, MATCH_THRESHOLD);
}

const candidateRows: string[] = [];

function candidateRow(label: string, keys: string[], ids: (string | undefined)[], candidates: { keys: string[] }[]): void {
  const q = evaluateCandidates(keys, ids, candidates);
  const f = (x: number) => x.toFixed(4);
  candidateRows.push(`| ${label} | ${q.groups} | ${q.largest} | ${f(q.precision)} | ${f(q.recall)} | **${f(q.f1)}** |`);
}

function candidatesOf(label: string, locations?: Labelled<MatchLocation>, events?: Labelled<MatchEvent>): void {
  if (locations) candidateRow(label + ' locations', locations.records.map((r) => r.key), locations.ids, findLocationCandidates(locations.records).candidates);
  if (events) candidateRow(label + ' events', events.records.map((r) => r.key), events.ids, findEventCandidates(events.records).candidates);
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const generate = await loadGenerator();
  if (!generate) {
    console.log('synthetic: src/sandbox/generator.ts is absent; skipped');
  } else {
    for (const seed of SEEDS) {
      const data = syntheticData(generate, { seed, ...SIZE });
      rows.push(formatQuality(`synthetic locations, seed ${seed}`, runLocations(`loc seed ${seed}`, data.locations)));
      rows.push(formatQuality(`synthetic events, seed ${seed}`, runEvents(`event seed ${seed}`, data.events)));
      candidatesOf(`synthetic seed ${seed}`, data.locations, data.events);
    }
  }
  const restaurants = restaurantData();
  if (!restaurants) console.log('restaurants: ../shared/data/restaurants/restaurant-nophone-training.csv is absent; skipped');
  else {
    rows.push(formatQuality('Fodors–Zagat restaurants', runLocations('restaurants', restaurants)));
    candidatesOf('Fodors–Zagat', restaurants);
  }
  console.log(`MATCH_THRESHOLD = ${MATCH_THRESHOLD}; synthetic size per seed: ${JSON.stringify(SIZE)}\n`);
  console.log(QUALITY_HEADER);
  for (const r of rows) console.log(r);
  console.log(`\nRecommendations (findLocationCandidates / findEventCandidates, review threshold ${REVIEW_THRESHOLD}): every pair inside a group counts as predicted.\n`);
  console.log('| data | candidates | largest group | precision | recall | F1 |\n|---|---:|---:|---:|---:|---:|');
  for (const r of candidateRows) console.log(r);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
