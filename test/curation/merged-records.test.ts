// A recommendation's entities are source records; those of one deduplicated record are named once.
import * as assert from 'node:assert/strict';
import { mergedRecords, recordRepresentatives } from '../../src/curation/merged-records';

const entity = (id: string, name: string | null, identifier?: string) => ({ '@id': id, name, ...(identifier === undefined ? {} : { identifier }) });

describe('mergedRecords', () => {
  it("four entities of two merged records are a pair: each record named once", () => {
    const entities = [entity('e1', "SILVA'S TAVERN", 'loc:1'), entity('e2', "Silva's Tavern", 'loc:2'), entity('e3', "Silva's Tavern", 'loc:1'), entity('e4', "Silva's Tavern", 'loc:2')];
    assert.deepEqual(mergedRecords(entities).map((g) => g.map((e) => e['@id'])), [['e1', 'e3'], ['e2', 'e4']]);
    assert.deepEqual(recordRepresentatives(entities).map((e) => e.name), ["SILVA'S TAVERN", "Silva's Tavern"]);
  });

  it('an entity without an identifier stands for itself; a nameless first entity gives way to a named one', () => {
    const entities = [entity('a', null, 'loc:9'), entity('b', 'Bookshop', 'loc:9'), entity('c', 'Café'), entity('d', 'Café')];
    assert.deepEqual(recordRepresentatives(entities).map((e) => e['@id']), ['b', 'c', 'd']);
  });
});
