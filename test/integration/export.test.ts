// "Export…" inside a real VS Code against the in-process sandbox: every page (not just the loaded
// ones) with the view's parameters, in each format, and a cancelled export that leaves no file.
import * as assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { ExportResult } from '../../src/curation/export';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { matches } from '../../src/extension/views/recommendation-filter';
import { tempDir, withSandbox } from './curation-helpers';

describe('Export in the real VS Code', function () {
  this.timeout(120000);
  let api: DedupCuratorApi;
  let client: DedupClient;
  let dir: string;

  before(async () => {
    ({ api, client } = await withSandbox());
    dir = await tempDir('dedup-export-');
  });

  it('exports every location of the view’s window as NDJSON, more than one page', async () => {
    await api.locations.refresh();
    const view = api.locations;
    let expected = 0;
    for await (const _ of client.allLocations({ updatedSince: view.updatedSince, onlyExternalUpdates: view.onlyExternalUpdates || undefined, pageSize: 500 })) expected++;
    assert.ok(expected > api.locations.shown().length, `the sandbox lists ${expected}, the view shows ${api.locations.shown().length}: the export must read further pages`);
    const target = path.join(dir, 'locations.ndjson');
    const result = await vscode.commands.executeCommand<ExportResult>('dedupCurator.exportLocations', { target });
    assert.ok(result, 'the export returned nothing');
    assert.equal(result.written, expected);
    const lines = (await readFile(target, 'utf8')).trimEnd().split('\n');
    assert.equal(lines.length, expected);
    assert.equal(new Set(lines.map((l) => (JSON.parse(l) as { id: string }).id)).size, expected);
  });

  it('exports every pending recommendation as CSV (the view’s filter, if any, applied)', async () => {
    const filter = api.recommendations.filter;
    let expected = 0;
    for await (const r of client.allRecommendations({ pageSize: 200 })) if (matches(r, filter)) expected++;
    const target = path.join(dir, 'recommendations.csv');
    const result = await vscode.commands.executeCommand<ExportResult>('dedupCurator.exportRecommendations', { target });
    assert.ok(result);
    assert.equal(result.format, 'csv');
    const rows = (await readFile(target, 'utf8')).trimEnd().split('\r\n');
    assert.match(rows[0], /^id,score,/);
    assert.equal(rows.length - 1, expected);
    assert.equal(result.written, expected);
  });

  it('exports events as a JSON array', async () => {
    const target = path.join(dir, 'events.json');
    const result = await vscode.commands.executeCommand<ExportResult>('dedupCurator.exportEvents', { target });
    assert.ok(result);
    assert.equal((JSON.parse(await readFile(target, 'utf8')) as unknown[]).length, result.written);
  });

  it('applies the views’ filters: the recommendations’ score filter and the events’ start window', async () => {
    const recs = api.recommendations;
    const scores: number[] = [];
    for await (const r of client.allRecommendations({ pageSize: 200 })) scores.push(r.score);
    scores.sort((a, b) => b - a);
    const minScore = scores[Math.floor(scores.length / 2)];
    const previous = recs.filter;
    recs.filter = { minScore };
    try {
      const result = await vscode.commands.executeCommand<ExportResult>('dedupCurator.exportRecommendations', { target: path.join(dir, 'filtered.ndjson') });
      assert.equal(result?.written, scores.filter((s) => s >= minScore).length);
    } finally {
      recs.filter = previous;
    }

    const events = api.events;
    const base = { updatedSince: events.updatedSince, onlyExternalUpdates: events.onlyExternalUpdates || undefined, pageSize: 500 };
    const starts: string[] = [];
    for await (const e of client.allEvents(base)) if (e.startDate) starts.push(e.startDate);
    starts.sort();
    const startAfter = new Date(starts[Math.floor(starts.length / 2)]);
    const previousEvents = events.filter;
    await events.setFilter({ startAfter });
    try {
      let expected = 0;
      for await (const _ of client.allEvents({ ...base, startAfter })) expected++;
      assert.ok(expected > 0 && expected < starts.length, `${expected} of ${starts.length}`);
      const result = await vscode.commands.executeCommand<ExportResult>('dedupCurator.exportEvents', { target: path.join(dir, 'events-window.ndjson') });
      assert.equal(result?.written, expected);
    } finally {
      await events.setFilter(previousEvents);
    }
  });

  it('reports a file that cannot be written and creates nothing', async () => {
    const result = await vscode.commands.executeCommand<ExportResult | undefined>('dedupCurator.exportLocations', { target: path.join(dir, 'no-such-folder', 'x.ndjson') });
    assert.equal(result, undefined);
    const history = await vscode.commands.executeCommand<unknown>('dedupCurator.exportDecisionHistory', { target: path.join(dir, 'no-such-folder', 'h.csv') });
    assert.equal(history, undefined);
    assert.ok(!(await readdir(dir)).includes('no-such-folder'));
  });

  it('leaves no file, partial or whole, when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await vscode.commands.executeCommand<ExportResult | undefined>('dedupCurator.exportEvents', { target: path.join(dir, 'cancelled.ndjson'), signal: controller.signal });
    assert.equal(result, undefined);
    assert.deepEqual((await readdir(dir)).filter((f) => f.startsWith('cancelled')), []);
  });
});
