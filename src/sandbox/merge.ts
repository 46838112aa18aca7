// Merging source records into one unified record: which source records belong together
// (union-find) and which value of each field survives (survivorship). The rules are deterministic
// and documented in docs/sandbox.md (## Sandbox data model), because curators need to predict what
// an approval will produce.
import type { Address, Category, Image, SourceId, UrlEntry } from '../api/model';
import type { EventDetails, SourceEventRecord, SourceLocationRecord, SourceRecord } from './source-records';

/** Disjoint sets over record indices, with path halving and union by size. */
export class UnionFind {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(n: number) {
    this.parent = new Int32Array(n);
    this.size = new Int32Array(n).fill(1);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }

  find(i: number): number {
    const p = this.parent;
    while (p[i] !== i) {
      p[i] = p[p[i]];
      i = p[i];
    }
    return i;
  }

  /** Returns false when a and b were already together. */
  union(a: number, b: number): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return false;
    if (this.size[ra] < this.size[rb]) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra] += this.size[rb];
    return true;
  }
}

/** Case-, accent- and spacing-insensitive form: different spellings of one value vote together. */
function foldText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = /^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{M}+/gu, '');
  return plain.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Survivorship core: the values vote by key; the key with most votes wins; ties go to the more
 * complete key (higher `completeness`), then to the earliest in source order. Within the winning
 * key the representative is the best-scored spelling (`prefer`), then the earliest.
 */
export function survivor<T>(
  values: readonly (T | undefined)[],
  key: (v: T) => string,
  completeness: (v: T) => number = () => 0,
  prefer: (v: T) => number = () => 0,
): T | undefined {
  const groups = new Map<string, { count: number; first: number; best: T }>();
  values.forEach((v, i) => {
    if (v === undefined) return;
    const k = key(v);
    const g = groups.get(k);
    if (!g) groups.set(k, { count: 1, first: i, best: v });
    else {
      g.count++;
      if (prefer(v) > prefer(g.best)) g.best = v;
    }
  });
  let winner: { count: number; first: number; best: T } | undefined;
  for (const g of groups.values()) {
    if (!winner || g.count > winner.count || (g.count === winner.count && (completeness(g.best) > completeness(winner.best)
      || (completeness(g.best) === completeness(winner.best) && g.first < winner.first)))) winner = g;
  }
  return winner?.best;
}

const nonEmpty = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/** Names: mixed case beats ALL CAPS, accented beats stripped ("Café" over "Cafe"). */
function pickName(names: string[]): string {
  return survivor(names, foldText, (n) => foldText(n).length, (n) => (n !== n.toUpperCase() ? 2 : 0) + (/[^\x20-\x7e]/.test(n) ? 1 : 0)) ?? '';
}

const ADDRESS_FIELDS = ['streetAddress', 'postalCode', 'addressRegion', 'addressLocality', 'addressCountry'] as const;

/** The whole address comes from one source, so street, postcode and city stay consistent. */
function pickAddress(addresses: (Address | undefined)[]): Address | undefined {
  const filled = (a: Address) => ADDRESS_FIELDS.filter((f) => nonEmpty(a[f])).length;
  const text = (a: Address) => ADDRESS_FIELDS.map((f) => a[f] ?? '').join('|');
  const chosen = survivor(addresses.map((a) => (a && filled(a) > 0 ? a : undefined)), (a) => foldText(text(a)), (a) => filled(a) * 1000 + text(a).length);
  if (!chosen) return undefined;
  const out: Address = {};
  for (const f of ADDRESS_FIELDS) if (nonEmpty(chosen[f])) out[f] = chosen[f];
  return out;
}

/** Telephones vote by their last 10 digits (so "+1 212…" and "(212) …" agree); "+" forms are preferred. */
function pickTelephone(phones: (string | undefined)[]): string | undefined {
  return survivor(phones.map((p) => (nonEmpty(p) ? p : undefined)), (p) => p.replace(/\D/g, '').slice(-10), (p) => p.replace(/\D/g, '').length, (p) => (p.trim().startsWith('+') ? 1 : 0));
}

/** The medoid: the source position closest to all the others, so one bad geocode cannot win. */
function pickCoordinates(members: SourceLocationRecord[]): { latitude: number; longitude: number } | undefined {
  const points = members.filter((m) => Number.isFinite(m.latitude) && Number.isFinite(m.longitude)) as { latitude: number; longitude: number }[];
  let best: { latitude: number; longitude: number } | undefined;
  let bestSum = Infinity;
  for (const p of points) {
    let sum = 0;
    for (const q of points) {
      const dx = (p.longitude - q.longitude) * Math.cos((p.latitude * Math.PI) / 180);
      sum += Math.hypot(p.latitude - q.latitude, dx);
    }
    if (sum < bestSum) { best = p; bestSum = sum; }
  }
  return best;
}

export interface SharedFields {
  sourceIds: SourceId[];
  urls: UrlEntry[];
  integrations: string[];
  images: Image[];
}

/** Unions every source's identifiers, web addresses, integrations and images, in source order. */
export function unionShared(members: SourceRecord[]): SharedFields {
  const urls: UrlEntry[] = [];
  const seenUrl = new Set<string>();
  const integrations: string[] = [];
  const images: Image[] = [];
  const seenImage = new Set<string>();
  for (const m of members) {
    if (!integrations.includes(m.integration)) integrations.push(m.integration);
    if (nonEmpty(m.url) && !seenUrl.has(m.integration + '\n' + m.url)) {
      seenUrl.add(m.integration + '\n' + m.url);
      urls.push({ integration: m.integration, url: m.url });
    }
    for (const img of m.images ?? []) {
      if (seenImage.has(img.contentUrl)) continue;
      seenImage.add(img.contentUrl);
      images.push({ ...img, integration: m.integration });
    }
  }
  return { sourceIds: members.map((m) => ({ integration: m.integration, id: m.sourceId })), urls, integrations, images };
}

export interface MergedLocation extends SharedFields {
  name: string;
  address?: Address;
  telephone?: string;
  latitude?: number;
  longitude?: number;
}

/** members: in source order (the order records were generated or imported). */
export function mergeLocation(members: SourceLocationRecord[]): MergedLocation {
  const out: MergedLocation = { ...unionShared(members), name: pickName(members.map((m) => m.name)) };
  const address = pickAddress(members.map((m) => m.address));
  if (address) out.address = address;
  const telephone = pickTelephone(members.map((m) => m.telephone));
  if (telephone) out.telephone = telephone;
  const coordinates = pickCoordinates(members);
  if (coordinates) { out.latitude = coordinates.latitude; out.longitude = coordinates.longitude; }
  return out;
}

export interface MergedEvent extends SharedFields, EventDetails {
  name: string;
  description: string;
  startDate: string;
  categories: Category[];
  keywords: string[];
}

/** Cancellation is news: on a tie between statuses the more disruptive one wins. */
const STATUS_RANK: Record<string, number> = { EventCancelled: 5, EventPostponed: 4, EventRescheduled: 3, EventMovedOnline: 2, EventScheduled: 1 };

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The source whose timing wins: sources that confirm the time outvote date-only listings; then the
 * most common start; then the earliest. Door times and confirmations come from that same source, so
 * they stay consistent with the start.
 */
export function timingSource(members: readonly SourceEventRecord[]): SourceEventRecord {
  const confirmed = members.filter((m) => m.timeConfirmed !== false);
  const pool = confirmed.length > 0 ? confirmed : members;
  return survivor(pool, (m) => m.startDate, (m) => -Date.parse(m.startDate)) as SourceEventRecord;
}

export function mergeEvent(members: SourceEventRecord[]): MergedEvent {
  const timing = timingSource(members);
  const out: MergedEvent = {
    ...unionShared(members),
    name: pickName(members.map((m) => m.name)),
    // The longest description says the most; empty when no source has one (the spec allows empty).
    description: members.reduce((best, m) => ((m.description ?? '').length > best.length ? (m.description as string) : best), ''),
    startDate: timing.startDate,
    categories: [],
    keywords: [],
  };
  if (timing.accessStart) out.accessStart = timing.accessStart;
  if (timing.accessEnd) out.accessEnd = timing.accessEnd;
  if (timing.dateConfirmed !== undefined) out.dateConfirmed = timing.dateConfirmed;
  if (timing.timeConfirmed !== undefined) out.timeConfirmed = timing.timeConfirmed;
  // Prices span every source: the cheapest minimum, the dearest maximum, the mean of the averages.
  const mins = members.map((m) => m.minimumPrice).filter((x): x is number => Number.isFinite(x));
  const maxs = members.map((m) => m.maximumPrice).filter((x): x is number => Number.isFinite(x));
  const avgs = members.map((m) => m.averagePrice).filter((x): x is number => Number.isFinite(x));
  if (mins.length) out.minimumPrice = Math.min(...mins);
  if (maxs.length) out.maximumPrice = Math.max(...maxs);
  if (avgs.length) out.averagePrice = round2(avgs.reduce((s, x) => s + x, 0) / avgs.length);
  // Each source lists its own ticket offers, so the counts add up.
  const counts = members.map((m) => m.listingCount).filter((x): x is number => Number.isFinite(x));
  if (counts.length) out.listingCount = counts.reduce((s, x) => s + x, 0);
  const status = survivor(members.map((m) => m.eventStatus), (s) => s, (s) => STATUS_RANK[s] ?? 0);
  if (status) out.eventStatus = status;
  const seenCategory = new Set<string>();
  const seenKeyword = new Set<string>();
  for (const m of members) {
    for (const c of m.categories ?? []) {
      const k = `${c.identifier}\n${c.name}`;
      if (!seenCategory.has(k)) { seenCategory.add(k); out.categories.push({ identifier: c.identifier, name: c.name }); }
    }
    for (const kw of m.keywords ?? []) {
      const k = foldText(kw);
      if (k && !seenKeyword.has(k)) { seenKeyword.add(k); out.keywords.push(kw); }
    }
  }
  return out;
}
