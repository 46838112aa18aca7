// Issue 17 in the real VS Code, against a sandbox of its own with nothing merged at start (the whole
// candidate set is a backlog): an unsure mark kept in the journal and read back as after a reload,
// shown in the tree, never sent and left out of a bulk decision; blind review; "most informative
// first"; a group decision through the bulk path; the production guard. The sandbox is the judge.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { Recommendation } from '../../src/api/model';
import type { BulkSummary } from '../../src/curation/bulk-decisions';
import { DecisionJournal, readJournal } from '../../src/curation/journal';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { QueuePanel } from '../../src/extension/panels/queue-panel';
import type { TriagePanel } from '../../src/extension/panels/triage-panel';
import { coreFrom, TriageCoreError } from '../../src/extension/triage/triage-core';
import { estimateText } from '../../src/extension/curation/group-command';
import { TriageState } from '../../src/extension/triage/triage-state';
import { informativeOrder } from '../../src/triage/informative-order';
import { groupKey, triage } from '../../src/triage/triage';
import { pendingNow, recordNode, serviceAnswers } from './curation-helpers';
import { settled, waitFor } from './helpers';
import { type SandboxConnection, sandboxConnection } from './sandbox-connection';

const NAME = 'Triage test service';
const TOKEN = 'triage-test-token';

describe('Triage in the real VS Code: unsure marks, flags, informative order, blind review', function () {
  this.timeout(180_000);
  let api: DedupCuratorApi;
  let direct: DedupClient;
  let fixture: SandboxConnection;
  let unsure: Recommendation;
  const log = vscode.window.createOutputChannel('Dedup Curator triage test', { log: true });

  before(async () => {
    fixture = await sandboxConnection(NAME, { token: TOKEN, seed: 17, locations: 300, events: 0, integrations: 4, autoMergeThreshold: 2 });
    api = fixture.api;
    direct = fixture.direct;
    // The views reload after the switch; under load that can start after the ready state.
    await waitFor('the backlog in the tree', () => api.recommendations.loaded().length >= 10, 30_000);
    await settled(api);
  });

  after(async () => {
    await vscode.commands.executeCommand('dedupCurator.toggleBlindReview', false);
    await vscode.commands.executeCommand('dedupCurator.recommendations.sort', 'server');
    await fixture?.close();
    log.dispose();
  });

  it('before any decision, Decide a Group says a group is not estimated yet, not "50 %" beside scores of 100 %', () => {
    const result = api.triage.run(api.recommendations.loaded());
    assert.equal(result.model.labels, 0, 'no decision yet on this connection');
    const group = result.groups[0];
    assert.doesNotMatch(estimateText(group, result.model.labels), /%/);
    assert.match(estimateText(group, result.model.labels), /not estimated yet/);
    assert.match(estimateText(group, 3), /estimated approval .*90% interval/);
  });

  it('Mark as Unsure keeps the mark and its note in the journal, never at the service; the tree shows it; a fresh read (a reload) finds it', async () => {
    unsure = api.recommendations.loaded()[3];
    const marked = await vscode.commands.executeCommand('dedupCurator.markUnsure', recordNode(unsure), undefined, { note: 'same building? ask the venue' });
    assert.equal(marked, true);
    assert.ok((await pendingNow(direct)).has(unsure['@id']), 'unsure reached the service');
    const item = api.recommendations.getTreeItem(recordNode(unsure) as never);
    assert.match(String(item.description), /^unsure/);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'question');
    const tip = String(api.recommendations.resolveTreeItem(new vscode.TreeItem('x'), recordNode(unsure) as never).tooltip);
    assert.match(tip, /Unsure: same building\? ask the venue/);
    // What a window reload does: a new state reads the journal from disk.
    const fresh = new TriageState(new DecisionJournal(api.triage.journalPath), log);
    await fresh.loaded;
    assert.equal(fresh.unsure(unsure['@id'])?.note, 'same building? ask the venue');
    fresh.dispose();
  });

  it('without its triage part (dist/triage.js missing) the state says so in words: no flags, no order, marks still read; a triage run names the part', async () => {
    const missing = () => coreFrom(() => Promise.reject(new Error("Cannot find module './triage.js'\nRequire stack:\n- /ext/dist/extension.js")));
    const broken = new TriageState(new DecisionJournal(api.triage.journalPath), log, () => undefined, missing);
    try {
      await broken.loaded;
      assert.equal(broken.hasCore, false);
      assert.equal(broken.coreProblem, "Dedup Curator could not load its triage part (dist/triage.js): Cannot find module './triage.js'. Reinstall the extension.");
      const list = { loaded: () => api.recommendations.loaded(), revision: 0 };
      assert.deepEqual(broken.flagsOf(list.loaded()[0], list), []);
      assert.equal(broken.informativeRank(list), undefined);
      assert.ok(broken.isUnsure(unsure['@id']), 'the unsure mark was not read without the core');
      assert.throws(() => broken.run(list.loaded()), (e: unknown) => e instanceof TriageCoreError && /dist\/triage\.js/.test(e.message) && !/Require stack/.test(e.message));
      // A decision needs no triage: its group is left out (it counts as a plain answer), and it is taken.
      assert.equal(broken.groupRef(list, list.loaded()[0]), undefined);
      assert.deepEqual([...broken.groupRefs(list, list.loaded().slice(0, 3)).values()], []);
    } finally {
      broken.dispose();
    }
  });

  it('a bulk decision leaves the unsure one out: the rest is decided, it stays pending', async () => {
    const other = api.recommendations.loaded().find((r) => r['@id'] !== unsure['@id'])!;
    const summary = await vscode.commands.executeCommand<BulkSummary>('dedupCurator.reject', recordNode(other), [recordNode(other), recordNode(unsure)], { confirm: false });
    assert.equal(summary?.total, 1);
    assert.deepEqual(summary?.done, [other['@id']]);
    const pending = await pendingNow(direct);
    assert.ok(!pending.has(other['@id']), 'the other one was not rejected');
    assert.ok(pending.has(unsure['@id']), 'the unsure one was decided in bulk');
  });

  it('"most informative first" orders the tree as triage’s informative order over the loaded ones and the journal', async () => {
    await vscode.commands.executeCommand('dedupCurator.recommendations.sort', 'informative');
    await settled(api);
    // Decisions of earlier tests may still be reaching the journal (the undo period, a bulk run's
    // last lines): read it now, as the expectation below does, so both see the same answers.
    await api.triage.reload();
    const loaded = api.recommendations.loaded();
    const answers = await serviceAnswers(api);
    const expected = informativeOrder(triage(loaded, answers.labels, { targetPrecision: 0.99, bulkSoFar: answers.bulkSoFar, bulkRejected: answers.bulkRejected }));
    const shown = api.recommendations.shown().map((r) => r['@id']);
    assert.deepEqual(shown.slice(0, expected.length), expected);
    assert.ok(!expected.includes(unsure['@id']), 'an unsure one is asked again');
    assert.ok(shown.indexOf(unsure['@id']) >= expected.length, 'the unsure one is not after the asked ones');
  });

  // The journal kept no flags: after a reload every answer counted for the plain group of its
  // pattern, and flagged groups never got answers of their own (the simulated curator needed 1,479
  // answers at 8,137 that way, against 455 with the flags kept).
  it('a decision journals the triage group it was taken in, so after a reload a chain member’s answer counts for its chain group', async () => {
    await settled(api);
    await api.triage.reload();
    const loaded = api.recommendations.loaded();
    const run = api.triage.run(loaded);
    const member = loaded.find((r) => run.items.get(r['@id'])?.flags.includes('chain') && !run.items.get(r['@id'])?.flags.includes('unsure'));
    assert.ok(member, 'the backlog needs a chain member among the loaded ones');
    const item = run.items.get(member['@id'])!;
    await vscode.commands.executeCommand('dedupCurator.reject', recordNode(member));
    assert.ok(!(await pendingNow(direct)).has(member['@id']), 'the rejection did not reach the service');
    const line = (await readJournal(api.triage.journalPath)).entries.filter((e) => e.id === member['@id']).pop();
    assert.deepEqual(line?.triage, { flags: item.flags, ...(item.chainLead ? { lead: true } : {}) });
    // What a window reload reads: the answer is a label of the chain's group, not the plain pattern's.
    const fresh = new TriageState(new DecisionJournal(api.triage.journalPath), log);
    try {
      await fresh.loaded;
      const label = fresh.labels.filter((l) => l.id === member['@id']).pop();
      assert.deepEqual(label?.flags, item.flags);
      assert.equal(groupKey(label.features.pattern, label.flags ?? [], label.chainLead), groupKey(item.features.pattern, item.flags, item.chainLead));
    } finally {
      fresh.dispose();
    }
  });

  it('a record no triage has seen (a panel restored after a reload) is journalled in the group it has beside the loaded list', async () => {
    await settled(api);
    const loaded = api.recommendations.loaded();
    const run = api.triage.run(loaded);
    // A chain member and the loaded list without it: its partner is still there, as after a reload
    // that restored its panel before the tree had loaded it.
    const member = loaded.find((r) => run.items.get(r['@id'])?.flags.includes('chain') && !run.items.get(r['@id'])?.flags.includes('unsure'));
    assert.ok(member, 'the backlog needs a chain member among the loaded ones');
    const others = loaded.filter((r) => r !== member);
    const fresh = new TriageState(new DecisionJournal(api.triage.journalPath), log, () => api.session.baseUrl);
    try {
      await fresh.loaded;
      const ref = fresh.groupRef({ loaded: () => others, revision: 0 }, member);
      assert.ok(ref?.flags.includes('chain'), `no chain flag in ${JSON.stringify(ref)}`);
      const item = fresh.run([...others, member]).items.get(member['@id'])!;
      assert.deepEqual(ref, { flags: item.flags, ...(item.chainLead ? { lead: true } : {}) });
    } finally {
      fresh.dispose();
    }
  });

  it('the target recall setting reaches every triage: a reject set is admitted within its budget', async () => {
    const config = vscode.workspace.getConfiguration('dedupCurator');
    const loaded = api.recommendations.loaded();
    assert.equal(api.triage.run(loaded).options.targetRecall, 0.97, 'the default');
    await config.update('triage.targetRecall', 0.9, vscode.ConfigurationTarget.Global);
    try {
      const result = api.triage.run(loaded);
      assert.equal(result.options.targetRecall, 0.9);
      // The budget is 10 % of the matches known at their lower end (the journal's approvals at least).
      assert.ok(Math.abs(result.sets.reject.maxLost - 0.1 * result.sets.reject.matchesLow) < 1e-9, JSON.stringify(result.sets.reject));
    } finally {
      await config.update('triage.targetRecall', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal(api.triage.run(loaded).options.targetRecall, 0.97);
  });

  it('blind review: the queue’s page gets no score, flags or sum until the verdict; switched off, it does', async () => {
    await vscode.commands.executeCommand('dedupCurator.toggleBlindReview', true);
    const queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    await waitFor('the page to say ready', () => queue.view.isReady, 30000);
    // What the page was sent for the item on screen.
    const blind = await waitFor('the item drawn blind', () => queue.view.viewShown?.recommendationId === queue.recommendationId && queue.view.viewShown);
    assert.deepEqual([blind.blind, blind.score, blind.explanations.length, blind.triage], [true, 0, 0, undefined]);
    await vscode.commands.executeCommand('dedupCurator.toggleBlindReview', false);
    const open = await waitFor('the item drawn again with its score', () => queue.view.viewShown?.blind === undefined && queue.view.viewShown);
    assert.equal(open.blind, undefined);
    assert.equal(open.score, queue.recommendation!.score);
    assert.ok(open.explanations.length > 0);
    queue.view.dispose();
  });

  it('Open Triage shows the groups of the whole backlog; Review opens the review queue on that group', async () => {
    const panel = (await vscode.commands.executeCommand('dedupCurator.openTriage')) as TriagePanel;
    await waitFor('the triage page to say ready', () => panel.isReady, 30000);
    const pending = await pendingNow(direct);
    assert.equal(panel.groups.reduce((n, g) => n + g.size, 0), pending.size, 'the groups do not cover the backlog');
    const g = panel.groups.find((x) => x.decidable.length)!;
    await panel.handleMessage({ type: 'group', action: 'review', key: g.key });
    const queue = await waitFor('the group’s queue', () => api.comparisons.queue?.group?.key === g.key && api.comparisons.queue);
    assert.ok(g.decidable.includes(queue.recommendation!['@id']), 'the queue shows another group’s recommendation');
    queue.view.dispose();
    // A malformed message is dropped, nothing happens.
    await panel.handleMessage({ type: 'group', action: 'delete', key: g.key });
    panel.dispose();
  });

  it('the production guard: coloured status bar; a wrong name decides nothing; the right one lets a group decision through the bulk path', async () => {
    assert.equal(await vscode.commands.executeCommand('dedupCurator.toggleProduction', true), true);
    await waitFor('the production connection', () => api.session.active?.production === true && api.session.state.kind === 'ready');
    await settled(api);
    api.statusBar.update();
    assert.match(api.statusBar.text, /\$\(shield\) Triage test service \(production\)/);
    assert.ok(api.statusBar.item.backgroundColor instanceof vscode.ThemeColor);
    const before = await pendingNow(direct);
    const refused = await vscode.commands.executeCommand('dedupCurator.approveAllMatching', { minScore: 0, confirm: false, typedName: 'Triage test' });
    assert.equal(refused, undefined);
    assert.equal((await pendingNow(direct)).size, before.size, 'a bulk decision went through without the name');

    // The group of the unsure one's pattern (plain), else the largest plain group: rejected as a group.
    const answers = await serviceAnswers(api);
    const result = triage([...before.values()], answers.labels, { bulkSoFar: answers.bulkSoFar, bulkRejected: answers.bulkRejected });
    const pattern = result.items.get(unsure['@id'])!.features.pattern;
    const group = result.groups.find((g) => g.key === pattern && g.decidable.length) ?? result.groups.find((g) => !g.flags.length && g.decidable.length)!;
    assert.ok(group.decidable.length >= 1);
    const summary = await vscode.commands.executeCommand<BulkSummary>('dedupCurator.decideGroup', { group: group.key, verdict: 'reject', confirm: false, typedName: NAME });
    assert.equal(summary?.total, group.decidable.length);
    assert.equal(summary?.done.length, group.decidable.length);
    const after = await pendingNow(direct);
    for (const id of group.decidable) assert.ok(!after.has(id), `${id} of the group is still pending`);
    assert.ok(after.has(unsure['@id']), 'the unsure one was decided with its group');
    const journalled = new Set((await readJournal(api.triage.journalPath)).entries.filter((e) => e.outcome === 'ok' && e.verdict === 'reject').map((e) => e.id));
    for (const id of group.decidable) assert.ok(journalled.has(id), `${id} is not in the journal`);
    // The tree's flags read the same answers as a triage run, the group's rejections included.
    await settled(api);
    const after2 = await serviceAnswers(api);
    // (A group triage called safe counts as bulk rejections; one decided against its word, as answers.)
    const answered = new Set(after2.labels.filter((l) => l.verdict === 'reject').map((l) => l.id));
    assert.ok(group.decidable.every((id) => answered.has(id)) || after2.bulkRejected.length >= group.decidable.length, 'the group rejection is not among the answers');
    const loaded = api.recommendations.loaded();
    const run = triage(loaded, after2.labels, { bulkRejected: after2.bulkRejected });
    for (const r of loaded) assert.deepEqual(api.triage.flagsOf(r, api.recommendations), run.items.get(r['@id'])?.flags, r['@id']);
    await vscode.commands.executeCommand('dedupCurator.toggleProduction', false);
  });
});
