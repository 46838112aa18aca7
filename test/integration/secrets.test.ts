// The access token after a full session (docs/reliability.md, "Secrets"): set through the Set
// Access Token command, trees refreshed, decisions made (single and bulk), every export written, a
// comparison panel opened, a 401 met, the log shown. Then every file of the VS Code profile this run
// uses (settings.json, global state, the log files, the decision journal, exports, VS Code's own
// storage), the settings as VS Code reads them, the extension's global state and the panel's HTML
// are searched for the token: zero hits. SecretStorage is where it belongs and is not searched
// through the extension (the editor keeps it).
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BulkSummary } from '../../src/curation/bulk-decisions';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { ComparisonPanel } from '../../src/extension/panels/comparison-panel';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { journalEntries, recordNode, tempDir } from './curation-helpers';
import { curatorApi, logWritten, settled, spyNotifications, waitFor } from './helpers';

const NAME = 'Secrets test service';

/** Every file under `dir` (following no links) with the number of token occurrences, in UTF-8 and UTF-16. */
interface Found {
  files: number;
  bytes: number;
  hits: string[];
  /** Files holding the control string (the service URL), to show the search reads the right files. */
  control: string[];
}

async function scan(dir: string, needles: Buffer[], controlNeedle: Buffer, found: Found): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return; // removed while we walked (VS Code's own temporary files)
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await scan(p, needles, controlNeedle, found);
    else if (e.isFile()) {
      const size = (await stat(p).catch(() => undefined))?.size ?? 0;
      if (size > 200 * 1024 * 1024) continue;
      const bytes = await readFile(p).catch(() => undefined);
      if (!bytes) continue;
      found.files++;
      found.bytes += bytes.length;
      if (needles.some((n) => bytes.includes(n))) found.hits.push(p);
      if (bytes.includes(controlNeedle)) found.control.push(p);
    }
  }
}

describe('Secrets: the token after a full session', function () {
  this.timeout(180_000);
  let api: DedupCuratorApi;
  let sandbox: RunningSandbox;
  let dir: string;
  const TOKEN = `secret-${randomBytes(18).toString('base64url')}`;

  before(async () => {
    api = await curatorApi();
    sandbox = await startSandbox({ port: 0, token: TOKEN, seed: 5, locations: 150, events: 100, integrations: 4 });
    dir = await tempDir('dedup-secrets-');
  });
  after(async () => {
    if (api.session.connections().some((c) => c.name === NAME)) await vscode.commands.executeCommand('dedupCurator.removeConnection', NAME);
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    await settled(api);
    await sandbox.close();
  });

  it('is nowhere but in SecretStorage: settings, global state, logs, journal, exports, panel HTML', async () => {
    // The session, as a user would have it.
    await vscode.commands.executeCommand('dedupCurator.addConnection', { name: NAME, baseUrl: sandbox.baseUrl });
    const w = vscode.window as unknown as Record<string, unknown>;
    const savedInput = w.showInputBox;
    w.showInputBox = async () => TOKEN;
    try {
      await vscode.commands.executeCommand('dedupCurator.setToken');
    } finally {
      w.showInputBox = savedInput;
    }
    assert.equal(await api.session.tokens.get(sandbox.baseUrl), TOKEN, 'the command stored the token');
    await waitFor('the ready state', () => api.session.state.kind === 'ready' && api.session.active?.name === NAME);
    await vscode.commands.executeCommand('dedupCurator.refresh');
    await settled(api);
    const shown = api.recommendations.shown();
    assert.ok(shown.length >= 4, `${shown.length} recommendations shown`);
    await vscode.commands.executeCommand('dedupCurator.approve', recordNode(shown[0]));
    const bulk = await vscode.commands.executeCommand<BulkSummary>('dedupCurator.reject', recordNode(shown[1]), [recordNode(shown[1]), recordNode(shown[2])], { confirm: false });
    assert.ok(bulk && bulk.total === 2);
    const exported: string[] = [];
    for (const [command, ext] of [
      ['dedupCurator.exportRecommendations', 'csv'],
      ['dedupCurator.exportLocations', 'json'],
      ['dedupCurator.exportEvents', 'ndjson'],
    ] as const) {
      const target = path.join(dir, `${command.split('.').pop()}.${ext}`);
      const r = await vscode.commands.executeCommand<{ written: number } | undefined>(command, { target });
      assert.ok(r && r.written > 0, `${command} wrote nothing`);
      exported.push(target);
    }
    const history = path.join(dir, 'history.csv');
    await vscode.commands.executeCommand('dedupCurator.exportDecisionHistory', { target: history });
    exported.push(history);
    assert.ok((await journalEntries(dir)).some((e) => e.connection.label === NAME), 'the session decided nothing');
    const panel = await vscode.commands.executeCommand<ComparisonPanel>('dedupCurator.openComparison', api.recommendations.shown()[0]);
    await waitFor('the comparison page to say ready', () => panel.view.isReady, 30_000);
    const html = panel.view.panel.webview.html;
    // A refused token on the way (its error goes to the log and a notification).
    const spy = spyNotifications(api);
    try {
      await api.session.tokens.set(sandbox.baseUrl, `${TOKEN}-wrong`);
      await waitFor('the 401 in the view', () => /refused the access token/.test(api.recommendations.view?.message ?? ''));
    } finally {
      spy.restore();
    }
    await api.session.tokens.set(sandbox.baseUrl, TOKEN);
    await waitFor('the ready state', () => api.session.state.kind === 'ready');
    await settled(api);
    await vscode.commands.executeCommand('dedupCurator.showLog');
    panel.view.panel.dispose();

    // What the extension holds in memory and VS Code shows.
    assert.ok(!html.includes(TOKEN), 'the token in the panel HTML');
    assert.ok(!JSON.stringify(vscode.workspace.getConfiguration('dedupCurator')).includes(TOKEN), 'the token in the settings');
    const memento = (api.session as unknown as { memento?: vscode.Memento }).memento;
    assert.ok(memento, 'the session keeps no global state to check');
    const state = Object.fromEntries(memento.keys().map((k) => [k, memento.get(k)]));
    assert.ok(Object.keys(state).length > 0);
    assert.ok(!JSON.stringify(state).includes(TOKEN), 'the token in the global state');

    // Every file: the profile of this run (settings.json, state.vscdb, logs, global storage with the
    // journal) and the temporary folder with the exports.
    const needles = [Buffer.from(TOKEN, 'utf8'), Buffer.from(TOKEN, 'utf16le')];
    const found: Found = { files: 0, bytes: 0, hits: [], control: [] };
    const configHome = process.env.XDG_CONFIG_HOME;
    const runDir = configHome ? path.resolve(configHome, '..', '..') : undefined;
    const roots = [tmpdir(), ...(runDir && existsSync(path.join(runDir, 'ud')) ? [runDir] : [])];
    assert.ok(runDir && roots.length === 2, `the harness's run folder was not found (XDG_CONFIG_HOME=${configHome})`);
    // Every line logged so far is on disk.
    await logWritten(api, runDir);
    for (const root of roots) await scan(root, needles, Buffer.from(sandbox.baseUrl), found);
    for (const f of exported) assert.ok(existsSync(f));
    console.log(`      secrets: ${found.files} files (${(found.bytes / 1e6).toFixed(1)} MB) searched, ${found.hits.length} with the token`);
    assert.deepEqual(found.hits, [], 'files holding the token');
    assert.ok(found.files > 20, `only ${found.files} files searched`);
    // The control: the service's URL, which the journal, the log and the history export do hold, is found there.
    for (const [what, pattern] of [
      ['the decision journal', /decision-journal\.ndjson$/],
      ['the log file', /\.log$/],
      ['the history export', /history\.csv$/],
    ] as const) {
      assert.ok(found.control.some((f) => pattern.test(f)), `the search did not read ${what}: ${JSON.stringify(found.control)}`);
    }
  });
});
