// The sandbox's learned matcher: labels files (journal and TSV), start-up merges that do not chain,
// the ground truth, and decisions that refit the model.
import assert from 'node:assert/strict';
import { parseLabels } from '../../src/sandbox/labels-file';
import { REFIT_EVERY } from '../../src/sandbox/store-matcher';
import { sourceEntityId } from '../../src/sandbox/store-ids';
import { allRecommendations, openSmall } from './store-helpers';

describe('sandbox: learned matcher', () => {
  it('reads TSV labels and names every bad line by its number', () => {
    const r = parseLabels(['# comment', 'urn:a\t1\turn:b\t2\tmatch', 'urn:a\t1\turn:b\t3\tnonmatch', 'urn:a\t1\turn:b', 'urn:a\t1\turn:b\t4\tmaybe', 'urn:a\t1\turn:a\t1\tmatch', ''].join('\n'));
    assert.deepEqual(r.labels, [{ a: 'urn:a#1', b: 'urn:b#2', match: true, line: 2 }, { a: 'urn:a#1', b: 'urn:b#3', match: false, line: 3 }]);
    assert.deepEqual(r.errors.map((e) => e.line), [4, 5, 6]);
    assert.match(r.errors[1].reason, /"match" or "nonmatch"/);
  });

  it('reads the decision journal: approvals that went through are matches, rejections non-matches, the rest noted', () => {
    const started = (attempt: string, verdict: string, keys: string[]) => JSON.stringify({ type: 'started', attempt, at: 'x', connection: { baseUrl: 'http://127.0.0.1:1', label: 's' }, id: `r-${attempt}`, verdict, entities: keys.map((k) => ({ id: sourceEntityId('location', { integration: k.split('#')[0], sourceId: k.split('#')[1] }) })) });
    const outcome = (attempt: string, o: string) => JSON.stringify({ type: 'outcome', attempt, at: 'y', outcome: o });
    const text = [
      started('1', 'approve', ['urn:a#1', 'urn:b#1', 'urn:c#1']), outcome('1', 'ok'),
      started('2', 'reject', ['urn:a#2', 'urn:b#2']), outcome('2', 'ok'),
      started('3', 'approve', ['urn:a#3', 'urn:b#3']), outcome('3', 'failed'),
      JSON.stringify({ type: 'started', attempt: '4', id: 'r4', verdict: 'approve', entities: [{ id: 'https://other.example/1' }, { id: 'https://other.example/2' }] }), outcome('4', 'ok'),
    ].join('\n');
    const r = parseLabels(text);
    assert.equal(r.errors.length, 0);
    assert.equal(r.labels.filter((l) => l.match).length, 3); // the three pairs of the approved group
    assert.deepEqual(r.labels.filter((l) => !l.match).map((l) => [l.a, l.b, l.line]), [['urn:a#2', 'urn:b#2', 3]]);
    assert.equal(r.notes.length, 2);
    assert.equal(parseLabels('{"type":"started"}\nnot json\n{}\n').errors[0].line, 2);
  });

  it('auto-merge off merges nothing; the default merges without chaining; the truth covers every generated record', async () => {
    const off = await openSmall({ autoMergeThreshold: Number.POSITIVE_INFINITY });
    const on = await openSmall();
    try {
      const records = off.stats().sourceRecords;
      assert.equal(off.stats().locations + off.stats().events, records);
      assert.ok(on.stats().locations + on.stats().events < records);
      assert.ok(off.stats().pendingRecommendations > on.stats().pendingRecommendations);
      const truth = on.groundTruth();
      assert.equal(truth.length, records);
      // Every unified record formed at start-up: its members were each linked, and no integration appears twice.
      for (const loc of on.listLocations({ page: 0, pageSize: 1000, updatedSince: 0, onlyExternalUpdates: false }).data) {
        const integrations = (loc.sourceIds ?? []).map((s) => s.integration);
        assert.equal(new Set(integrations).size, integrations.length, JSON.stringify(loc.sourceIds));
      }
      const m = on.matcher();
      assert.equal(m.location.source, 'estimated');
      assert.ok(m.location.report && m.location.report.iterations >= 1);
    } finally {
      await off.close();
      await on.close();
    }
  });

  it('labels given at start are learned from, unknown records are reported, and decisions refit the model', async () => {
    const probe = await openSmall({ autoMergeThreshold: Number.POSITIVE_INFINITY });
    const truth = probe.groundTruth();
    await probe.close();
    const byTrue = new Map<string, string[]>();
    for (const t of truth) byTrue.set(t.trueId, [...(byTrue.get(t.trueId) ?? []), `${t.integration}#${t.sourceId}`]);
    const pairs = [...byTrue.values()].filter((k) => k.length >= 2 && truth.find((t) => `${t.integration}#${t.sourceId}` === k[0])!.trueId.startsWith('place')).slice(0, 5);
    const labels = [...pairs.map((k) => ({ a: k[0], b: k[1], match: true })), { a: 'urn:nowhere#1', b: pairs[0][0], match: false, line: 9 }];
    const store = await openSmall({ autoMergeThreshold: Number.POSITIVE_INFINITY, labels });
    try {
      assert.deepEqual(store.matcher().location.report?.labels, { matches: 5, nonMatches: 0 });
      assert.ok(store.warnings.some((w) => /line 9: no source record urn:nowhere#1/.test(w)), store.warnings.join('\n'));
      const models = () => JSON.stringify([store.matcher().location.comparisons, store.matcher().event.comparisons]);
      const before = models();
      // Decide pending recommendations until REFIT_EVERY labelled pairs are reached.
      let labelled = 0;
      for (const rec of allRecommendations(store)) {
        if (labelled >= REFIT_EVERY) break;
        const n = rec.entities.length;
        await store.reject(rec['@id']);
        labelled += (n * (n - 1)) / 2;
      }
      assert.ok(store.matcher().labels >= 5 + REFIT_EVERY);
      assert.notEqual(models(), before, 'the refit changed the model');
      const after = allRecommendations(store);
      for (let i = 1; i < after.length; i++) assert.ok(after[i - 1].score >= after[i].score, 'the list stays sorted by the new scores');
    } finally {
      await store.close();
    }
  });
});
