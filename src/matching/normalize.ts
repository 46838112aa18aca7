// Normalisers: turn the free text different sources write for the same thing into one form, so
// that similarity measures compare meaning rather than spelling conventions.

/** Lower case, accents stripped (NFD + drop combining marks), "&" as "and", punctuation as space. */
export function normalizeText(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // Apostrophes join ("arnie's" -> "arnies") so possessives do not become a stray "s" token.
    .replace(/['’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function tokens(text: string): string[] {
  return text === '' ? [] : text.split(' ');
}

const ORDINAL_WORDS: Record<string, string> = {
  first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th', sixth: '6th',
  seventh: '7th', eighth: '8th', ninth: '9th', tenth: '10th', eleventh: '11th', twelfth: '12th',
};

const STREET_ABBREVIATIONS: Record<string, string> = {
  st: 'street', str: 'street', ave: 'avenue', av: 'avenue', avenida: 'avenue', blvd: 'boulevard', blv: 'boulevard',
  boul: 'boulevard', bd: 'boulevard', rd: 'road', dr: 'drive', ln: 'lane', pl: 'place', ct: 'court',
  hwy: 'highway', pkwy: 'parkway', pky: 'parkway', sq: 'square', cir: 'circle', ter: 'terrace',
  trl: 'trail', pch: 'pacific coast highway', expy: 'expressway', fwy: 'freeway', mt: 'mount', ft: 'fort',
  n: 'north', s: 'south', e: 'east', w: 'west', ne: 'northeast', nw: 'northwest', se: 'southeast', sw: 'southwest',
  ste: 'suite', apt: 'apartment', fl: 'floor', bldg: 'building',
};

/** Street-type and direction words: they rarely tell two streets apart, so blocking skips them. */
export const STREET_FILLER = new Set([
  'street', 'avenue', 'boulevard', 'road', 'drive', 'lane', 'place', 'court', 'highway', 'parkway',
  'square', 'circle', 'terrace', 'trail', 'way', 'north', 'south', 'east', 'west', 'northeast',
  'northwest', 'southeast', 'southwest', 'suite', 'apartment', 'floor', 'building', 'the', 'and', 'of', 'at',
]);

/** Street address in canonical words: "435 S. La Cienega Blv." -> "435 south la cienega boulevard". */
export function normalizeStreet(text: string | null | undefined): string {
  const words = tokens(normalizeText(text));
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    // "St" opening the street ("12 St Marks Place") is Saint; after a name ("Main St", "3rd St") it is Street.
    if (w === 'st' && i + 1 < words.length && (i === 0 || /^\d+$/.test(words[i - 1]))) {
      out.push('saint');
      continue;
    }
    out.push(ORDINAL_WORDS[w] ?? STREET_ABBREVIATIONS[w] ?? w);
  }
  return out.join(' ');
}

/** Articles and joining words: they carry nothing in a name. */
export const NAME_STOPWORDS = new Set([
  'the', 'and', 'of', 'at', 'on', 'in', 'a', 'an', 'le', 'la', 'les', 'el', 'il', 'de', 'du', 'des', 'der', 'die', 'das',
  'co', 'company', 'inc', 'ltd', 'llc',
]);

/**
 * Words naming the kind of venue, mapped to one canonical word each. They count half in name
 * similarity (many places share them), and two names with different kinds ("Ritz-Carlton Cafe",
 * "Ritz-Carlton Dining Room") are likely two venues in one building.
 */
export const VENUE_TYPE_WORDS: ReadonlyMap<string, string> = new Map([
  ['restaurant', 'restaurant'], ['restaurants', 'restaurant'], ['ristorante', 'restaurant'], ['restaurante', 'restaurant'],
  ['cafe', 'cafe'], ['caffe', 'cafe'], ['coffee', 'cafe'], ['coffeehouse', 'cafe'], ['bar', 'bar'], ['pub', 'pub'],
  ['tavern', 'tavern'], ['grill', 'grill'], ['bistro', 'bistro'], ['brasserie', 'brasserie'], ['trattoria', 'trattoria'],
  ['pizzeria', 'pizzeria'], ['deli', 'deli'], ['delicatessen', 'deli'], ['diner', 'diner'], ['eatery', 'eatery'],
  ['kitchen', 'kitchen'], ['inn', 'inn'], ['hotel', 'hotel'], ['dining', 'dining'], ['room', 'room'], ['house', 'house'],
  ['club', 'club'], ['lounge', 'lounge'], ['hall', 'hall'], ['theater', 'theater'], ['theatre', 'theater'], ['gallery', 'gallery'],
  ['brewery', 'brewery'], ['arena', 'arena'], ['studio', 'studio'], ['museum', 'museum'], ['center', 'center'],
  ['centre', 'center'], ['ballroom', 'ballroom'], ['taproom', 'taproom'], ['playhouse', 'playhouse'], ['library', 'library'],
  ['bookshop', 'bookshop'], ['bookstore', 'bookshop'],
]);

export interface NormalizedName {
  /** Every word, as written (normalised). */
  full: string[];
  /** Words that can tell venues apart: stopwords dropped, venue-type words canonical. Never empty if full is not. */
  core: string[];
  /** The canonical venue-type words among core. */
  types: string[];
  /** Weight of each core word in name similarity: venue-type words count half (many places are a "Cafe"). */
  weights: number[];
  /** Core words run together, to compare names that differ only in spacing ("bel air" / "belair"). */
  joined: string;
  /**
   * What tells one show of a title from another ("(Early Show)", "Part 2", "Matinee"), kept apart
   * from the name words: bracketed text, and a trailing show or sequence marker. Empty when none.
   */
  qualifier: string;
}

// "… Part 2", "… Day 1", "… Night 3", "… Early Show", "… Matinee": markers event feeds put after a
// title to tell its shows apart. Matched on normalised words at the end of the name only.
const TRAILING_QUALIFIER = /^(.+?) ((?:part|pt|day|night|week|session|round|vol|volume|episode|ep) (?:\d+|one|two|three|four|five|i|ii|iii|iv|v)|(?:early|late|evening|afternoon|morning|midnight|matinee|second|first|extra) (?:show|performance|session|seating)|matinee)$/;

/**
 * Name words. Parenthesised text is dropped first: sources put branch or city qualifiers there
 * ("Le Chardonnay (Los Angeles)"), which would otherwise look like a different name.
 */
export function normalizeName(text: string | null | undefined): NormalizedName {
  if (!text) return nameFromWords([]);
  const bracketed: string[] = [];
  let rest = normalizeText(text.replace(/\(([^)]*)\)/g, (_, inside: string) => {
    bracketed.push(normalizeText(inside));
    return ' ';
  }));
  const trailing = TRAILING_QUALIFIER.exec(rest);
  if (trailing) {
    rest = trailing[1];
    bracketed.push(trailing[2]);
  }
  return nameFromWords(tokens(rest), bracketed.filter((q) => q !== '').join(' '));
}

export function nameFromWords(full: string[], qualifier = ''): NormalizedName {
  const kept = full.filter((w) => !NAME_STOPWORDS.has(w));
  const core = (kept.length > 0 ? kept : full).map((w) => VENUE_TYPE_WORDS.get(w) ?? w);
  return {
    full,
    core,
    types: core.filter((w) => VENUE_TYPE_WORDS.has(w)),
    weights: core.map((w) => (VENUE_TYPE_WORDS.has(w) ? 0.5 : 1)),
    joined: core.join(''),
    qualifier,
  };
}

/** The last ten digits of a phone number (drops +1, spaces, dots, dashes, brackets, slashes); null if under seven. */
export function normalizePhone(text: string | null | undefined): string | null {
  if (!text) return null;
  // An extension is not part of the number: "415-555-0134 ext. 12", "x12", "#12".
  const digits = text.replace(/\s*(?:ext\.?|extension|x|#)\s*\d+\s*$/i, '').replace(/\D+/g, '');
  if (digits.length < 7) return null;
  return digits.length > 10 ? digits.slice(-10) : digits;
}

// Hosts shared by many unrelated places: the host alone says nothing, the first path segment
// (the page's handle) does.
const PLATFORM_HOSTS = new Set([
  'facebook.com', 'instagram.com', 'twitter.com', 'x.com', 'yelp.com', 'tripadvisor.com', 'linktr.ee',
  'sites.google.com', 'google.com', 'tiktok.com', 'eventbrite.com', 'ticketmaster.com', 'meetup.com',
]);

/** Host of a web address without scheme, user, port, "www."/"m." or path; platform pages keep their handle. */
export function normalizeUrlHost(text: string | null | undefined): string | null {
  if (!text) return null;
  let rest = text.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  rest = rest.replace(/^[^/@]*@/, '');
  const slash = rest.search(/[/?#]/);
  const hostPort = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? '' : rest.slice(slash);
  let host = hostPort.replace(/:\d+$/, '').replace(/\.$/, '').replace(/^(?:www\d*|m)\./, '');
  if (host === '' || !host.includes('.')) return null;
  if (PLATFORM_HOSTS.has(host)) {
    const handle = path.split(/[/?#]/).find((p) => p !== '');
    if (handle) host = `${host}/${handle}`;
  }
  return host;
}

/**
 * A web address as host + path (no scheme, "www.", query, fragment or trailing slash). Events are
 * listed on the integration's own site, so the host says only which integration it is; the whole
 * address is what identifies a listing.
 */
export function normalizeUrlPage(text: string | null | undefined): string | null {
  if (!text) return null;
  const rest = text.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^[^/@]*@/, '');
  const slash = rest.search(/[/?#]/);
  const host = normalizeUrlHost(slash < 0 ? rest : rest.slice(0, slash));
  if (!host) return null;
  const path = slash < 0 ? '' : rest.slice(slash).split(/[?#]/)[0].replace(/\/+$/, '');
  return host.split('/')[0] + path;
}

const COUNTRY_ALIASES: Record<string, string> = {
  us: 'us', usa: 'us', 'united states': 'us', 'united states of america': 'us', america: 'us',
  gb: 'gb', uk: 'gb', 'united kingdom': 'gb', 'great britain': 'gb', england: 'gb', scotland: 'gb', wales: 'gb',
  ca: 'ca', can: 'ca', canada: 'ca', au: 'au', aus: 'au', australia: 'au', de: 'de', deu: 'de', germany: 'de', deutschland: 'de',
  fr: 'fr', fra: 'fr', france: 'fr', es: 'es', esp: 'es', spain: 'es', espana: 'es', it: 'it', ita: 'it', italy: 'it', italia: 'it',
  nl: 'nl', nld: 'nl', netherlands: 'nl', ie: 'ie', irl: 'ie', ireland: 'ie', nz: 'nz', nzl: 'nz', 'new zealand': 'nz',
};

/** Country as a short code for the common spellings ("USA", "United States" -> "us"); other text normalised; null if empty. */
export function normalizeCountry(text: string | null | undefined): string | null {
  const t = normalizeText(text);
  if (t === '') return null;
  return COUNTRY_ALIASES[t] ?? t;
}

/** Postcode without spaces or punctuation, upper case ("sw1a 1aa" -> "SW1A1AA"); null when empty. */
export function normalizePostcode(text: string | null | undefined): string | null {
  if (!text) return null;
  const p = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return p === '' ? null : p;
}
