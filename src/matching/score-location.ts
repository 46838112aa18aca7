// Location pair scoring: per-field similarities, Fellegi–Sunter weights, logistic score, and the
// explanation the comparison panel shows.
import type { FieldExplanation, MatchLocation, PairScore } from './types';
import { prepareLocation, type PreparedLocation } from './prepare';
import { nearDistanceMeters } from './similarity';
import {
  addressSimilarity,
  distanceSimilarity,
  nameSimilarity,
  phoneSimilarity,
  postcodeSimilarity,
  sameSource,
  townSimilarity,
  urlSimilarity,
} from './location-similarity';
import { fieldWeight, LOCATION_MODEL, logistic2, type FieldModel } from './weights';

function metersBetween(a: PreparedLocation, b: PreparedLocation): number | null {
  if (a.lat === null || a.lon === null || b.lat === null || b.lon === null) return null;
  return nearDistanceMeters(a.lat, a.lon, b.lat, b.lon);
}

interface LocationField {
  name: string;
  model: FieldModel;
  /** Fields that all say where the place is: their agreements are not independent evidence. */
  where: boolean;
  similarity: (a: PreparedLocation, b: PreparedLocation) => number | null;
  /** The value shown in the explanation. */
  show: (p: PreparedLocation, other: PreparedLocation) => string | null;
}

const M = LOCATION_MODEL;
const FIELDS: readonly LocationField[] = [
  { name: 'name', model: M.name, where: false, similarity: (a, b) => nameSimilarity(a.name, b.name), show: (p) => p.name.full.join(' ') },
  { name: 'address', model: M.address, where: true, similarity: addressSimilarity, show: (p) => p.streetText },
  { name: 'town', model: M.town, where: true, similarity: townSimilarity, show: (p) => [p.locality, p.country ?? ''].filter((x) => x !== '').join(', ') },
  { name: 'postcode', model: M.postcode, where: true, similarity: (a, b) => postcodeSimilarity(a.postcode, b.postcode), show: (p) => p.postcode },
  { name: 'phone', model: M.phone, where: false, similarity: (a, b) => phoneSimilarity(a.phone, b.phone), show: (p) => p.phone },
  { name: 'url', model: M.url, where: false, similarity: urlSimilarity, show: (p) => p.urlHost },
  {
    name: 'distance',
    model: M.distance,
    where: true,
    similarity: (a, b) => {
      const m = metersBetween(a, b);
      return m === null ? null : distanceSimilarity(m);
    },
    show: (p, other) => {
      const m = metersBetween(p, other);
      return m === null ? (p.lat === null ? null : `${p.lat}, ${p.lon}`) : `${p.lat}, ${p.lon} (${Math.round(m)} m apart)`;
    },
  },
  { name: 'integration', model: M.integration, where: false, similarity: (a, b) => sameSource(a.integration, b.integration), show: (p) => p.integration },
];

/** Share of each further agreeing "where" field's weight that counts, after the strongest one. */
export const WHERE_DISCOUNT = 0.3;

/**
 * Field weights of a pair. Fellegi–Sunter assumes fields independent given match status; address,
 * town, postcode and distance are not (two venues in one building agree on all four). The strongest
 * agreement of that group counts in full, the others at WHERE_DISCOUNT, so a shared building cannot
 * outvote two different names. Disagreements count in full.
 */
function weigh(a: PreparedLocation, b: PreparedLocation, sims: (number | null)[], weights: number[]): number {
  let best = -1;
  for (let i = 0; i < FIELDS.length; i++) {
    const s = FIELDS[i].similarity(a, b);
    sims[i] = s;
    weights[i] = fieldWeight(FIELDS[i].model, s);
    if (FIELDS[i].where && weights[i] > 0 && (best < 0 || weights[i] > weights[best])) best = i;
  }
  let logOdds = M.prior;
  for (let i = 0; i < FIELDS.length; i++) {
    if (FIELDS[i].where && weights[i] > 0 && i !== best) weights[i] *= WHERE_DISCOUNT;
    logOdds += weights[i];
  }
  return logOdds;
}

const scratchSims: (number | null)[] = new Array<number | null>(FIELDS.length).fill(null);
const scratchWeights: number[] = new Array<number>(FIELDS.length).fill(0);

/** The score alone, without building an explanation: the hot path of candidate search. */
export function locationScore(a: PreparedLocation, b: PreparedLocation): number {
  return logistic2(weigh(a, b, scratchSims, scratchWeights));
}

export function scorePreparedLocations(a: PreparedLocation, b: PreparedLocation): PairScore {
  const sims: (number | null)[] = [];
  const weights: number[] = [];
  const logOdds = weigh(a, b, sims, weights);
  const fields = FIELDS.map((f, i): FieldExplanation => {
    const out: FieldExplanation = { field: f.name, similarity: sims[i], weight: weights[i] };
    const va = f.show(a, b);
    const vb = f.show(b, a);
    if (va) out.a = va;
    if (vb) out.b = vb;
    return out;
  });
  return { score: logistic2(logOdds), logOdds, prior: M.prior, fields };
}

export function scoreLocationPair(a: MatchLocation, b: MatchLocation): PairScore {
  return scorePreparedLocations(prepareLocation(a), prepareLocation(b));
}
