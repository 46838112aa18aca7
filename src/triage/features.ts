// What triage knows of a pending recommendation before anyone decides it: each field's agreement
// between its entities, in the matcher's own comparison levels (src/matching/levels.ts), coarsened
// to four words a curator reads at a glance — equal, close, differs, missing — and the tuple of
// them, the agreement pattern, that groups a backlog. Computed on the client from the entities,
// so it works against any service, not only the sandbox.
import type { Recommendation } from '../api/model';
import { entityAsEvent, entityAsLocation, entityKind } from '../matching/entity';
import { EVENT_COMPARISONS, LOCATION_COMPARISONS, MISSING, type Comparison } from '../matching/levels';
import { prepareEvent, prepareLocation } from '../matching/prepare';

export type Agreement = 'equal' | 'close' | 'differs' | 'missing';
export const AGREEMENTS: readonly Agreement[] = ['equal', 'close', 'differs', 'missing'];

/** The fields that make a pattern; the integration is a flag (same source), not a pattern field. */
export const PATTERN_FIELDS = {
  location: ['name', 'address', 'town', 'postcode', 'phone', 'url', 'distance'],
  event: ['name', 'start', 'location', 'url'],
} as const;

export interface Features {
  id: string;
  kind: 'location' | 'event';
  score: number;
  /** One agreement per field of PATTERN_FIELDS[kind], in that order. */
  agreements: Agreement[];
  /** The matcher's level index per field (MISSING = -1), the weakest over the entity pairs. */
  levels: number[];
  /** `kind:field=agreement,…`: the group this recommendation belongs to. */
  pattern: string;
  /** Entity pairs (i, j) whose name differs while their address agrees: two venues in one building. */
  sameAddressOtherName: boolean;
  /** With 3+ entities, the index of one that disagrees on name or address with all the others. */
  oddOneOut: number | null;
  /** Two entities from the same integration. */
  sameSource: boolean;
}

function coarse(level: number, count: number): Agreement {
  if (level === MISSING) return 'missing';
  if (level === 0) return 'equal';
  return level >= count - 1 ? 'differs' : 'close';
}

/** "name differs" means its weakest pair: one disagreeing entity makes the field disagree. */
function weakest(a: number, b: number): number {
  if (a === MISSING) return b;
  if (b === MISSING) return a;
  return Math.max(a, b);
}

export function featuresOf(rec: Recommendation): Features {
  const kind = entityKind(rec);
  const comparisons = (kind === 'event' ? EVENT_COMPARISONS : LOCATION_COMPARISONS) as readonly Comparison<unknown>[];
  const prepared: unknown[] = rec.entities.map((e, i) => (kind === 'event' ? prepareEvent(entityAsEvent(e, `${i}`)) : prepareLocation(entityAsLocation(e, `${i}`))));
  const fields = PATTERN_FIELDS[kind] as readonly string[];
  const byField = new Map(comparisons.map((c) => [c.field, c]));
  const levels = fields.map(() => MISSING);
  const n = prepared.length;
  // Per entity: with how many others its name or address differs.
  const disagreements = new Array<number>(n).fill(0);
  let sameAddressOtherName = false;
  let sameSource = false;
  const nameC = byField.get('name');
  const placeC = byField.get(kind === 'event' ? 'location' : 'address');
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      fields.forEach((f, k) => {
        const c = byField.get(f);
        if (c) levels[k] = weakest(levels[k], c.level(prepared[i], prepared[j]));
      });
      const name = nameC ? nameC.level(prepared[i], prepared[j]) : MISSING;
      const place = placeC ? placeC.level(prepared[i], prepared[j]) : MISSING;
      const nameDiffers = nameC !== undefined && name !== MISSING && name >= nameC.levels.length - 2;
      const placeDiffers = placeC !== undefined && place !== MISSING && place >= placeC.levels.length - 1;
      if (nameDiffers && place === 0) sameAddressOtherName = true;
      if (nameDiffers || placeDiffers) {
        disagreements[i]++;
        disagreements[j]++;
      }
      const ia = rec.entities[i].integration;
      if (ia && ia === rec.entities[j].integration) sameSource = true;
    }
  }
  let oddOneOut: number | null = null;
  if (n >= 3) {
    const odd = disagreements.findIndex((d) => d === n - 1);
    // The rest must agree among themselves: otherwise it is a mixed group, not one stray branch.
    if (odd >= 0 && disagreements.every((d, i) => i === odd || d === 1)) oddOneOut = odd;
  }
  const agreements = fields.map((f, k) => coarse(levels[k], byField.get(f)?.levels.length ?? 2));
  return {
    id: rec['@id'],
    kind,
    score: rec.score,
    agreements,
    levels,
    pattern: patternKey(kind, agreements),
    sameAddressOtherName,
    oddOneOut,
    sameSource,
  };
}

/** The key of a pattern; `*` for a field a flagged group spans every level of (flagged-partition.ts). */
export function patternKey(kind: 'location' | 'event', agreements: readonly (Agreement | '*')[]): string {
  const fields = PATTERN_FIELDS[kind];
  return `${kind}:${agreements.map((a, i) => `${fields[i]}=${a}`).join(',')}`;
}

/** The pattern in words: "name equal, address close, phone equal; no postcode, url". */
export function describePattern(pattern: string): string {
  const [kind, rest = ''] = pattern.split(':', 2);
  // A flagged group not split down to one pattern (flagged-partition.ts) has fields at `*`: any level.
  const parts = rest.split(',').map((p) => p.split('=') as [string, Agreement | '*']);
  const said = parts.filter(([, a]) => a !== 'missing' && a !== '*').map(([f, a]) => `${f} ${a}`);
  const missing = parts.filter(([, a]) => a === 'missing').map(([f]) => f);
  const open = parts.some(([, a]) => a === '*');
  if (open && !said.length && !missing.length) return `${kind === 'event' ? 'Events' : 'Locations'}: any fields`;
  return `${kind === 'event' ? 'Events' : 'Locations'}: ${said.join(', ') || 'nothing to compare'}${missing.length ? `; no ${missing.join(', ')}` : ''}${open ? '; other fields any' : ''}`;
}

/** Parses a pattern key, for the CLI's --group; undefined when it is not one. */
export function parsePattern(text: string): string | undefined {
  const m = /^(location|event):(.*)$/.exec(text.trim());
  if (!m) return undefined;
  const kind = m[1] as 'location' | 'event';
  const fields = PATTERN_FIELDS[kind] as readonly string[];
  const pairs = m[2].split(',').map((p) => p.split('='));
  if (pairs.length !== fields.length) return undefined;
  const agreements: Agreement[] = [];
  for (let i = 0; i < fields.length; i++) {
    const [f, a] = pairs[i];
    if (f !== fields[i] || !AGREEMENTS.includes(a as Agreement)) return undefined;
    agreements.push(a as Agreement);
  }
  return patternKey(kind, agreements);
}

/**
 * Features are pure functions of a recommendation: the comparisons computed once per id and its
 * entities, and kept. Not once per id alone: a service re-scores its pending recommendations as
 * its matcher learns (the sandbox refits on the curator's decisions), and features kept with the
 * first score put a chain's links that the service now scores 0.77 at 0.999, where the model's
 * score weight called them 0.82 likely while the curator rejected them (a simulated backlog
 * of 21,079: a group answered to its last item). A new score takes the kept comparisons with it; other entities
 * (a service that rewrites a recommendation under its id) are compared again.
 */
export class FeatureCache {
  private readonly byId = new Map<string, { features: Features; entities: readonly string[] }>();
  of(rec: Recommendation): Features {
    const kept = this.byId.get(rec['@id']);
    if (!kept || kept.entities.length !== rec.entities.length || rec.entities.some((e, i) => e['@id'] !== kept.entities[i])) {
      const features = featuresOf(rec);
      this.byId.set(rec['@id'], { features, entities: rec.entities.map((e) => e['@id']) });
      return features;
    }
    if (kept.features.score !== rec.score) kept.features = { ...kept.features, score: rec.score };
    return kept.features;
  }
}
