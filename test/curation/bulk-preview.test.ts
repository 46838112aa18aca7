// The capped list before a bulk decision (the walk of issue 13: 31,919 rows, 12 s to list), over the
// sandbox's real recommendations: the riskiest listed first, the cap kept, and "decide all" taking
// exactly the unlisted ones plus the listed ones kept — never an unchecked or an unseen flagged one.
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import type { Recommendation } from '../../src/api/model';
import { DEFAULT_BULK_PREVIEW_LIMIT, MAX_BULK_PREVIEW_LIMIT, MIN_BULK_PREVIEW_LIMIT, decideAllTargets, planPreview, previewLimit } from '../../src/curation/bulk-preview';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';

describe('bulk preview: the capped list before a bulk decision', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let pending: Recommendation[];
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 5, locations: 300, events: 100, integrations: 4, token: 'preview-test-token' });
    const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    pending = [];
    for await (const r of client.allRecommendations({ pageSize: 200 })) pending.push(r);
  });
  after(() => sandbox.close());

  it('lists at most the limit, flagged first, then the lowest scores, and keeps the rest apart', () => {
    assert.ok(pending.length > 40, `only ${pending.length} pending recommendations`);
    const flagged = new Set(pending.filter((_, i) => i % 2 === 1).map((r) => r['@id']));
    const isFlagged = (r: Recommendation) => flagged.has(r['@id']);
    const preview = planPreview(pending, 20, isFlagged);
    assert.equal(preview.listed.length, 20);
    assert.equal(preview.listed.length + preview.unlisted.length, pending.length);
    assert.deepEqual(new Set([...preview.listed, ...preview.unlisted]), new Set(pending));
    // The flagged ones outnumber the cap here: every listed one is flagged, the lowest scores among them.
    assert.ok(flagged.size > 20, `only ${flagged.size} flagged of ${pending.length}`);
    assert.ok(preview.listed.every(isFlagged));
    assert.equal(preview.unlistedFlagged, flagged.size - 20);
    const scores = preview.listed.map((r) => r.score);
    assert.deepEqual(scores, [...scores].sort((a, b) => a - b));
    const lowestFlagged = Math.min(...preview.unlisted.filter(isFlagged).map((r) => r.score));
    assert.ok(scores[scores.length - 1] <= lowestFlagged);
  });

  it('without flags, lists the lowest scores of all', () => {
    const preview = planPreview(pending, 15, () => false);
    const sorted = pending.map((r) => r.score).sort((a, b) => a - b);
    assert.deepEqual(
      preview.listed.map((r) => r.score),
      sorted.slice(0, 15),
    );
    assert.equal(preview.unlistedFlagged, 0);
  });

  it('under the limit lists every target and leaves nothing unlisted', () => {
    const preview = planPreview(pending, pending.length + 1, () => false);
    assert.equal(preview.listed.length, pending.length);
    assert.deepEqual(preview.unlisted, []);
  });

  it('"decide all" takes the kept listed ones and the unlisted ones, never an unchecked or unseen flagged one', () => {
    const flagged = new Set(pending.slice(-5).map((r) => r['@id']));
    const isFlagged = (r: Recommendation) => flagged.has(r['@id']);
    const preview = planPreview(pending, 10, isFlagged);
    // Five flagged fit in the list: none unlisted. Uncheck two listed ones.
    const unchecked = new Set(preview.listed.slice(6, 8));
    const kept = new Set(preview.listed.filter((r) => !unchecked.has(r)));
    const all = decideAllTargets(preview, kept, isFlagged, false);
    assert.equal(all.length, pending.length - 2);
    for (const r of unchecked) assert.ok(!all.includes(r), 'an unchecked one was decided');

    // With more flagged than the cap, unlisted flagged ones stay out unless flagged ones were chosen.
    const many = new Set(pending.filter((_, i) => i % 3 === 0).map((r) => r['@id']));
    const manyFlagged = (r: Recommendation) => many.has(r['@id']);
    const capped = planPreview(pending, 10, manyFlagged);
    assert.ok(capped.unlistedFlagged > 0);
    const keepAll = new Set(capped.listed);
    const withoutFlagged = decideAllTargets(capped, keepAll, manyFlagged, false);
    assert.equal(withoutFlagged.length, pending.length - capped.unlistedFlagged);
    assert.ok(capped.unlisted.filter(manyFlagged).every((r) => !withoutFlagged.includes(r)));
    assert.equal(decideAllTargets(capped, keepAll, manyFlagged, true).length, pending.length);
  });

  it('reads the setting as a whole number within its bounds', () => {
    assert.equal(previewLimit(undefined), DEFAULT_BULK_PREVIEW_LIMIT);
    assert.equal(previewLimit('2000'), DEFAULT_BULK_PREVIEW_LIMIT);
    assert.equal(previewLimit(Number.NaN), DEFAULT_BULK_PREVIEW_LIMIT);
    assert.equal(previewLimit(2000.7), 2000);
    assert.equal(previewLimit(1), MIN_BULK_PREVIEW_LIMIT);
    assert.equal(previewLimit(1e9), MAX_BULK_PREVIEW_LIMIT);
  });
});
