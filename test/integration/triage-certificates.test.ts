// The Triage panel in the real VS Code against a sandbox of its own (nothing merged at start): what
// it sends its page for each group (size, answers, certified bound, answers to certify, the next
// action), the histogram by the model's verdict, the approval rate's empty state before any answer,
// and the note when the service re-scored the backlog between two reads (the sandbox learns from
// decisions and re-scores its pending list). The sandbox is the judge of scores and counts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { TriagePanel } from '../../src/extension/panels/triage-panel';
import { pendingNow } from './curation-helpers';
import { settled, waitFor } from './helpers';
import { type SandboxConnection, sandboxConnection } from './sandbox-connection';

const NAME = 'Triage certificates test service';
const TOKEN = 'triage-certificates-token';

describe('Triage panel: certificates, charts and re-scoring in the real VS Code', function () {
  this.timeout(180_000);
  let api: DedupCuratorApi;
  let direct: DedupClient;
  let connection: SandboxConnection | undefined;
  let panel: TriagePanel;

  before(async () => {
    connection = await sandboxConnection(NAME, { token: TOKEN, seed: 3101, locations: 260, events: 0, integrations: 3, autoMergeThreshold: 2 });
    ({ api, direct } = connection);
    await waitFor('the backlog in the tree', () => api.recommendations.loaded().length >= 10, 30_000);
    await settled(api);
  });

  after(async () => {
    panel?.dispose();
    await connection?.close();
  });

  it('each group row carries its size, answers, bound, answers to certify and next action; the histogram counts the backlog by verdict; no approval rate before an answer', async () => {
    panel = (await vscode.commands.executeCommand('dedupCurator.openTriage')) as TriagePanel;
    await waitFor('the page drawn', () => panel.shown !== undefined && panel.computedOn === NAME, 60_000);
    const shown = panel.shown!;
    const pending = await pendingNow(direct);
    assert.equal(shown.histogram.reduce((n, b) => n + b.match + b.unsure + b.nonMatch, 0), pending.size, 'the histogram does not count the backlog');
    for (const b of shown.histogram) assert.ok(b.from >= 0 && b.to <= 1 + 1e-9 && b.to > b.from, JSON.stringify(b));
    assert.deepEqual(shown.rates, [], 'an approval rate drawn before any answer');
    assert.equal(shown.rescored, undefined, 'a re-scoring said on the first read');
    for (const g of panel.groups) {
      const row = shown.groups.find((r) => r.key === g.key)!;
      assert.equal(row.size, g.size);
      assert.equal(row.answers, g.labels.approve + g.labels.reject);
      assert.equal(row.answersToCertify, g.safe ? undefined : g.answersToSafe);
      assert.ok(row.nextAction.length > 10, `no next action for ${g.words}`);
      if (row.answersToCertify !== undefined) assert.match(row.nextAction, new RegExp(`^Answer ${row.answersToCertify} more in this group to (approve|reject) [\\d,]+\\.$`));
      if (row.bound !== undefined) assert.ok(row.bound >= 0 && row.bound <= 1);
    }
  });

  it('says the service re-scored the backlog between two reads, with the counts the service’s own lists give', async () => {
    const before = await pendingNow(direct);
    // Decisions at the service (another curator): the sandbox learns from them and re-scores its pending list.
    const pairs = [...before.values()].filter((r) => r.entities.length === 2).slice(0, 14);
    for (const r of pairs) await direct.approve(r['@id']);
    const after = await pendingNow(direct);
    const both = [...after.values()].filter((r) => before.has(r['@id']));
    const changed = both.filter((r) => r.score !== before.get(r['@id'])!.score);
    assert.ok(changed.length > 0, 'the sandbox did not re-score after 14 approvals (REFIT_EVERY)');
    await panel.handleMessage({ type: 'refresh' });
    const shown = await waitFor('the re-scoring said', () => panel.shown?.rescored, 30_000);
    assert.equal(shown.compared, both.length);
    assert.equal(shown.changed, changed.length);
    assert.equal(shown.lower, changed.filter((r) => r.score < before.get(r['@id'])!.score).length);
    // Read again with nothing re-scored since: the latest re-scoring is still said.
    await panel.handleMessage({ type: 'refresh' });
    assert.deepEqual(panel.shown?.rescored, shown);
  });
});
