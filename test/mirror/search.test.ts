// Ranking of the mirror's search index on hand-made records: exact names first, typos, accents,
// prefixes as typed, source ids, postcodes and integrations; hostile strings indexed and searched
// without harm.
import assert from 'node:assert/strict';
import { foldTerm } from '../../src/mirror/indexed-fields';
import { SearchIndex } from '../../src/mirror/search-index';
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
