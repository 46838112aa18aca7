// The token when a service echoes it back or redirects (issue 14.1 and 14.2), inside the real VS
// Code: an echoing service (a 200 list whose member that fails validation holds "Bearer <token>", a
// 200 that is not JSON and holds it, a 500 with the request in base64, `{"success": "<token>"}` on
// approve) and a redirecting one (302 to another 127.0.0.1 port, for lists and decisions). After the
// extension lists and approves against both, the token, in clear or in base64, is in none of: the
// extension's output channel log (its files), the notifications it showed, the views' messages, the
// decision journal (its file and its export), the comparison panel's HTML; and the other origin got
// no request with it.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Recommendation } from '../../src/api/model';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { ComparisonPanel } from '../../src/extension/panels/comparison-panel';
import { journalEntries, recordNode, tempDir } from './curation-helpers';
import { curatorApi, logWritten, settled, waitFor } from './helpers';
import { type ShownMessage, capturingNotifications } from './messages';

const TOKEN = `echo-${randomBytes(18).toString('base64url')}`;

const RECORD: Recommendation = {
  '@id': 'urn:r:echo-1',
  score: 0.93,
  entities: [
    { '@id': 'urn:l:echo-a', name: 'Echo Hall A' },
    { '@id': 'urn:l:echo-b', name: 'Echo Hall B' },
  ],
} as unknown as Recommendation;

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

/** A server on 127.0.0.1 whose handler the test sets; it records each request's path and Authorization. */
class Service {
  handler: Handler = (_q, _b, res) => res.end();
  seen: { url: string; authorization: string | undefined }[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
      this.handler(req, Buffer.concat(chunks).toString('utf8'), res);
    });
  });
  baseUrl = '';
  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const tokenOf = (req: http.IncomingMessage) => (req.headers.authorization ?? '').replace(/^Bearer /, '');

/** Healthy answers: one recommendation, one location, no events; approve succeeds. */
const healthy: Handler = (req, _body, res) => {
  const url = req.url ?? '';
  if (/\/(approve|reject)$/.test(url)) return json(res, 200, { success: true });
  if (url.endsWith('recommended-deduplications')) return json(res, 200, { page: 0, has_next_page: false, total: 1, data: [RECORD] });
  if (url.endsWith('/locations')) return json(res, 200, { page: 0, has_next_page: false, data: [{ id: 'urn:l:echo-a', name: 'Echo Hall A' }] });
  return json(res, 200, { page: 0, has_next_page: false, data: [] });
};

/** The lists echo the request: in a member that fails validation, as text, in base64 in a 500. */
const echoingLists: Handler = (req, body, res) => {
  const url = req.url ?? '';
  const auth = req.headers.authorization ?? '';
  if (url.endsWith('recommended-deduplications')) return json(res, 200, { page: 0, has_next_page: auth, total: 1, data: [] });
  if (url.endsWith('/locations')) {
    res.writeHead(200, { 'content-type': 'text/plain' });
    return res.end(`you sent: Authorization: ${auth}`);
  }
  const request = Buffer.from(`POST ${url}\r\nAuthorization: ${auth}\r\n\r\n${body}`).toString('base64');
  return json(res, 500, { error: { code: 'internal', message: `request was ${request}` } });
};

/** Lists healthy; approve answers 200 with the token as `success`. */
const echoingApprove: Handler = (req, body, res) => {
  if ((req.url ?? '').endsWith('/approve')) return json(res, 200, { success: tokenOf(req) });
  return healthy(req, body, res);
};

/** Every place the token could show up in text: the text itself, and each run of base64 in it decoded. */
function leaks(text: string): boolean {
  if (text.includes(TOKEN)) return true;
  for (const run of text.match(/[A-Za-z0-9+/_-]{8,}={0,2}/g) ?? []) {
    // Every alignment: a base64 run inside a longer text may start mid-group.
    for (let cut = 0; cut < 4; cut++) {
      const part = run.slice(cut);
      for (const enc of ['base64', 'base64url'] as const) if (Buffer.from(part, enc).toString('latin1').includes(TOKEN)) return true;
    }
  }
  return false;
}

async function logFiles(dir: string, out: string[] = []): Promise<string[]> {
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await logFiles(p, out);
    else if (e.isFile() && (e.name.endsWith('.log') || e.name.endsWith('.ndjson'))) out.push(p);
  }
  return out;
}

describe('Secrets: a service that echoes the token, or redirects', function () {
  this.timeout(180_000);
  let api: DedupCuratorApi;
  const echo = new Service();
  const redirecting = new Service();
  const elsewhere = new Service();
  const ECHO = 'Echoing service';
  const REDIRECT = 'Redirecting service';
  let dir: string;

  before(async () => {
    api = await curatorApi();
    dir = await tempDir('dedup-echo-');
    await Promise.all([echo.start(), redirecting.start(), elsewhere.start()]);
    elsewhere.handler = healthy;
    redirecting.handler = (req, _body, res) => {
      res.writeHead(302, { location: `${elsewhere.baseUrl}${req.url ?? '/'}` });
      res.end();
    };
  });
  after(async () => {
    for (const name of [ECHO, REDIRECT]) if (api.session.connections().some((c) => c.name === name)) await vscode.commands.executeCommand('dedupCurator.removeConnection', name);
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    await settled(api);
    await Promise.all([echo.stop(), redirecting.stop(), elsewhere.stop()]);
  });

  async function connect(name: string, baseUrl: string): Promise<void> {
    await vscode.commands.executeCommand('dedupCurator.addConnection', { name, baseUrl });
    await api.session.tokens.set(baseUrl, TOKEN);
    await waitFor('the ready state', () => api.session.state.kind === 'ready' && api.session.active?.name === name);
    await settled(api);
  }

  const viewMessages = () => [api.recommendations, api.locations, api.events].map((l) => l.view?.message ?? '');

  it('is in no log line, notification, view message, journal entry or panel HTML, and never sent elsewhere', async () => {
    const texts: [string, string][] = [];
    const shown = await capturingNotifications(async (shown: ShownMessage[]) => {
      // 1. The lists echo it: every view fails, with a message.
      echo.handler = echoingLists;
      await connect(ECHO, echo.baseUrl);
      await waitFor('the three views to say they failed', () => viewMessages().every((m) => /Could not load/.test(m)), 30_000);
      for (const m of viewMessages()) texts.push(['view message (echoing lists)', m]);

      // 2. The lists heal; approve answers {"success": "<token>"}: not what the interface promises.
      echo.handler = echoingApprove;
      await vscode.commands.executeCommand('dedupCurator.refresh');
      await settled(api);
      await waitFor('the recommendation of the echoing service', () => api.recommendations.shown().length === 1);
      await vscode.commands.executeCommand('dedupCurator.approve', recordNode(api.recommendations.shown()[0]));
      const panel = await vscode.commands.executeCommand<ComparisonPanel>('dedupCurator.openComparison', RECORD);
      await waitFor('the comparison page to say ready', () => panel.view.isReady, 30_000);
      texts.push(['comparison panel HTML', panel.view.panel.webview.html]);
      panel.view.panel.dispose();

      // 3. The redirecting service: lists and the decision are sent a 302 to another origin.
      await connect(REDIRECT, redirecting.baseUrl);
      await waitFor('the views to say they failed', () => viewMessages().every((m) => /Could not load/.test(m)), 30_000);
      for (const m of viewMessages()) texts.push(['view message (redirect)', m]);
      await vscode.commands.executeCommand('dedupCurator.approve', recordNode(RECORD));
      await settled(api);
      return shown;
    });

    // The decisions, as the journal has them: the echoed success is "unknown", the redirect "failed".
    const entries = await journalEntries(dir);
    const echoed = entries.filter((e) => e.connection.label === ECHO);
    const redirected = entries.filter((e) => e.connection.label === REDIRECT);
    assert.ok(echoed.some((e) => e.outcome === 'unknown'), `echoing approve: ${JSON.stringify(echoed)}`);
    assert.ok(redirected.some((e) => e.outcome === 'failed'), `redirected approve: ${JSON.stringify(redirected)}`);
    texts.push(['decision history export', JSON.stringify(entries)]);

    // Nothing reached the other origin with the token; the decision did not reach it at all.
    assert.ok(redirecting.seen.some((r) => r.url.endsWith('/approve')), 'the approve reached the redirecting service');
    assert.deepEqual(elsewhere.seen.filter((r) => r.authorization !== undefined), [], 'requests that carried the token to the other origin');
    assert.deepEqual(elsewhere.seen.filter((r) => /approve|reject/.test(r.url)), [], 'decisions sent to the other origin');

    // What the user was told.
    assert.ok(shown.length >= 2, `notifications were shown (${shown.length}): the search had something to read`);
    for (const m of shown) texts.push([`notification "${m.text.slice(0, 60)}"`, [m.text, ...m.items].join('\n')]);

    // The files: the output channel's log and the journal, as VS Code and the extension wrote them.
    const configHome = process.env.XDG_CONFIG_HOME;
    const runDir = configHome ? path.resolve(configHome, '..', '..') : undefined;
    assert.ok(runDir && existsSync(path.join(runDir, 'ud')), `the harness's run folder was not found (XDG_CONFIG_HOME=${configHome})`);
    await logWritten(api, runDir);
    const files = await logFiles(runDir);
    let controlled = false;
    for (const f of files) {
      const text = await readFile(f, 'utf8').catch(() => '');
      texts.push([f, text]);
      // The control: the extension's log holds the echoing service's failed calls, so the search read it.
      if (/recommended-deduplications\/approve/.test(text) && /\.log$/.test(f)) controlled = true;
    }
    assert.ok(controlled, `no log file with the extension's requests among ${files.length} files`);
    assert.ok(files.some((f) => f.endsWith('decision-journal.ndjson')), 'the journal file was not found');

    const leaked = texts.filter(([, text]) => leaks(text)).map(([where]) => where);
    console.log(`      token echo: ${texts.length} texts searched (${shown.length} notifications, ${files.length} files), ${leaked.length} with the token`);
    assert.deepEqual(leaked, [], 'where the token was found');
  });
});
