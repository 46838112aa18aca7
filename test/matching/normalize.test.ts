import assert from 'node:assert/strict';
import {
  normalizeCountry,
  normalizeName,
  normalizePhone,
  normalizePostcode,
  normalizeStreet,
  normalizeText,
  normalizeUrlHost,
} from '../../src/matching';

describe('matching/normalize', () => {
  it('folds case, accents, punctuation and "&"', () => {
    assert.equal(normalizeText('  Café  Müller & Söhne!! '), 'cafe muller and sohne');
    assert.equal(normalizeText("Arnie's"), 'arnies');
    assert.equal(normalizeText(null), '');
  });

  it('expands street abbreviations, directions and ordinal words', () => {
    assert.equal(normalizeStreet('435 S. La Cienega Blv.'), '435 south la cienega boulevard');
    assert.equal(normalizeStreet('8638 W. Third St.'), '8638 west 3rd street');
    assert.equal(normalizeStreet('12 Main St'), '12 main street');
    assert.equal(normalizeStreet('St Marks Pl'), 'saint marks place');
    assert.equal(normalizeStreet('701 Stone Canyon Rd.'), '701 stone canyon road');
  });

  it('drops articles, marks venue types and drops qualifiers in brackets', () => {
    assert.deepEqual(normalizeName('The Grill on the Alley'), {
      full: ['the', 'grill', 'on', 'the', 'alley'],
      core: ['grill', 'alley'],
      types: ['grill'],
      weights: [0.5, 1],
      joined: 'grillalley',
      qualifier: '',
    });
    assert.deepEqual(normalizeName('Le Chardonnay (Los Angeles)').full, ['le', 'chardonnay']);
    assert.equal(normalizeName('Le Chardonnay (Los Angeles)').qualifier, 'los angeles');
    // Synonymous venue types become one word.
    assert.deepEqual(normalizeName("Art's Delicatessen").core, ['arts', 'deli']);
    assert.deepEqual(normalizeName('Ristorante Katsu').types, ['restaurant']);
    // A name made only of articles keeps them rather than becoming empty.
    assert.deepEqual(normalizeName('The The').core, ['the', 'the']);
  });

  it('keeps a show qualifier apart from the name: bracketed text and trailing show or sequence markers', () => {
    const early = normalizeName('Maya Smith & The Royal Comets (Early Show)');
    assert.deepEqual(early.full, ['maya', 'smith', 'and', 'the', 'royal', 'comets']);
    assert.equal(early.qualifier, 'early show');
    assert.equal(normalizeName('Hamlet - Part 2').qualifier, 'part 2');
    assert.deepEqual(normalizeName('Hamlet - Part 2').full, ['hamlet']);
    assert.equal(normalizeName('Folk Festival Day 1').qualifier, 'day 1');
    assert.equal(normalizeName('Swan Lake Matinee').qualifier, 'matinee');
    assert.equal(normalizeName('Jazz Late Show').qualifier, 'late show');
    // Not a marker: a word in the title, a marker without its number, or the whole title.
    assert.equal(normalizeName('Comedy Night with Amara Kowalski').qualifier, '');
    assert.equal(normalizeName('Late Night Jazz').qualifier, '');
    assert.equal(normalizeName('Matinee').qualifier, '');
    assert.deepEqual(normalizeName('Matinee').full, ['matinee']);
  });

  it('canonicalises country spellings', () => {
    assert.equal(normalizeCountry('USA'), 'us');
    assert.equal(normalizeCountry('United States'), 'us');
    assert.equal(normalizeCountry('United Kingdom'), 'gb');
    assert.equal(normalizeCountry('Atlantis'), 'atlantis');
    assert.equal(normalizeCountry(''), null);
  });

  it('reduces phone numbers to their last ten digits', () => {
    for (const p of ['+1 (415) 555-0134', '415.555.0134', '415/555-0134', '1-415-555-0134', '001 415 555 0134']) {
      assert.equal(normalizePhone(p), '4155550134', p);
    }
    assert.equal(normalizePhone('555-0134'), '5550134');
    for (const p of ['415-555-0134 ext. 12', '(415) 555-0134 x12', '415 555 0134 #7']) assert.equal(normalizePhone(p), '4155550134', p);
    assert.equal(normalizePhone('ext 12'), null);
  });

  it('reduces web addresses to their host', () => {
    assert.equal(normalizeUrlHost('https://www.Bizou.com/menu?x=1'), 'bizou.com');
    assert.equal(normalizeUrlHost('http://user@m.bizou.com:8080'), 'bizou.com');
    assert.equal(normalizeUrlHost('bizou.com/about'), 'bizou.com');
    assert.equal(normalizeUrlHost('https://www.facebook.com/bizou.sf/'), 'facebook.com/bizou.sf');
    assert.equal(normalizeUrlHost('not a url'), null);
    assert.equal(normalizeUrlHost(''), null);
  });

  it('normalises postcodes', () => {
    assert.equal(normalizePostcode('sw1a 1aa'), 'SW1A1AA');
    assert.equal(normalizePostcode(' - '), null);
  });
});
