// Load All stopping at the setting dedupCurator.wholeListLimit says so (found by the walk of issue
// 13, docs/walks.md: with 31,919 pending and 10,000 loaded, Load All flashed a progress bar and did
// nothing, with no word why). Against the local sandbox, with the limit set below its pending count.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { LoadAllResult } from '../../src/api/paged-source';
import { curatorApi, settled, waitFor } from './helpers';
import { capturingNotifications } from './messages';

const LIMIT = 20;

describe('Load All at the whole-list limit', function () {
  this.timeout(60_000);
  let api: DedupCuratorApi;
  const config = () => vscode.workspace.getConfiguration('dedupCurator');

  before(async () => {
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    api = await curatorApi();
    await settled(api);
    await config().update('wholeListLimit', LIMIT, vscode.ConfigurationTarget.Global);
    // From the first page again: an earlier suite (an export, a sort) may have loaded the whole list.
    await api.recommendations.refresh();
  });
  after(async () => {
    await vscode.commands.executeCommand('dedupCurator.recommendations.sort', 'server');
    await config().update('wholeListLimit', undefined, vscode.ConfigurationTarget.Global);
  });

  it('says how many it loaded of how many, and offers the setting', async () => {
    const total = api.recommendations.knownTotal;
    assert.ok(total !== undefined && total > LIMIT, `the sandbox should have more than ${LIMIT} pending (it has ${total})`);
    const { result, shown } = await capturingNotifications(async (shown) => {
      const result = await vscode.commands.executeCommand<LoadAllResult>('dedupCurator.recommendations.loadAll');
      await new Promise((r) => setTimeout(r, 200));
      return { result, shown };
    });
    assert.equal(result?.beyondLimit, true);
    const loaded = api.recommendations.loaded().length;
    assert.deepEqual(
      shown.map((m) => [m.level, m.text, m.items]),
      [['info', `Loaded ${loaded.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} pending recommendations: the setting dedupCurator.wholeListLimit allows no more. Sorts and filters see these only; raise the limit to load more.`, ['Open Setting']]],
    );
  });

  it('a sort stopped at the limit warns that only part of the list is in this order; Raise the Limit sorts the whole list', async () => {
    await config().update('wholeListLimit', LIMIT, vscode.ConfigurationTarget.Global);
    await api.recommendations.refresh();
    const total = api.recommendations.knownTotal;
    assert.ok(total !== undefined && total > LIMIT, `the sandbox should have more than ${LIMIT} pending (it has ${total})`);
    const raise = `Raise the Limit to ${total.toLocaleString('en-US')} and Load`;
    const shown = await capturingNotifications(
      async (shown) => {
        const result = await vscode.commands.executeCommand<LoadAllResult>('dedupCurator.recommendations.sort', 'score-asc');
        assert.equal(result?.beyondLimit, true);
        await waitFor('the warning', () => shown.some((m) => m.level === 'warning'));
        // The answer raised the limit and loads the rest: the whole list comes in, sorted.
        await waitFor('the whole list', () => api.recommendations.loaded().length === total, 30_000);
        return shown;
      },
      (m) => (m.level === 'warning' ? raise : undefined),
    );
    const warning = shown.find((m) => m.level === 'warning')!;
    assert.match(warning.text, new RegExp(`^Only part of the list is in this order \\(score ↑\\): the first (\\d+) of ${total.toLocaleString('en-US')} pending recommendations, as the service lists them\\.`));
    assert.match(warning.text, /what comes first here may not come first in the whole list/);
    assert.ok(Number(/the first (\d+) of/.exec(warning.text)![1]) >= LIMIT, 'fewer loaded than the limit');
    assert.deepEqual(warning.items, [raise, 'Open Setting']);
    assert.equal(config().get('wholeListLimit'), total);
    await api.recommendations.wholeLoad;
    const lowest = Math.min(...api.recommendations.loaded().map((r) => r.score));
    assert.equal(api.recommendations.shown()[0].score, lowest, 'the whole list is not sorted lowest first');
  });
});
