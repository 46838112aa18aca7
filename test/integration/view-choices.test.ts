// The views' choices survive a restart: they are written to the workspace's state as the user makes
// them, and a list created afresh over that state (as at the next activation) reads them back.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { EventsList } from '../../src/extension/views/events-list';
import { LocationsList } from '../../src/extension/views/locations-list';
import { RecommendationsList } from '../../src/extension/views/recommendations-list';
import { curatorApi, settled } from './helpers';

describe('View choices kept across restarts', function () {
  this.timeout(60_000);
  let api: DedupCuratorApi;
  const fresh: { dispose(): void }[] = [];

  before(async () => {
    api = await curatorApi();
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    await settled(api);
  });

  after(async () => {
    for (const f of fresh) f.dispose();
    await vscode.commands.executeCommand('dedupCurator.recommendations.clearFilter');
    await vscode.commands.executeCommand('dedupCurator.recommendations.sort', 'server');
    await vscode.commands.executeCommand('dedupCurator.locations.changedSince', 'all');
    await vscode.commands.executeCommand('dedupCurator.events.changedSince', 'all');
    await vscode.commands.executeCommand('dedupCurator.events.clearFilter');
    await settled(api);
  });

  /** A list as the next activation creates it, over the same workspace state. */
  function afterRestart<L extends { useChoices(c: DedupCuratorApi['choices']): void; dispose(): void }>(list: L): L {
    fresh.push(list);
    list.useChoices(api.choices);
    return list;
  }

  it('keeps the recommendations sort order and filter', async () => {
    await vscode.commands.executeCommand('dedupCurator.recommendations.sort', 'score-asc');
    await vscode.commands.executeCommand('dedupCurator.recommendations.filterScore', { minScore: 0.6, maxScore: 0.9 });
    const restarted = afterRestart(new RecommendationsList(api.recommendations.viewId, api.session, api.errors, undefined, api.backlog));
    assert.equal(restarted.sort, 'score-asc');
    assert.deepEqual({ ...restarted.filter }, { minScore: 0.6, maxScore: 0.9, integrations: undefined });
    await vscode.commands.executeCommand('dedupCurator.recommendations.clearFilter');
    const cleared = afterRestart(new RecommendationsList(api.recommendations.viewId, api.session, api.errors, undefined, api.backlog));
    assert.equal(cleared.filter.minScore, undefined, 'a cleared filter comes back after a restart');
  });

  it('keeps a typed "changed since" date and a preset, but not "since the last look"', async () => {
    await vscode.commands.executeCommand('dedupCurator.locations.changedSince', '2024-05-01T00:00:00.000Z');
    const typed = afterRestart(new LocationsList(api.locations.viewId, api.session, api.errors));
    assert.deepEqual(typed.window, { kind: 'since', since: new Date('2024-05-01T00:00:00.000Z') });
    await vscode.commands.executeCommand('dedupCurator.locations.changedSince', '7d');
    assert.deepEqual(afterRestart(new LocationsList(api.locations.viewId, api.session, api.errors)).window, { kind: 'preset', preset: '7d' });
    await api.locations.refresh(); // a successful sync, so that "last look" exists
    assert.ok(api.locations.lastLookTime(), 'no last look after a refresh');
    await vscode.commands.executeCommand('dedupCurator.locations.changedSince', 'last-look');
    assert.equal(api.locations.window.kind, 'since');
    const defaultWindow = vscode.workspace.getConfiguration('dedupCurator').get<string>('defaultTimeWindow', '30d');
    assert.deepEqual(afterRestart(new LocationsList(api.locations.viewId, api.session, api.errors)).window, { kind: 'preset', preset: defaultWindow });
  });

  it('ignores stored values it cannot read (an older version, a hand-edited state) and uses the defaults', async () => {
    const id = api.recommendations.viewId;
    await api.choices.write(id, 'sort', 'by-colour');
    await api.choices.write(id, 'filter', { minScore: 'high', maxScore: 7, integrations: [42, ''] });
    const restarted = afterRestart(new RecommendationsList(id, api.session, api.errors, undefined, api.backlog));
    assert.equal(restarted.sort, 'server');
    assert.deepEqual({ ...restarted.filter }, { minScore: undefined, maxScore: undefined, integrations: undefined });
    await api.choices.write(api.locations.viewId, 'window', { since: 'yesterday-ish' });
    const defaultWindow = vscode.workspace.getConfiguration('dedupCurator').get<string>('defaultTimeWindow', '30d');
    assert.deepEqual(afterRestart(new LocationsList(api.locations.viewId, api.session, api.errors)).window, { kind: 'preset', preset: defaultWindow });
  });

  it('keeps the events start window', async () => {
    await vscode.commands.executeCommand('dedupCurator.events.startWindow', { after: '2025-01-01T00:00:00.000Z' });
    const restarted = afterRestart(new EventsList(api.events.viewId, api.session, api.errors));
    assert.equal(restarted.filter.startAfter?.toISOString(), '2025-01-01T00:00:00.000Z');
    assert.equal(restarted.filter.location, undefined);
  });
});
