// Ranking of the mirror's search (the database's trigram index, re-ranked by typos) on hand-made
// records written into a real mirror database: exact names first, typos, accents, prefixes as typed,
// source ids, postcodes and integrations; hostile strings indexed and searched without harm.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { foldTerm } from '../../src/mirror/indexed-fields';
import { RecordTable } from '../../src/mirror/record-table';
import type { MirroredRecord } from '../../src/mirror/record-set-types';
import { createSchema } from '../../src/mirror/schema';
import { searchTable, withoutImplied } from '../../src/mirror/search';
import { openDatabase } from '../../src/mirror/sqlite';
import { Statements } from '../../src/mirror/statements';
import { boundedDistance, maxTypos } from '../../src/mirror/typos';
import { FORMULA_PAYLOADS, SCRIPT_PAYLOADS, TEXT_PAYLOADS, URL_PAYLOADS } from '../support/hostile-corpus';

function location(id: string, name: string, extra: { street?: string; locality?: string; postcode?: string; source?: string; integration?: string } = {}) {
  const integration = extra.integration ?? 'urn:integration:citylistings';
  return {
    id,
    name,
    sourceIds: [{ integration, id: extra.source ?? `src-${id}` }],
    integrations: [integration],
    address: { streetAddress: extra.street ?? '1 Main St', addressLocality: extra.locality ?? 'Springfield', postalCode: extra.postcode ?? '00000', addressRegion: 'XX' },
  };
}

const RECORDS = [
  location('owl-austin', 'Blue Owl Café', { locality: 'Austin', postcode: '78701', street: '12 Congress Ave' }),
  location('owl-dallas', 'Blue Owl Bar', { locality: 'Dallas', postcode: '75201' }),
  location('owl-grey', 'Grey Owl Books', { locality: 'Austin', postcode: '78702' }),
  location('muenchen', 'Brauhaus München', { locality: 'München', postcode: '80331' }),
  location('bluebird', 'Bluebird Theater', { locality: 'Denver', source: 'TM-99812' }),
  location('sao', 'São Paulo Grill', { locality: 'Newark', integration: 'urn:integration:eventhub' }),
  location('front', 'Tiger and Violin', { street: '242 Front St. #300', locality: 'New York', postcode: '10024', source: '100015' }),
];

/** A mirror database's locations table holding `records`, searched as the mirror searches. */
class SearchIndex {
  private readonly sql: Statements;
  private readonly table: RecordTable;
  constructor() {
    const db = openDatabase(path.join(mkdtempSync(path.join(tmpdir(), 'dedup-search-')), 'mirror.sqlite'));
    createSchema(db);
    this.sql = new Statements(db);
    this.table = new RecordTable(this.sql, 'locations');
  }
  put(record: unknown): void {
    if (record && typeof (record as { id?: unknown }).id === 'string') this.table.apply(record as MirroredRecord, 1);
  }
  remove(id: string): void {
    this.table.remove(id);
  }
  get size(): number {
    return this.table.count();
  }
  search(q: string, limit: number): { id: string; score: number }[] {
    return searchTable(this.sql, this.table, q, limit).map((h) => ({ id: h.row.id as string, score: h.score }));
  }
}

describe('mirror search ranking', () => {
  const index = new SearchIndex();
  for (const r of RECORDS) index.put(r);
  const ids = (q: string, limit = 10) => index.search(q, limit).map((h) => h.id);

  it('puts the exact name first and needs every word to match', () => {
    assert.deepEqual(ids('blue owl cafe'), ['owl-austin']);
    assert.deepEqual(ids('blue owl').slice(0, 2).sort(), ['owl-austin', 'owl-dallas']);
    assert.deepEqual(ids('owl austin').sort(), ['owl-austin', 'owl-grey'], 'both owls in Austin, not the one in Dallas');
  });

  it('forgives typos in longer words', () => {
    assert.deepEqual(ids('bluw owl').slice(0, 2).sort(), ['owl-austin', 'owl-dallas'], 'one wrong letter in a 4-letter word');
    assert.deepEqual(ids('78801'), [], 'numbers (postcodes, source ids) are not fuzzy: a near one is another place');
    assert.deepEqual(ids('theatre'), ['bluebird'], 'one swap');
    assert.equal(ids('violn tigr')[0], 'front', 'a letter missing in each word');
    assert.equal(ids('brauhaus munchen')[0], 'muenchen');
  });

  it('ignores accents both ways', () => {
    assert.deepEqual(ids('munchen'), ['muenchen']);
    assert.deepEqual(ids('MÜNCHEN'), ['muenchen']);
    assert.deepEqual(ids('sao paulo'), ['sao']);
    assert.deepEqual(ids('café'), ['owl-austin']);
    assert.deepEqual(ids('cafe'), ['owl-austin']);
    assert.equal(foldTerm('Ångström'), 'angstrom');
  });

  it('answers prefixes as they are typed', () => {
    assert.equal(ids('blueb')[0], 'bluebird');
    assert.deepEqual(ids('grey ow'), ['owl-grey'], 'the last word is the one being typed');
    assert.ok(ids('b').length >= 4, 'one letter already answers');
  });

  it('finds records by source id, postcode, street and integration', () => {
    assert.deepEqual(ids('TM-99812'), ['bluebird']);
    assert.deepEqual(ids('100015'), ['front']);
    assert.deepEqual(ids('78701'), ['owl-austin']);
    assert.deepEqual(ids('front st'), ['front']);
    assert.deepEqual(ids('eventhub'), ['sao']);
    assert.deepEqual(ids('nothing like this'), []);
  });

  it('finds a code together with words of the name or town, and a code being typed by its start', () => {
    assert.deepEqual(ids('owl 78702'), ['owl-grey'], 'a name word and a postcode');
    assert.deepEqual(ids('78701 blue owl'), ['owl-austin']);
    assert.deepEqual(ids('eventhub grill'), ['sao'], 'an integration and a name word');
    assert.deepEqual(ids('austin 78703'), [], 'a postcode no record has');
    assert.deepEqual(ids('TM-998'), ['bluebird'], 'a source id being typed');
    assert.deepEqual(ids('TM-998 '), [], 'a number typed whole is exact');
    assert.equal(ids('citylistings', 10).length, RECORDS.length - 1, 'every record of the integration');
  });

  it('replaces and removes records', () => {
    const own = new SearchIndex();
    own.put(location('a', 'Old Name'));
    own.put(location('a', 'New Name'));
    assert.equal(own.size, 1);
    assert.deepEqual(own.search('old', 5), []);
    assert.deepEqual(own.search('new', 5).map((h) => h.id), ['a']);
    own.remove('a');
    own.remove('never-there');
    assert.deepEqual(own.search('new', 5), []);
  });

  it('indexes and searches hostile strings without harm', () => {
    const hostile = [...SCRIPT_PAYLOADS, ...URL_PAYLOADS, ...FORMULA_PAYLOADS, ...TEXT_PAYLOADS, '__proto__', 'constructor', 'hasOwnProperty', '.*+?^${}()|[]\\', 'x'.repeat(100_000)];
    const own = new SearchIndex();
    hostile.forEach((s, i) => own.put(location(`h${i}`, s, { locality: s, source: s })));
    own.put({ id: 'no-fields' });
    own.put(null);
    own.put({ name: 'no id' });
    assert.equal(own.size, hostile.length + 1);
    for (const [i, s] of hostile.entries()) {
      const hits = own.search(s, 50);
      assert.ok(Array.isArray(hits));
      if (/[a-z]{4}/i.test(s) && s.length < 200) assert.ok(hits.some((h) => h.id === `h${i}`), `finds ${JSON.stringify(s.slice(0, 30))}`);
    }
    assert.deepEqual(own.search('__proto__', 5).map((h) => h.id)[0], `h${hostile.indexOf('__proto__')}`);
    const started = performance.now();
    own.search('y'.repeat(1_000_000), 5);
    assert.ok(performance.now() - started < 2000, 'a huge query is cut, not searched whole');
  });
});

describe('mirror search typo rules', () => {
  const named = (id: string, name: string) => ({ id, name, sourceIds: [{ integration: 'urn:i', id: `s-${id}` }] });

  it('ranks a word as typed before its near words', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 4; i++) index.put(named(`cafe${i}`, `Cafe ${i}`));
    index.put(named('caffe', 'Caffe Club'));
    const hits = index.search('cafe', 10).map((h) => h.id);
    assert.ok(hits.includes('caffe'), 'a near word is found');
    assert.equal(hits.at(-1), 'caffe', 'after every exact one');
    index.put(named('pelican', 'Red Pelican'));
    index.put(named('pelixan', 'Red Pelixan'));
    assert.deepEqual(index.search('red pelixan', 10).map((h) => h.id), ['pelixan', 'pelican'], 'as typed first');
  });

  it('among equal scores, puts the name closest to the query as typed first', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 4; i++) index.put(named(`and${i}`, 'Goose & Heron'));
    index.put(named('trailing', 'Goose Heron &'));
    const hits = index.search('goosi heron &', 10);
    assert.equal(hits.length, 5);
    assert.equal(new Set(hits.map((h) => h.score)).size, 1, 'the same words matched alike');
    assert.equal(hits[0].id, 'trailing');
  });

  it('forgives a letter in a three-letter word, and two words run together', () => {
    const index = new SearchIndex();
    index.put(named('owl', 'Blue Owl Coffee'));
    index.put(named('other', 'Blue Oak Coffee'));
    assert.equal(index.search('blue oxl coffee', 5)[0]?.id, 'owl');
    assert.equal(index.search('bluexowl coffee', 5)[0]?.id, 'owl');
  });

  it('counts a transposition as one typo, and a number is never fuzzy', () => {
    assert.equal(boundedDistance('theatre', 'theater', 2), 1, 'r and e swapped');
    assert.equal(boundedDistance('form', 'from', 1), 1);
    assert.equal(boundedDistance('abcdef', 'uvwxyz', 2), 3, 'gives up past the bound');
    assert.equal(maxTypos('cafe'), 1);
    assert.equal(maxTypos('pelican'), 2);
    assert.equal(maxTypos('caf'), 0);
    assert.equal(maxTypos('78701'), 0);
  });

  it('corrects a short word whose every three-letter run the typo broke, and a typo in the first letter', () => {
    const index = new SearchIndex();
    // Many records share the town's and the other words, so the intended one must be found by its name's words.
    for (let i = 0; i < 30; i++) index.put(named(`york${i}`, `New York Deli ${i}`));
    index.put(named('star', 'New Star'));
    index.put(named('stag', 'Stag Inn'));
    index.put(named('sparrow', 'Sparrow Library'));
    assert.equal(index.search('new srar', 5)[0]?.id, 'star', '"srar" shares no run with "star"');
    assert.equal(index.search('new xtar', 5)[0]?.id, 'star', 'the first letter wrong');
    assert.equal(index.search('ztag inn', 5)[0]?.id, 'stag');
    assert.equal(index.search('new stra', 5)[0]?.id, 'star', 'two letters swapped');
    assert.equal(index.search('new sar', 5)[0]?.id, 'star', 'a letter missing');
  });

  it('takes a word that some record holds as meant, before its corrections', () => {
    const index = new SearchIndex();
    index.put(named('nova', 'Cinema Nova'));
    index.put(named('mova', 'Cinema Mova'));
    assert.deepEqual(index.search('cinema nova', 5).map((h) => h.id), ['nova', 'mova']);
    assert.deepEqual(index.search('cinema xova', 5).map((h) => h.id).sort(), ['mova', 'nova'], 'a word no record holds: both corrections');
  });

  it("asks a known word's corrections as whole words, the word being typed's by their start", () => {
    const index = new SearchIndex();
    index.put(named('stat', 'Stat Bar'));
    index.put(named('starbucks', 'Starbucks Reserve'));
    index.put(named('star', 'Star Diner'));
    index.put(named('band', 'Walrus Band'));
    index.put(named('and', 'Walrus and Raven'));
    assert.deepEqual(index.search('stat', 5).map((h) => h.id), ['stat', 'star', 'starbucks'], 'a correction of the word being typed ("star") finds the longer word it starts');
    assert.deepEqual(index.search('walrus and ', 5).map((h) => h.id), ['and', 'band'], 'a correction holding the word ("band" holds "and") is asked too');
  });

  it('finds names by words of one or two letters, the last by its start, however many names start so', () => {
    const index = new SearchIndex();
    // More names start with "te" than a search keeps candidates (200): the one holding "te" whole comes after them.
    for (let i = 0; i < 250; i++) index.put(named(`tea${i}`, `Tea Room ${i}`));
    index.put(named('tebar', 'Te Bar'));
    index.put(named('tepa', 'Te Pa'));
    assert.deepEqual(index.search('te ba', 5).map((h) => h.id), ['tebar']);
    assert.deepEqual(index.search('te b', 5).map((h) => h.id), ['tebar']);
    assert.deepEqual(index.search('te pa ', 5).map((h) => h.id), ['tepa'], 'a word as typed, not its start, once a space follows');
    assert.deepEqual(index.search('te', 2).map((h) => h.id).sort(), ['tebar', 'tepa'], 'the word whole before the names it starts');
  });

  it('ranks a name spelled with the accents typed before one that matches only without them', () => {
    const index = new SearchIndex();
    index.put(named('plain', 'Cellar Cafe'));
    index.put(named('accent', 'Cellar Café'));
    index.put(named('plain2', 'Cellar Cafe'));
    assert.equal(index.search('cellar café', 5)[0]?.id, 'accent');
    assert.equal(index.search('czllar café', 5)[0]?.id, 'accent', 'with a typo too');
    assert.equal(index.search('cellar cafe', 5).length, 3, 'without accents all three, alike');
  });

  it("asks the index for a word's alternatives less those another implies, and finds the same records", () => {
    // A record holding "ggoose" or "theater" holds "goose" or the half "ater": asking for both is one phrase too many.
    assert.deepEqual(withoutImplied(['goose', 'ggoose', 'goosey', 'gose', 'goose']), ['gose', 'goose']);
    assert.deepEqual(withoutImplied(['theater', 'heater', 'thaeter', 'the', 'ater']), ['the', 'ater', 'thaeter']);
    assert.deepEqual(withoutImplied(['ab', 'abc', 'abcd']), ['ab', 'abc'], 'a run shorter than a trigram implies nothing (the index finds nothing by it)');
    const index = new SearchIndex();
    index.put(named('goose', 'Goose Theater'));
    index.put(named('gose', 'Gose Theater'));
    index.put(named('theatre', 'Goose Theatre'));
    index.put(named('other', 'Moose Heater'));
    assert.deepEqual(index.search('goxse theatxr', 10).map((h) => h.id).sort(), ['goose', 'gose', 'theatre'], 'each spelling the corrections reach');
  });
});
