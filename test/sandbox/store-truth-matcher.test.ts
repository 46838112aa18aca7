// The ground truth's stand-in for the matcher (benchmarks at a million records): every real entity
// listed more than once is one pending recommendation of all its listings, nothing merged at start.
import assert from 'node:assert/strict';
import { allLocations, allRecommendations, openSmall } from './store-helpers';

describe('sandbox: the truth matcher', () => {
  it('proposes each real entity listed more than once, whole, and merges nothing at start-up', async () => {
    const store = await openSmall({ matcher: 'truth' });
    try {
      const truth = new Map(store.groundTruth().map((t) => [`${t.integration}#${t.sourceId}`, t.trueId]));
      const listings = new Map<string, number>();
      for (const trueId of truth.values()) listings.set(trueId, (listings.get(trueId) ?? 0) + 1);
      const recs = allRecommendations(store);
      const proposed = recs.map((r) => {
        const ids = new Set(r.entities.map((e) => truth.get(`${e.integration}#${e.sourceId}`)));
        assert.equal(ids.size, 1, `${r['@id']}: one real entity`);
        const [trueId] = ids;
        assert.equal(r.entities.length, listings.get(trueId!), `${trueId}: all its listings`);
        return trueId;
      });
      assert.equal(new Set(proposed).size, proposed.length, 'each entity once');
      assert.equal(proposed.length, [...listings.values()].filter((n) => n > 1).length);
      const stats = store.stats();
      assert.equal(stats.locations + stats.events, stats.sourceRecords, 'nothing merged at start-up');

      const rec = recs.find((r) => r.entities[0]!['@type']?.endsWith('PostalAddress'))!;
      await store.approve(rec['@id']);
      assert.equal(allLocations(store).length, stats.locations - rec.entities.length + 1, 'an approval merges its listings');
    } finally {
      await store.close();
    }
  });

  it('is refused with a data dir or labels', async () => {
    await assert.rejects(openSmall({ matcher: 'truth', labels: [] }), /truth matcher cannot be combined with dataDir or labels/);
    await assert.rejects(openSmall({ matcher: 'truth', dataDir: '/nonexistent/x' }), /truth matcher cannot be combined/);
  });
});
