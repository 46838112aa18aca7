// Word lists and city facts for the synthetic data. Cities are real so that coordinates, postal
// codes and telephone numbers look plausible on a map; venues, people and acts are invented.
import type { Rng } from './generator-prng';

export interface City {
  name: string;
  region: string;
  country: string;
  /** Other ways integrations write the country. */
  countryVariants: string[];
  lat: number;
  lon: number;
  /** Radius of the area venues are scattered over, in km. */
  radiusKm: number;
  postalCode: (rng: Rng) => string;
  /** National significant number (no country code): area code + subscriber digits. */
  phone: (rng: Rng) => { countryCode: string; area: string; local: string };
}

const usPhone = (areas: string[]) => (rng: Rng) => ({ countryCode: '1', area: rng.pick(areas), local: rng.range(200, 989) + rng.digits(4) });

export const CITIES: readonly City[] = [
  { name: 'New York', region: 'NY', country: 'US', countryVariants: ['USA', 'United States'], lat: 40.7359, lon: -73.9911, radiusKm: 7,
    postalCode: (r) => '100' + String(r.range(1, 38)).padStart(2, '0'), phone: usPhone(['212', '646', '917']) },
  { name: 'Chicago', region: 'IL', country: 'US', countryVariants: ['USA', 'United States'], lat: 41.8837, lon: -87.6324, radiusKm: 8,
    postalCode: (r) => '606' + String(r.range(1, 61)).padStart(2, '0'), phone: usPhone(['312', '773']) },
  { name: 'San Francisco', region: 'CA', country: 'US', countryVariants: ['USA', 'United States'], lat: 37.7749, lon: -122.4194, radiusKm: 5,
    postalCode: (r) => '941' + String(r.range(2, 34)).padStart(2, '0'), phone: usPhone(['415', '628']) },
  { name: 'Austin', region: 'TX', country: 'US', countryVariants: ['USA', 'United States'], lat: 30.2672, lon: -97.7431, radiusKm: 7,
    postalCode: (r) => '787' + String(r.range(1, 59)).padStart(2, '0'), phone: usPhone(['512', '737']) },
  { name: 'Seattle', region: 'WA', country: 'US', countryVariants: ['USA', 'United States'], lat: 47.6062, lon: -122.3321, radiusKm: 6,
    postalCode: (r) => '981' + String(r.range(1, 99)).padStart(2, '0'), phone: usPhone(['206']) },
  { name: 'Toronto', region: 'ON', country: 'CA', countryVariants: ['Canada', 'CAN'], lat: 43.6532, lon: -79.3832, radiusKm: 7,
    postalCode: (r) => `M${r.range(1, 9)}${r.letters(1)} ${r.range(1, 9)}${r.letters(1)}${r.range(0, 9)}`, phone: usPhone(['416', '647']) },
  { name: 'London', region: 'England', country: 'GB', countryVariants: ['UK', 'United Kingdom'], lat: 51.5072, lon: -0.1276, radiusKm: 8,
    postalCode: (r) => `${r.pick(['EC1V', 'WC2H', 'SE1', 'N1', 'E2', 'W1D', 'NW1', 'SW9'])} ${r.range(1, 9)}${r.letters(2)}`,
    phone: (r) => ({ countryCode: '44', area: '20', local: r.pick(['7', '3', '8']) + r.digits(7) }) },
  { name: 'Sydney', region: 'NSW', country: 'AU', countryVariants: ['Australia', 'AUS'], lat: -33.8688, lon: 151.2093, radiusKm: 7,
    postalCode: (r) => String(r.range(2000, 2050)), phone: (r) => ({ countryCode: '61', area: '2', local: r.pick(['8', '9']) + r.digits(7) }) },
];

/** Street base names and the type word they usually take ('' for names like Broadway). */
export const STREETS: readonly [string, string][] = [
  ['Main', 'Street'], ['Oak', 'Street'], ['Maple', 'Avenue'], ['Elm', 'Street'], ['Washington', 'Avenue'], ['King', 'Street'],
  ['Queen', 'Street'], ['Church', 'Street'], ['Market', 'Street'], ['Mission', 'Street'], ['Broadway', ''], ['Park', 'Avenue'],
  ['Lake', 'Shore Drive'], ['Harbor', 'Road'], ['Mill', 'Road'], ['Station', 'Road'], ['High', 'Street'], ['Cedar', 'Lane'],
  ['Pine', 'Street'], ['Spruce', 'Street'], ['Willow', 'Lane'], ['Sunset', 'Boulevard'], ['Central', 'Avenue'], ['River', 'Road'],
  ['Hill', 'Street'], ['College', 'Street'], ['Union', 'Street'], ['Franklin', 'Avenue'], ['Jefferson', 'Street'], ['Madison', 'Avenue'],
  ['Lincoln', 'Boulevard'], ['Grand', 'Avenue'], ['Victoria', 'Road'], ['George', 'Street'], ['Albert', 'Place'], ['Bridge', 'Street'],
  ['Canal', 'Street'], ['Dock', 'Road'], ['Garden', 'Place'], ['Chestnut', 'Street'], ['Walnut', 'Street'], ['Liberty', 'Avenue'],
  ['Prospect', 'Avenue'], ['Ocean', 'Drive'], ['Spring', 'Street'], ['Front', 'Street'], ['Water', 'Street'], ['Commercial', 'Road'],
  ['1st', 'Avenue'], ['2nd', 'Avenue'], ['3rd', 'Street'], ['5th', 'Avenue'], ['7th', 'Street'], ['10th', 'Avenue'], ['Exchange', 'Place'],
];

export const DIRECTIONS = ['North', 'South', 'East', 'West'] as const;

export const ADJECTIVES = [
  'Blue', 'Golden', 'Copper', 'Silver', 'Red', 'Green', 'Velvet', 'Rusty', 'Hidden', 'Little', 'Grand', 'Old', 'New', 'Lucky',
  'Wild', 'Quiet', 'Electric', 'Crooked', 'Sunny', 'Midnight', 'Iron', 'Paper', 'Crystal', 'Northern', 'Southern', 'Royal', 'Happy',
  'Broken', 'Salty', 'Hollow', 'Amber', 'Scarlet', 'Misty', 'Bold', 'Humble', 'Jolly',
];

export const NOUNS = [
  'Heron', 'Kettle', 'Fox', 'Anchor', 'Lantern', 'Oak', 'Owl', 'Crow', 'Bear', 'Rose', 'Harbor', 'Mill', 'Barrel', 'Compass',
  'Sparrow', 'Thistle', 'Whistle', 'Wolf', 'Moon', 'Star', 'Pearl', 'Hare', 'Bell', 'Cedar', 'Falcon', 'Goose', 'Lark', 'Otter',
  'Pelican', 'Raven', 'Saddle', 'Tiger', 'Violin', 'Walrus', 'Yard', 'Garden', 'Bridge', 'Tower', 'Cellar', 'Attic',
];

export const SURNAMES = [
  'Murphy', 'Kelly', 'Nguyen', 'Garcia', 'Patel', 'Smith', 'Rossi', 'Schmidt', 'Kowalski', 'Okafor', 'Tanaka', 'Larsen',
  'Dubois', 'Silva', 'Cohen', 'Morgan', 'Reyes', 'Novak', 'Fischer', 'Hughes', 'Baker', 'Walsh', 'Lindqvist', 'Moreau',
];

export const VENUE_TYPES = [
  'Café', 'Bar', 'Pub', 'Theater', 'Hall', 'Gallery', 'Club', 'Lounge', 'Bistro', 'Brewery', 'Arena', 'Studio', 'Bookshop',
  'Library', 'Museum', 'Center', 'Ballroom', 'Tavern', 'Kitchen', 'Music Hall', 'Playhouse', 'Jazz Club', 'Social Club', 'Taproom',
];

/** Chains: many branches, same name, different addresses; the classic false-positive trap. */
export const CHAINS = [
  'Bean Street Coffee', 'Slice Republic', 'Urban Climb', 'Lucky Lanes Bowling', 'The Daily Grind', 'Bookworm & Co.',
  'Barrel House', 'Pixel Arcade', 'Green Bowl', 'Fit Factory', 'Cinema Nova', 'The Comedy Cellar', 'Taco Loco', 'Vinyl Vault',
];

export const FIRST_NAMES = [
  'Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Ethan', 'Isla', 'Omar', 'Priya', 'Lucas', 'Mei', 'Jonas', 'Amara', 'Felix', 'Nina',
  'Diego', 'Hana', 'Theo', 'Sofia', 'Kwame', 'Ingrid', 'Rafael', 'Leila', 'Marco',
];

export const PLURAL_NOUNS = [
  'Foxes', 'Owls', 'Lanterns', 'Wolves', 'Sparrows', 'Anchors', 'Comets', 'Rivers', 'Shadows', 'Tigers', 'Echoes', 'Pilots',
  'Strangers', 'Giants', 'Satellites', 'Ghosts', 'Horses', 'Ravens', 'Waves', 'Mirrors',
];

export interface EventKind {
  id: string;
  /** Category names per integration style (index by style). */
  names: [string, string, string];
  keywords: string[];
}

export const EVENT_KINDS: readonly EventKind[] = [
  { id: 'music', names: ['Music', 'Concerts', 'Live Music'], keywords: ['live', 'indie', 'rock', 'jazz', 'folk', 'electronic', 'soul'] },
  { id: 'comedy', names: ['Comedy', 'Stand-up', 'Comedy & Humor'], keywords: ['stand-up', 'improv', 'late show', 'comedy'] },
  { id: 'theater', names: ['Theater', 'Performing Arts', 'Stage'], keywords: ['drama', 'musical', 'premiere', 'family'] },
  { id: 'talk', names: ['Talks', 'Lectures', 'Community'], keywords: ['talk', 'q&a', 'books', 'science', 'history'] },
  { id: 'workshop', names: ['Workshops', 'Classes', 'Learning'], keywords: ['hands-on', 'beginners', 'craft', 'cooking'] },
  { id: 'market', names: ['Markets', 'Fairs', 'Food & Drink'], keywords: ['local', 'makers', 'food', 'family-friendly'] },
  { id: 'social', names: ['Social', 'Nightlife', 'Meetups'], keywords: ['trivia', 'dance', 'open mic', 'games'] },
];

export const PLAYS = [
  'The Glass Menagerie', 'A Winter Crossing', 'Salt and Sky', 'The Last Lighthouse', 'Midsummer Revels', 'Paper Crowns',
  'The Cartographer', 'Borrowed Time', 'Northern Lights', 'The Quiet Hour', 'Harbor Songs', 'An Inspector at the Door',
];

export const SKILLS = ['Pottery', 'Watercolor', 'Sourdough', 'Screen Printing', 'Photography', 'Knife Skills', 'Calligraphy', 'Cocktails', 'Salsa', 'Coding'];

/** Weekly series: the same title at the same venue on different dates are different events. */
export const SERIES = ['Trivia Night', 'Open Mic', 'Jazz Jam', 'Salsa Social', 'Karaoke Night', 'Board Game Night', 'Comedy Open Mic', 'Vinyl Night'];
