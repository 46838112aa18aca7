// Synthetic source data for the sandbox: K integrations describing N real places and events at
// them, with the noise real directories have, and the ground truth kept so the matcher can be
// measured. Deterministic by seed (own PRNG streams, fixed date anchor), fast enough for 100,000
// places in a few seconds (no per-record regexes over large texts, no sorting).
import { Rng } from './generator-prng';
import { integrationProfiles } from './generator-integrations';
import { generatePlaces, listPlaces } from './generator-places';
import { generateEvents, listEvents } from './generator-events';
import { sourceKey, type SourceRecord } from './source-records';

export interface GenerateOptions {
  seed: number;
  /** Real places. */
  locations: number;
  /** Real events (each listed by one or more integrations). */
  events: number;
  integrations: number;
}

export const DEFAULT_GENERATE_OPTIONS: Omit<GenerateOptions, 'seed'> = { locations: 2000, events: 2000, integrations: 4 };

/** Ground-truth entity ids: `place:<n>` and `event:<n>`. */
export function generateDataset(opts: { seed: number; locations: number; events: number; integrations: number }): {
  records: SourceRecord[];
  truth: Map<string, string>;
} {
  for (const name of ['seed', 'locations', 'events', 'integrations'] as const) {
    const value = opts[name];
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`generateDataset: ${name} must be a non-negative integer, got ${String(value)}`);
  }
  if (opts.integrations < 1 && opts.locations > 0) throw new RangeError('generateDataset: integrations must be at least 1 when there are locations');
  if (opts.events > 0 && opts.locations === 0) throw new RangeError('generateDataset: events need at least one location');
  // Separate streams: changing the number of events does not change the places, and vice versa.
  const profiles = integrationProfiles(opts.integrations, Rng.stream(opts.seed, 1));
  const places = generatePlaces(Rng.stream(opts.seed, 2), opts.locations);
  const { records: locationRecords, listings } = listPlaces(Rng.stream(opts.seed, 3), places, profiles);
  const events = generateEvents(Rng.stream(opts.seed, 4), opts.events, places);
  const { records: eventRecords, eventIndex } = listEvents(Rng.stream(opts.seed, 5), events, profiles, listings);

  const truth = new Map<string, string>();
  listings.forEach((refs, placeIndex) => {
    for (const ref of refs) if (ref) truth.set(sourceKey(ref), `place:${placeIndex}`);
  });
  eventRecords.forEach((r, i) => truth.set(sourceKey(r), `event:${eventIndex[i]}`));
  return { records: [...locationRecords, ...eventRecords], truth };
}
