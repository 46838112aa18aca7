// The ways integrations write the same fact differently. Each function takes the true value and
// returns one integration's rendering of it; the matcher has to see through all of these.
import type { Rng } from './generator-prng';

const KEYBOARD_NEIGHBOURS: Record<string, string> = {
  a: 'sqw', e: 'wrd', i: 'uok', o: 'ipl', u: 'yij', n: 'bmh', r: 'etf', s: 'adw', t: 'ryg', l: 'kop', c: 'xvd', m: 'nj',
};

function isLetter(text: string, i: number): boolean {
  const c = text.charCodeAt(i) | 0x20; // fold ASCII case
  return (c >= 97 && c <= 122) || text.charCodeAt(i) > 0xbf;
}

/** One typing mistake: swapped, dropped, doubled or mistyped letter (never on very short words). */
export function typo(rng: Rng, text: string): string {
  const letterPositions: number[] = [];
  for (let i = 1; i < text.length - 1; i++) if (isLetter(text, i) && isLetter(text, i + 1)) letterPositions.push(i);
  if (letterPositions.length < 3) return text;
  const i = rng.pick(letterPositions);
  switch (rng.int(4)) {
    case 0: return text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
    case 1: return text.slice(0, i) + text.slice(i + 1);
    case 2: return text.slice(0, i) + text[i] + text.slice(i);
    default: {
      const near = KEYBOARD_NEIGHBOURS[text[i].toLowerCase()];
      return near ? text.slice(0, i) + rng.pick([...near]) + text.slice(i + 1) : text.slice(0, i) + text.slice(i + 1);
    }
  }
}

export function stripAccents(text: string): string {
  // Fast path: almost every name is plain ASCII, and normalize() is costly at 100,000s of calls.
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{M}+/gu, '');
}

export interface NameNoise {
  typo: number;
  dropThe: number;
  ampersand: number;
  reorder: number;
  dropToken: number;
  citySuffix: number;
  upper: number;
  stripAccents: number;
}

/** A venue's name as one integration lists it. */
export function noisyName(rng: Rng, name: string, city: string, p: NameNoise): string {
  let out = name;
  if (out.startsWith('The ') && rng.chance(p.dropThe)) out = out.slice(4);
  if (rng.chance(p.ampersand)) out = out.includes(' & ') ? out.replace(' & ', ' and ') : out.replace(' and ', ' & ');
  const words = out.split(' ');
  if (words.length >= 3 && rng.chance(p.reorder)) {
    // "Blue Heron Café" -> "Café Blue Heron": directories that file venues by type do this.
    words.unshift(words.pop() as string);
    out = words.join(' ');
  } else if (words.length >= 3 && rng.chance(p.dropToken)) {
    words.splice(1 + rng.int(words.length - 1), 1);
    out = words.join(' ');
  }
  if (rng.chance(p.citySuffix)) out = rng.chance(0.5) ? `${out} ${city}` : `${out} (${city})`;
  if (rng.chance(p.typo)) out = typo(rng, out);
  if (rng.chance(p.stripAccents)) out = stripAccents(out);
  if (rng.chance(p.upper)) out = out.toUpperCase();
  return out;
}

const STREET_TYPE_SHORT: Record<string, string[]> = {
  Street: ['St', 'St.'], Avenue: ['Ave', 'Ave.', 'Av'], Road: ['Rd', 'Rd.'], Boulevard: ['Blvd', 'Blvd.'], Drive: ['Dr', 'Dr.'],
  Lane: ['Ln', 'Ln.'], Place: ['Pl', 'Pl.'], 'Shore Drive': ['Shore Dr', 'Shore Dr.'],
};

const DIRECTION_SHORT: Record<string, string> = { North: 'N', South: 'S', East: 'E', West: 'W' };

export interface StreetParts {
  number: string;
  direction?: string;
  base: string;
  type: string;
  unit?: string;
}

/** The street line as one integration writes it: abbreviations, unit styles, the odd typo. */
export function noisyStreet(rng: Rng, s: StreetParts, abbreviate: number, typoRate: number): string {
  const short = rng.chance(abbreviate);
  const type = short && STREET_TYPE_SHORT[s.type] ? rng.pick(STREET_TYPE_SHORT[s.type]) : s.type;
  const direction = s.direction ? (short ? DIRECTION_SHORT[s.direction] : s.direction) : undefined;
  let line = [s.number, direction, s.base, type].filter(Boolean).join(' ');
  if (s.unit && !rng.chance(0.3)) {
    line += rng.pick([`, Suite ${s.unit}`, ` #${s.unit}`, `, Unit ${s.unit}`, ` Ste ${s.unit}`]);
  }
  if (rng.chance(typoRate)) line = typo(rng, line);
  return line;
}

export type PhoneStyle = 'national' | 'dashes' | 'dots' | 'international' | 'e164' | 'digits';

/** A telephone number in one of the formats directories use. */
export function formatPhone(rng: Rng, style: PhoneStyle, p: { countryCode: string; area: string; local: string }): string {
  const { countryCode: cc, area, local } = p;
  if (cc === '1') {
    const a = local.slice(0, 3), b = local.slice(3);
    switch (style) {
      case 'national': return `(${area}) ${a}-${b}`;
      case 'dashes': return `${area}-${a}-${b}`;
      case 'dots': return `${area}.${a}.${b}`;
      case 'international': return `+1 ${area}-${a}-${b}`;
      case 'e164': return `+1${area}${local}`;
      default: return rng.chance(0.5) ? `${area}${local}` : `1${area}${local}`;
    }
  }
  const half = Math.ceil(local.length / 2);
  const grouped = `${local.slice(0, half)} ${local.slice(half)}`;
  switch (style) {
    case 'international': case 'dashes': return `+${cc} ${area} ${grouped}`;
    case 'e164': case 'digits': return `+${cc}${area}${local}`;
    default: return cc === '61' ? `(0${area}) ${grouped}` : `0${area} ${grouped}`;
  }
}

/** The venue's own website as one integration records it. */
export function noisyUrl(rng: Rng, host: string): string {
  const scheme = rng.chance(0.8) ? 'https://' : 'http://';
  const www = rng.chance(0.5) ? 'www.' : '';
  const slash = rng.chance(0.4) ? '/' : '';
  return `${scheme}${www}${host}${slash}`;
}

export function slug(text: string): string {
  return stripAccents(text).toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
