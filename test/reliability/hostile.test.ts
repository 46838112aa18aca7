// The hostile corpus (test/support/hostile-corpus.ts) through every surface outside VS Code: the
// sandbox serves it (imported as --load does), the client reads it, the CLI writes it in every
// format, the export core writes it to files, the decision history exports it, the location and
// event panels render every hostile record, and the comparison
// panel (and the review queue, the same page) renders it in headless chromium with and without its CSP — no script runs, no link other
// than http(s) exists, no CSV cell is a formula. Raw answers with what an importer would normalise
// (deep unknown members, numbers as text, nulls everywhere) come from a scripted server.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import type { Event, Location, Recommendation } from '../../src/api/model';
import { attemptDecision } from '../../src/curation/decide';
import { exportRecords } from '../../src/curation/export';
import { exportJournal } from '../../src/curation/journal-export';
import { DecisionJournal, journalConnection } from '../../src/curation/journal';
import { PAIR_SCORING } from '../../src/triage/pair-scoring';
import { comparisonView } from '../../src/extension/panels/comparison-view-model';
import { eventView } from '../../src/extension/panels/event-view';
import { locationView } from '../../src/extension/panels/location-view';
import { parseNdjson } from '../../src/sandbox/load-ndjson';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { ALL_STRING_PAYLOADS, FORMULA_PAYLOADS, hostileAnswers, hostileNdjson } from '../support/hostile-corpus';
import { runCliCaptured } from '../support/run-cli';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';
import { CHROMIUM, openPanel, recorded, send, startHarness } from '../webview/page';
import { OPTIONS } from '../webview/record-fixtures';
import { openRecordPage, recordRecorded, sendRecord, startRecordHarness } from '../webview/record-page';
import { assertSafeCsv } from './hostile-checks';
import { writeDocSection } from './report';

const EPOCH = '1970-01-01T00:00:00.000Z';
const KINDS = ['recommendations', 'locations', 'events'] as const;
type Kind = (typeof KINDS)[number];
const FORMATS = ['ndjson', 'json', 'csv'] as const;
const tried = new Map<string, number>();
/** The list whose CSV must hold every formula payload as a whole cell (locations: postal code, locality, country). */
let defusedIn: unknown[] | undefined;
const count = (surface: string, n: number) => tried.set(surface, (tried.get(surface) ?? 0) + n);

async function everything(client: DedupClient): Promise<Record<Kind, unknown[]>> {
  const out: Record<Kind, unknown[]> = { recommendations: [], locations: [], events: [] };
  for await (const r of client.allRecommendations({ pageSize: 200 })) out.recommendations.push(r);
  for await (const l of client.allLocations({ updatedSince: EPOCH, pageSize: 500 })) out.locations.push(l);
  for await (const e of client.allEvents({ updatedSince: EPOCH, pageSize: 500 })) out.events.push(e);
  return out;
}

/** The text of one format holds exactly the records (ndjson, json) or safe rows (csv). */
function assertOutput(format: (typeof FORMATS)[number], text: string, records: unknown[]): void {
  if (format === 'ndjson') {
    const lines = text.split('\n').filter(Boolean);
    assert.deepEqual(lines.map((l) => JSON.parse(l) as unknown), JSON.parse(JSON.stringify(records)));
  } else if (format === 'json') assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(records)));
  else {
    const rows = assertSafeCsv(text, records.length);
    const cells = new Set(rows.flat());
    // Where a formula payload is a whole cell, it is there defused with a leading quote.
    for (const f of FORMULA_PAYLOADS) assert.ok(!cells.has(f), `${JSON.stringify(f)} left as it is`);
    if (records === defusedIn) for (const f of FORMULA_PAYLOADS) assert.ok(cells.has(`'${f}`), `${JSON.stringify(f)} not found defused`);
  }
}

describe('reliability: the hostile corpus', function () {
  this.timeout(120_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  let all: Record<Kind, unknown[]>;
  let dir: string;

  before(async () => {
    const { records, errors } = parseNdjson(hostileNdjson());
    assert.deepEqual(errors, [], 'the corpus imports without errors');
    sandbox = await startSandbox({ port: 0, locations: 0, events: 0, records, autoMergeThreshold: 2 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    all = await everything(client);
    defusedIn = all.locations;
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-hostile-'));
  });
  after(async () => {
    await sandbox?.close();
    await rm(dir, { recursive: true, force: true });
    const rows = [...tried].map(([surface, n]) => [surface, String(n)]);
    writeDocSection('hostile', `| surface | hostile records or cases |\n| --- | --- |\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n\nIn all: **${[...tried.values()].reduce((a, b) => a + b, 0)}** hostile cases, all handled.`);
  });

  it('the sandbox serves every hostile record and the client reads them unchanged', () => {
    const stats = sandbox.store.stats();
    assert.equal(all.locations.length, stats.locations);
    assert.equal(all.events.length, stats.events);
    assert.ok(all.recommendations.length >= 10, `${all.recommendations.length} recommendations`);
    const text = JSON.stringify(all);
    for (const p of ALL_STRING_PAYLOADS) assert.ok(text.includes(JSON.stringify(p).slice(1, -1)), `${JSON.stringify(p)} did not come through`);
    assert.ok((all.events as { description?: string }[]).some((e) => (e.description?.length ?? 0) > 1_000_000), 'the 1 MB string came through');
    count('served by the sandbox and read by the client', all.recommendations.length + all.locations.length + all.events.length);
  });

  for (const kind of KINDS) {
    for (const format of FORMATS) {
      it(`the CLI writes every hostile ${kind} as ${format}`, async () => {
        const args = [kind, '--all', '--format', format, ...(kind === 'recommendations' ? [] : ['--updated-since', EPOCH])];
        const r = await runCliCaptured(args, { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token });
        assert.equal(r.code, 0, r.err);
        assert.equal(r.err, '');
        assertOutput(format, r.out, all[kind]);
        count(`CLI --format ${format}`, all[kind].length);
      });

      it(`the export core writes every hostile ${kind} to a .${format} file`, async () => {
        const file = path.join(dir, `${kind}.${format}`);
        const spec = kind === 'recommendations' ? { kind } : { kind, params: { updatedSince: EPOCH } };
        const result = await exportRecords(client, spec as never, file);
        assert.equal(result.written, all[kind].length);
        assertOutput(format, await readFile(file, 'utf8'), all[kind]);
        count(`export to .${format}`, all[kind].length);
      });
    }
  }

  it('the decision history of hostile recommendations exports as safe CSV', async () => {
    const journal = new DecisionJournal(path.join(dir, 'journal.ndjson'));
    const recs = all.recommendations as Recommendation[];
    for (const r of recs.slice(0, 6)) await attemptDecision(client, r, 'reject', { journal, connection: journalConnection(sandbox.baseUrl, '<b>x</b> =1+1') });
    const { entries } = await journal.read();
    await journal.close();
    const file = path.join(dir, 'history.csv');
    assert.equal(await exportJournal(entries, file), entries.length);
    assertSafeCsv(await readFile(file, 'utf8'), entries.length);
    count('decision history CSV', entries.length);
  });

  describe('raw hostile answers (deep unknown members, numbers as text, nulls)', () => {
    let srv: ScriptedServer;
    const answers = hostileAnswers();
    before(async () => {
      srv = await scriptedServer((q, res) => {
        const kind = q.url.endsWith('/locations') ? 'locations' : q.url.endsWith('/events') ? 'events' : 'recommendations';
        json(res, 200, answers[kind]);
      });
    });
    after(() => srv.close());

    it('the client turns them into typed records; nothing is polluted', async () => {
      const raw = await everything(new DedupClient({ baseUrl: srv.baseUrl, token: 't' }));
      assert.equal(raw.recommendations.length, ALL_STRING_PAYLOADS.length);
      for (const r of raw.recommendations as Recommendation[]) assert.equal(typeof r.score, 'number');
      for (const e of raw.events as { minimumPrice: unknown; maximumPrice: unknown }[]) assert.deepEqual([e.minimumPrice, e.maximumPrice], [1.5, 20]);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      count('raw answers read by the client', raw.recommendations.length + raw.locations.length + raw.events.length);
    });

    for (const format of FORMATS) {
      it(`the CLI writes them as ${format}`, async () => {
        for (const kind of KINDS) {
          const r = await runCliCaptured([kind, '--format', format, '--base-url', srv.baseUrl, ...(kind === 'recommendations' ? [] : ['--updated-since', EPOCH])], { DEDUP_TOKEN: 't' });
          assert.equal(r.code, 0, r.err);
          const n = ALL_STRING_PAYLOADS.length;
          if (format === 'csv') assertSafeCsv(r.out, n);
          else assert.equal(format === 'json' ? (JSON.parse(r.out) as unknown[]).length : r.out.trimEnd().split('\n').length, n);
          count(`raw answers, CLI --format ${format}`, n);
        }
      });
    }
  });

  describe('the comparison panel in headless chromium', () => {
    before(function () {
      if (!existsSync(CHROMIUM)) this.skip();
    });

    for (const csp of [true, false]) {
      it(`renders every hostile recommendation ${csp ? 'under its CSP' : 'without its CSP (the renderer alone)'}: no script runs, only http(s) links`, async () => {
        const raw = (hostileAnswers(50).recommendations as { data: { '@graph': Recommendation[] } }).data['@graph'];
        const recs = [...(all.recommendations as Recommendation[]), ...raw.map((r) => ({ ...r, score: Number(r.score) }))];
        const h = await startHarness();
        try {
          const { page, errors } = await openPanel(h, { csp });
          for (const [i, r] of recs.entries()) {
            const view = comparisonView(PAIR_SCORING, r, { entityLabel: (e) => `${e.name ?? ''} ${e['@id']}` });
            // Every other one in the review queue's mode of the same page.
            const queue = { done: i, approved: i, rejected: 0, skipped: 0, remaining: recs.length - i, more: false, position: i + 1, item: 'pending', canBack: i > 0, canUndo: false } as const;
            await send(page, i % 2 ? { type: 'show', view, queue } : { type: 'show', view });
            await page.waitForFunction((id) => document.body.textContent?.includes(id.slice(0, 30)), r['@id']);
          }
          const found = await page.evaluate(() => ({
            hrefs: [...document.querySelectorAll('[href]')].filter((e) => e.tagName !== 'LINK').map((e) => e.getAttribute('href') ?? ''),
            foreign: document.querySelectorAll('iframe, svg, object, embed, img, b, style:not([nonce])').length,
          }));
          const rec = await recorded(page);
          assert.equal(rec.pwned, 0, 'a hostile payload ran');
          assert.deepEqual(errors, []);
          for (const href of found.hrefs) assert.match(href, /^https?:\/\//i, `a link to ${href}`);
          assert.equal(found.foreign, 0, 'markup from the data became elements');
          await page.close();
          count(`comparison panel and review queue in chromium (${csp ? 'CSP' : 'no CSP'})`, recs.length);
        } finally {
          await h.close();
        }
      });
    }
  });
  describe('the location and event panels in headless chromium', () => {
    before(function () {
      if (!existsSync(CHROMIUM)) this.skip();
    });

    for (const csp of [true, false]) {
      it(`render every hostile location and event ${csp ? 'under their CSP' : 'without their CSP (the renderer alone)'}: no script runs, only http(s) links`, async () => {
        const records = [
          ...(all.locations as Location[]).map((l) => ({ id: l.id, view: locationView(l, OPTIONS) })),
          ...(all.events as Event[]).map((e) => ({ id: e.id, view: eventView(e, OPTIONS) })),
        ];
        const h = await startRecordHarness();
        try {
          const { page, errors } = await openRecordPage(h, { csp, images: true });
          for (const r of records) {
            await sendRecord(page, { type: 'record', view: r.view });
            await page.waitForFunction((id) => document.querySelector('header .rec-id')?.textContent?.includes(id.slice(0, 30)), r.id);
          }
          await page.waitForTimeout(300); // time for any image error or frame load a payload might trigger
          const found = await page.evaluate(() => ({
            hrefs: [...document.querySelectorAll('[href]')].filter((e) => e.tagName !== 'LINK').map((e) => e.getAttribute('href') ?? ''),
            foreign: document.querySelectorAll('iframe, svg, object, embed, b, style:not([nonce])').length,
          }));
          const rec = await recordRecorded(page);
          assert.equal(rec.pwned, 0, 'a hostile payload ran');
          if (csp) assert.deepEqual(rec.cspViolations, [], 'something tried to run or load against the CSP');
          assert.deepEqual(errors, []);
          for (const href of found.hrefs) assert.match(href, /^https?:\/\//i, `a link to ${href}`);
          assert.equal(found.foreign, 0, 'markup from the data became elements');
          await page.close();
          count(`location and event panels in chromium (${csp ? 'CSP' : 'no CSP'})`, records.length);
        } finally {
          await h.close();
        }
      });
    }
  });
});
