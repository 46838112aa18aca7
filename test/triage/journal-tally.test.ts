// The bulk tally read back from the decision journal (issue 17): the extension and the CLI start a
// triage with what the journal's group decisions spent, as the simulation does. Against the sandbox
// over real HTTP, through the real bulk path and journal.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../../src/api';
import type { Recommendation } from '../../src/api/model';
import { runBulkDecisions } from '../../src/curation/bulk-decisions';
import { attemptDecision } from '../../src/curation/decide';
import { DecisionJournal, journalConnection, parseJournal, readJournal } from '../../src/curation/journal';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { groupRefOf, labelsFromContents } from '../../src/triage/journal-labels';
import { addShare, bulkRejectionsFromJournal, bulkTallyFromJournal } from '../../src/triage/journal-tally';
import { EMPTY_TALLY, safeSet } from '../../src/triage/safe-sets';
import { FeatureCache, triage } from '../../src/triage/triage';

describe('triage: the bulk tally from the decision journal', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  let dir: string;
  before(async () => {
    // Nothing merged at start: the whole candidate set is a backlog.
    sandbox = await startSandbox({ port: 0, seed: 11, locations: 300, events: 0, integrations: 4, autoMergeThreshold: 2 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    dir = await mkdtemp(join(tmpdir(), 'dedup-journal-tally-'));
  });
  after(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });
  const pendingNow = async () => {
    const out: Recommendation[] = [];
    for await (const r of client.allRecommendations({ pageSize: 200 })) out.push(r);
    return out;
  };

  it('sums the shares of the group decisions that reached the service; they are no answers, a single decision is one', async () => {
    const journal = new DecisionJournal(join(dir, 'journal.ndjson'));
    const connection = journalConnection(sandbox.baseUrl, 'test');
    const cache = new FeatureCache();
    const pending = await pendingNow();
    // One answer of the curator's, one by one, in the largest plain group.
    const first = triage(pending, [], {}, cache);
    const plain = first.groups.find((g) => !g.flags.length && g.decidable.length >= 4)!;
    const byId = new Map(pending.map((r) => [r['@id'], r]));
    const answered = byId.get(plain.decidable[0])!;
    assert.equal((await attemptDecision(client, answered, 'approve', { journal, connection })).status, 'ok');
    const afterAnswer = labelsFromContents(await readJournal(journal.path), cache);
    assert.deepEqual(afterAnswer.map((l) => l.id), [answered['@id']]);
    // The rest of that group decided as a group, with the share triage gives it; the answered one
    // again in the run: it fails (already decided) and must count for nothing.
    const second = triage(await pendingNow(), afterAnswer, {}, cache);
    const group = second.groups.find((g) => g.key === plain.key)!;
    const share = second.bulkShare(group.key, 'approve')!;
    assert.equal(share.group, group.key);
    assert.ok(share.expectedWrong > 0 && share.expectedWrong < 1 && share.variance > 0 && share.unseen === 0, JSON.stringify(share));
    const targets = [...group.decidable.map((id) => byId.get(id)!), answered];
    const summary = await runBulkDecisions(client, targets, { verdict: 'approve', connection, journal, concurrency: 4, bulk: share });
    assert.equal(summary.done.length, group.decidable.length - Object.values(summary.failed).flat().filter((f) => f.id !== answered['@id']).length);
    assert.ok(!summary.done.includes(answered['@id']));
    await journal.close();

    const contents = await readJournal(journal.path);
    const tally = bulkTallyFromJournal(contents.entries);
    // What the simulation adds up after the run, from the same share and the same count.
    const expected = { ...EMPTY_TALLY };
    addShare(expected, share, summary.done.length);
    assert.equal(tally.approve.size, summary.done.length);
    assert.ok(Math.abs(tally.approve.expectedWrong - expected.expectedWrong) < 1e-9);
    assert.ok(Math.abs(tally.approve.variance - expected.variance) < 1e-9);
    assert.equal(tally.approve.unseen, 0);
    assert.deepEqual(tally.reject, EMPTY_TALLY);
    // The group decision taught nothing: the answers are still the one decision.
    assert.deepEqual(labelsFromContents(contents, cache).map((l) => l.id), [answered['@id']]);
    // And the next triage starts from that tally, as the extension's and the CLI's do.
    const third = triage(await pendingNow(), labelsFromContents(contents, cache), { bulkSoFar: tally }, cache);
    assert.equal(third.options.bulkSoFar.approve.size, summary.done.length);
  });

  it('a spent budget in the journal admits no further set; a damaged share counts at its worst; failed attempts not at all', () => {
    const started = (attempt: string, id: string, bulk: unknown) => JSON.stringify({ type: 'started', attempt, at: '2026-11-25T10:00:00Z', connection: { baseUrl: 'http://127.0.0.1:1', label: 't' }, id, verdict: 'approve', entities: [], bulk });
    const outcome = (attempt: string, o: string) => JSON.stringify({ type: 'outcome', attempt, at: '2026-11-25T10:00:01Z', outcome: o });
    const lines: string[] = [];
    for (let i = 0; i < 100; i++) lines.push(started(`a${i}`, `r${i}`, { group: 'g', expectedWrong: 0.05, variance: 0.05, unseen: 0 }), outcome(`a${i}`, 'ok'));
    lines.push(started('bad', 'rb', { group: 'g', expectedWrong: 'lots', variance: null, unseen: 0 }), outcome('bad', 'ok'));
    lines.push(started('lost', 'rl', { group: 'g', expectedWrong: 0, variance: 0, unseen: 0 }), outcome('lost', 'failed'));
    const tally = bulkTallyFromJournal(parseJournal(lines.join('\n')).entries);
    assert.equal(tally.approve.size, 101);
    assert.ok(Math.abs(tally.approve.expectedWrong - 5) < 1e-9);
    assert.equal(tally.approve.unseen, 1);
    // 5 % expected wrong already: no group of near-certain matches brings a set back under 1 %.
    const sure = { alpha: 1000, beta: 0.5, own: 40 };
    const groups = [{ key: 'k', flags: [], size: 100, decidable: [...Array(100)].map((_, i) => `x${i}`) }];
    // safeSet is what triage calls with bulkSoFar: the journal's tally goes in as is.
    const none = safeSet('approve', groups, new Map([['k', sure]]), { maxWrongShare: 0.01, tail: 0.05, minOwnLabels: 2, sofar: tally.approve });
    assert.deepEqual(none.keys, []);
    const fresh = safeSet('approve', groups, new Map([['k', sure]]), { maxWrongShare: 0.01, tail: 0.05, minOwnLabels: 2, sofar: EMPTY_TALLY });
    assert.deepEqual(fresh.keys, ['k']);
  });
  // Issue 17: the journal kept no flags, so after a reload (and in the CLI) every answer counted for the
  // plain group of its pattern, flagged groups never had answers of their own, and the simulated
  // curator — whose labels kept their flags in memory — measured a product that did not exist.
  it('an answer counts for the triage group it was taken in after a read: its flags and its chain lead go with it through the journal', async () => {
    const journal = new DecisionJournal(join(dir, 'groups.ndjson'));
    const connection = journalConnection(sandbox.baseUrl, 'test');
    const cache = new FeatureCache();
    const result = triage(await pendingNow(), [], {}, cache);
    const item = (pick: (i: ReturnType<typeof result.items.get> & object) => boolean) => [...result.items.values()].find(pick)!;
    const chained = item((i) => i.flags.includes('chain') && !i.chainLead);
    const leader = item((i) => i.chainLead);
    // A plain item whose pattern has others pending, so its group is still there to count the answer.
    const plain = item((i) => i.flags.length === 0 && [...result.items.values()].filter((j) => j.features.pattern === i.features.pattern).length > 1);
    assert.ok(chained && leader && plain, 'the backlog needs a chain member, a leader and a plain item');
    const byId = new Map((await pendingNow()).map((r) => [r['@id'], r]));
    for (const it of [chained, leader, plain]) {
      assert.equal((await attemptDecision(client, byId.get(it.id)!, 'reject', { journal, connection, triage: groupRefOf(it) })).status, 'ok');
    }
    const labels = labelsFromContents(await readJournal(journal.path), cache);
    const label = (id: string) => labels.find((x) => x.id === id)!;
    // Each answer read back with the flags and lead it was taken with.
    assert.deepEqual(label(chained.id).flags, chained.flags.filter((f) => f !== 'unsure'), 'the chain member counts for a chain group');
    assert.ok(label(chained.id).flags?.includes('chain'));
    assert.equal(label(leader.id).chainLead, true);
    assert.ok(!label(plain.id).flags?.length && !label(plain.id).chainLead);
    // What the next triage counts: each answer in its own group's labels.
    const next = triage([...byId.values()].filter((r) => ![chained.id, leader.id, plain.id].includes(r['@id'])), labels, {}, cache);
    const keyOf = (id: string) => next.keyOf(label(id).features, label(id).flags, label(id).chainLead);
    assert.ok(keyOf(chained.id).endsWith('|chain'), keyOf(chained.id));
    assert.ok(keyOf(leader.id).endsWith('+lead'), keyOf(leader.id));
    assert.equal(keyOf(plain.id), plain.features.pattern);
    const answeredIn = new Set([chained, leader, plain].map((i) => keyOf(i.id)));
    const counted = next.groups.filter((g) => g.labels.reject > 0).map((g) => g.key);
    assert.equal(counted.length, 3, `rejections counted in ${counted.join(', ')}`);
    assert.ok(counted.every((k) => answeredIn.has(k)), `rejections counted in ${counted.join(', ')}`);
    assert.equal(next.model.labels, 3);
    await journal.close();
  });

  it('a journalled group reads back with the flags this version knows; a line without one is a plain answer', () => {
    const line = (attempt: string, triageRef: unknown) => [
      JSON.stringify({ type: 'started', attempt, at: '2026-11-25T10:00:00Z', connection: { baseUrl: 'http://127.0.0.1:1', label: 't' }, id: `r-${attempt}`, verdict: 'reject', entities: [{ id: `${attempt}a` }, { id: `${attempt}b` }], triage: triageRef }),
      JSON.stringify({ type: 'outcome', attempt, at: '2026-11-25T10:00:01Z', outcome: 'ok' }),
    ];
    const lines = [...line('1', { flags: ['chain', 'from-a-newer-version', 7, 'chain'], lead: true }), ...line('2', undefined), ...line('3', 'not a group'), ...line('4', { flags: ['same-source'], lead: 'yes' })];
    const labels = labelsFromContents(parseJournal(lines.join('\n')));
    assert.deepEqual(
      labels.map((l) => [l.flags, l.chainLead]),
      [[['chain'], true], [undefined, undefined], [undefined, undefined], [['same-source'], undefined]],
    );
  });

  it("the entities of the journal's bulk rejections (not single ones, not approvals, not failed attempts) reach triage", () => {
    const line = (attempt: string, verdict: string, ids: string[], bulk: unknown, o = 'ok') => [
      JSON.stringify({ type: 'started', attempt, at: '2026-11-25T10:00:00Z', connection: { baseUrl: 'http://127.0.0.1:1', label: 't' }, id: `r-${attempt}`, verdict, entities: ids.map((id) => ({ id })), bulk }),
      JSON.stringify({ type: 'outcome', attempt, at: '2026-11-25T10:00:01Z', outcome: o }),
    ];
    const share = { group: 'g', expectedWrong: 0.01, variance: 0.01, unseen: 0 };
    const lines = [...line('1', 'reject', ['a', 'b'], share), ...line('2', 'reject', ['c', 'd'], undefined), ...line('3', 'approve', ['e', 'f'], share), ...line('4', 'reject', ['g', 'h'], share, 'failed')];
    assert.deepEqual(bulkRejectionsFromJournal(parseJournal(lines.join('\n')).entries), [['a', 'b']]);
  });
});
