// What the extension keeps per list of loaded recommendations (triage's flags and ranks, ListMemo),
// keyed on the list's revision (PagedSource.revision) and the answers' version — not on the list's length
// and first record, which a decided record leaving and a page arriving can both keep while the
// records differ. Against the sandbox over real HTTP on 127.0.0.1, with the pager the trees use.
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import type { Recommendation } from '../../src/api/model';
import { PagedSource } from '../../src/api/paged-source';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { ListMemo } from '../../src/triage/list-memo';
import { recordFlags } from '../../src/triage/record-flags';

describe('triage: memos per list revision (ListMemo, PagedSource.revision)', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 3, locations: 200, events: 0, integrations: 3, token: 'memo-token', autoMergeThreshold: 2 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox.close());

  it('a record out and a page in (same length, same first record) gives new flags, not the kept ones', async () => {
    const pager = new PagedSource<Recommendation>(({ page, signal }) => client.listRecommendations({ page, pageSize: 1 }, { signal }));
    for (let i = 0; i < 3; i++) await pager.loadMore();
    const [a, b] = pager.records;
    assert.equal(pager.records.length, 3, 'the backlog has at least four recommendations');
    const memo = new ListMemo<Map<string, unknown>>();
    let computed = 0;
    const flags = () => memo.get({ records: pager.records, revision: pager.revision, answers: 0 }, () => (computed++, recordFlags(pager.records, [])));
    const before = flags();
    assert.ok(before.has(b['@id']));
    assert.equal(flags(), before, 'nothing changed: the kept value');
    assert.equal(computed, 1);

    const revision = pager.revision;
    assert.equal(pager.removeAt(1), b);
    const outcome = await pager.loadMore();
    assert.equal(outcome.status, 'loaded');
    assert.equal(pager.records.length, 3);
    assert.equal(pager.records[0], a, 'same length and first record as before: the old key could not tell');
    assert.ok(pager.revision > revision);
    const after = flags();
    assert.equal(computed, 2);
    assert.ok(!after.has(b['@id']), 'the record that left has no flags any more');
    const d = pager.records[2];
    assert.ok(after.has(d['@id']), 'the record that arrived has its flags');
  });

  it('a change of answers or of the setting it reads is a new value; a reset is a new revision', async () => {
    const pager = new PagedSource<Recommendation>(({ page, signal }) => client.listRecommendations({ page, pageSize: 2 }, { signal }));
    await pager.loadMore();
    const memo = new ListMemo<number>();
    let computed = 0;
    const get = (answers: number, extra?: string) => memo.get({ records: pager.records, revision: pager.revision, answers, extra }, () => ++computed);
    assert.equal(get(0, '0.99'), 1);
    assert.equal(get(0, '0.99'), 1);
    assert.equal(get(1, '0.99'), 2, 'answers changed');
    assert.equal(get(1, '0.95'), 3, 'the target precision changed');
    const r = pager.revision;
    pager.reset();
    assert.ok(pager.revision > r);
    await pager.loadMore();
    assert.equal(get(1, '0.95'), 4, 'the same first page again after a reset is still a new list');
    const back = pager.revision;
    pager.insertAt(0, pager.records[1]);
    assert.ok(pager.revision > back, 'putting a record back counts too');
  });
});
