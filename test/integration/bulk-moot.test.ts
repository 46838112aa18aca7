// A bulk approval whose approvals merge entities that other recommendations share (issue 13, point 3):
// the summary must name the later ones "made moot by an earlier approval in this run", not failures,
// and say how many other recommendations left the list. A sandbox of its own (started in the test
// process) is the judge of what happened.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { BulkSummary } from '../../src/curation/bulk-decisions';
import { splitMoot } from '../../src/curation/bulk-moot';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { pendingNow } from './curation-helpers';
import { settled, waitFor } from './helpers';
import { type SandboxConnection, sandboxConnection } from './sandbox-connection';
import { capturingNotifications } from './messages';

const NAME = 'Moot test service';
const TOKEN = 'bulk-moot-test-token';

describe('A bulk approval that makes later items moot', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  let direct: DedupClient;
  let fixture: SandboxConnection;

  before(async () => {
    // Nothing merged at start: the backlog holds chains, so approvals make others moot.
    fixture = await sandboxConnection(NAME, { token: TOKEN, seed: 11, locations: 800, events: 200, integrations: 4, autoMergeThreshold: 2 });
    api = fixture.api;
    direct = fixture.direct;
    await settled(api);
  });

  after(async () => {
    await fixture?.close();
  });

  it('says "made moot by an earlier approval in this run" and how many others left the list', async () => {
    const before = await pendingNow(direct);
    const minScore = 0.8;
    const targets = [...before.values()].filter((r) => r.score >= minScore);
    assert.ok(targets.length >= 10, `only ${targets.length} recommendations at or above ${minScore}`);
    const { summary, shown } = await capturingNotifications(async (shown) => {
      const summary = await vscode.commands.executeCommand<BulkSummary>('dedupCurator.approveAllMatching', { minScore, confirm: false });
      // The summary is shown after the tree's reload.
      await waitFor('the summary notification', () => shown.some((m) => /bulk approve/.test(m.text)), 30_000);
      return { summary: summary!, shown };
    });
    assert.equal(summary.total, targets.length);
    const { moot, failed } = splitMoot(summary, targets);
    assert.ok(moot.length > 0, 'no approval in this data made another moot: the test proves nothing');
    assert.deepEqual(failed, {}, `real failures: ${JSON.stringify(failed)}`);
    const after = await pendingNow(direct);
    const fell = before.size - after.size;
    const others = fell - summary.done.length - moot.length;
    const text = shown.find((m) => /bulk approve/.test(m.text))!;
    assert.match(text.text, new RegExp(`${summary.done.length} done, ${moot.length} made moot by an earlier approval in this run`));
    assert.doesNotMatch(text.text, /failed/);
    assert.equal(text.level, 'info', 'moot outcomes are not a warning');
    if (others > 0) assert.match(text.text, new RegExp(`The pending count fell by ${fell}: ${others} other recommendations left the list too`));
    else assert.doesNotMatch(text.text, /other recommendations left/);
  });
});
