// The benchmark data sets as matcher inputs with their truth: the synthetic generator and the
// Fodors–Zagat restaurants.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MatchEvent, MatchLocation } from '../../src/matching';
import { readRestaurants, findRestaurantsCsv, type RestaurantRow } from './restaurants';
import { splitRecords } from './synthetic';
import type { SourceRecord } from '../../src/sandbox/source-records';

export interface Labelled<T> {
  records: T[];
  /** The true entity of each record. */
  ids: (string | undefined)[];
}

type Generate = (opts: { seed: number; locations: number; events: number; integrations: number }) => {
  records: SourceRecord[];
  truth: Map<string, string>;
};

/** The generator, or undefined while it is not in the tree (it is another engineer's file). */
export async function loadGenerator(): Promise<Generate | undefined> {
  const file = resolve(__dirname, '../../src/sandbox/generator.ts');
  if (!existsSync(file)) return undefined;
  const mod = (await import('../../src/sandbox/generator')) as { generateDataset?: Generate };
  return mod.generateDataset;
}

export function syntheticData(
  generate: Generate,
  opts: { seed: number; locations: number; events: number; integrations: number },
): { locations: Labelled<MatchLocation>; events: Labelled<MatchEvent> } {
  const { records, truth } = generate(opts);
  const { locations, events } = splitRecords(records);
  return {
    locations: { records: locations, ids: locations.map((r) => truth.get(r.key)) },
    events: { records: events, ids: events.map((r) => truth.get(r.key)) },
  };
}

export function restaurantToLocation(row: RestaurantRow, index: number): MatchLocation {
  const integration = `urn:integration:${row.source}`;
  return {
    key: `${integration}#${index}`,
    name: row.name,
    address: { streetAddress: row.address, addressLocality: row.city },
    integration,
  };
}

/**
 * A real set made sparser, the way other real sets are (a source without street addresses, streets
 * missing here and there): the records whose `drop` says so lose their street. Nothing else changes,
 * so the rows beside the full set show what the missing field costs.
 */
export function withoutStreets(data: Labelled<MatchLocation>, drop: (r: MatchLocation, i: number) => boolean): Labelled<MatchLocation> {
  return { ids: data.ids, records: data.records.map((r, i) => (drop(r, i) ? { ...r, address: { ...r.address, streetAddress: null } } : r)) };
}

/** The restaurants, or undefined when ../shared is absent. */
export function restaurantData(): Labelled<MatchLocation> | undefined {
  const file = findRestaurantsCsv();
  if (!file) return undefined;
  const rows = readRestaurants(file);
  return { records: rows.map(restaurantToLocation), ids: rows.map((r) => r.uniqueId) };
}
