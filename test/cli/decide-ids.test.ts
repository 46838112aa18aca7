// `dedup-curator approve|reject --ids FILE|-` against the sandbox over HTTP: a pipeline's list of
// recommendations decided with one outcome line each, a bad list refused before any request, Ctrl-C
// naming what was never sent (and a group decision interrupted the same way), and a journal that
// teaches triage only from the lines that carried the recommendation.
import * as assert from 'node:assert/strict';
import { watch } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../../src/api/client';
import type { Recommendation } from '../../src/api/model';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { startRevokingProxy } from '../support/revoking-proxy';
import { runCliCaptured } from '../support/run-cli';

interface OutcomeLine {
  id: string;
  decision: string;
  error?: string;
}

const lines = (text: string) => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as OutcomeLine);

describe('CLI: approve|reject --ids', function () {
  this.timeout(120_000);
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  let client: DedupClient;
  const pending = async () => {
    const recs: Recommendation[] = [];
    for await (const r of client.allRecommendations({ pageSize: 200 })) recs.push(r);
    return recs;
  };

  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 23, locations: 400, events: 0, integrations: 4, autoMergeThreshold: 2, faults: 'latency=5-20ms' });
    env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    dir = await mkdtemp(join(tmpdir(), 'dedup-ids-cli-'));
  });
  after(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("decides the recommendations piped from the CLI's own listing, one outcome line each, journalled with their fields", async () => {
    const listed = await runCliCaptured(['recommendations', '--all'], env);
    const picked = listed.out.split('\n').filter(Boolean).slice(0, 12);
    const ids = picked.map((l) => (JSON.parse(l) as Recommendation)['@id']);
    const journal = join(dir, 'journal-ndjson.ndjson');
    const { code, out, err } = await runCliCaptured(['reject', '--ids', '-', '--journal', journal], env, { stdin: picked.join('\n') + '\n' });
    assert.equal(code, 0, err);
    const outcome = lines(out);
    assert.deepEqual(outcome.map((o) => o.id).sort(), [...ids].sort());
    assert.ok(outcome.every((o) => o.decision === 'rejected'), out);
    const left = new Set((await pending()).map((r) => r['@id']));
    for (const id of ids) assert.ok(!left.has(id), `${id} is still pending`);
    // The journal kept each one's entities: the next triage learns from all twelve.
    const learnt = JSON.parse((await runCliCaptured(['triage', '--journal', journal, '--format', 'json'], env)).out) as { labels: number };
    assert.equal(learnt.labels, 12);
  });

  it('bare IDs: repeats decided once, blank and # lines skipped, an unknown ID failed in its line and in the exit code; no labels from IDs alone', async () => {
    const [a, b] = (await pending()).map((r) => r['@id']);
    const file = join(dir, 'ids.txt');
    // Saved by a Windows editor: a byte-order mark, CRLF line ends.
    await writeFile(file, `\uFEFF${a}\r\n# chosen by hand\r\n\r\n${b}\r\n${a}\r\nurn:dedup-sandbox:recommendation:none\r\n`);
    const journal = join(dir, 'journal-bare.ndjson');
    const { code, out, err } = await runCliCaptured(['approve', '--ids', file, '--journal', journal, '--concurrency', '1'], env);
    assert.equal(code, 5, err);
    const byId = new Map(lines(out).map((o) => [o.id, o]));
    assert.equal(byId.size, 3);
    assert.equal(byId.get(a)?.decision, 'approved');
    // b may have been merged away by a's approval: moot then, never a failure.
    assert.ok(['approved', 'moot'].includes(byId.get(b)!.decision), out);
    assert.deepEqual([byId.get('urn:dedup-sandbox:recommendation:none')?.decision, byId.get('urn:dedup-sandbox:recommendation:none')?.error], ['failed', 'not-found']);
    assert.match(err, /1 repeated ID\(s\) in .*ids\.txt: each decided once/);
    assert.match(err, /1 approval failed: not found \(not-found\)/);
    const learnt = JSON.parse((await runCliCaptured(['triage', '--journal', journal, '--format', 'json'], env)).out) as { labels: number };
    assert.equal(learnt.labels, 0, 'a decision from a bare ID carries no fields to learn from');
  });

  it('a bad line stops the command with its number before any request', async () => {
    const before = (await pending()).map((r) => r['@id']);
    for (const [bad, why] of [
      ['two words', /line 3 of standard input is not one recommendation ID \(it holds spaces\)/],
      ['{"@id": 5}', /line 3 of standard input is a JSON value without a recommendation "@id"/],
      ['{"@id": "x"', /line 3 of standard input starts like JSON but is not valid JSON/],
      ['id,score,entity_count,entity_ids', /line 3 of standard input is the header of a CSV listing/],
    ] as const) {
      const { code, out, err } = await runCliCaptured(['approve', '--ids', '-'], env, { stdin: `${before[0]}\n${before[1]}\n${bad}\n` });
      assert.equal(code, 2, err);
      assert.equal(out, '');
      assert.match(err, why);
    }
    assert.deepEqual((await pending()).map((r) => r['@id']), before, 'nothing was decided');
    const empty = await runCliCaptured(['approve', '--ids', '-'], env, { stdin: '\n# nothing\n' });
    assert.deepEqual([empty.code, empty.out], [0, '']);
    assert.match(empty.err, /no recommendation IDs in standard input: nothing decided/);
    const missing = await runCliCaptured(['approve', '--ids', join(dir, 'absent.txt')], env);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /cannot read .*absent\.txt: no such file/);
    const both = await runCliCaptured(['approve', before[0], '--ids', '-'], env);
    assert.match(both.err, /give one of a recommendation ID, --group or --ids, not a recommendation ID and --ids/);
  });

  it('Ctrl-C: no new request, every ID accounted for, the unsent ones still pending, exit 130', async () => {
    const ids = (await pending()).map((r) => r['@id']).slice(0, 60);
    const interrupt = new AbortController();
    const { code, out, err } = await runCliCaptured(['reject', '--ids', '-', '--concurrency', '2'], env, {
      stdin: ids.join('\n'),
      onStdoutLine: () => interrupt.abort(),
      signal: interrupt.signal,
    });
    assert.equal(code, 130, err);
    const outcome = lines(out);
    assert.deepEqual(outcome.map((o) => o.id).sort(), [...ids].sort(), 'one line for each ID');
    const notSent = outcome.filter((o) => o.decision === 'not-sent').map((o) => o.id);
    const rejected = outcome.filter((o) => o.decision === 'rejected').length;
    assert.equal(rejected + notSent.length, ids.length, out);
    assert.ok(notSent.length > 0, 'the interrupt came before the end');
    const left = new Set((await pending()).map((r) => r['@id']));
    for (const id of notSent) assert.ok(left.has(id), `${id} was said never sent but is no longer pending`);
    assert.match(err, new RegExp(`interrupted: ${rejected} rejected, ${notSent.length.toLocaleString('en-US')} rejections never sent \\(still pending\\)`));
  });

  it('a token refused half way stops the list and the group decision: the rest never sent, exit 3', async () => {
    const proxy = await startRevokingProxy(sandbox.baseUrl);
    try {
      const viaProxy = { DEDUP_BASE_URL: proxy.baseUrl, DEDUP_TOKEN: sandbox.token };
      const ids = (await pending()).map((r) => r['@id']).slice(0, 80);
      proxy.revokeAfterDecisions(proxy.forwardedDecisions + 5);
      const { code, out, err } = await runCliCaptured(['reject', '--ids', '-', '--concurrency', '2'], viaProxy, { stdin: ids.join('\n') });
      assert.equal(code, 3, err);
      const outcome = lines(out);
      assert.deepEqual(outcome.map((o) => o.id).sort(), [...ids].sort(), 'one line for each ID');
      const refused = outcome.filter((o) => o.error === 'invalid-token').length;
      const notSent = outcome.filter((o) => o.decision === 'not-sent').map((o) => o.id);
      assert.equal(outcome.filter((o) => o.decision === 'rejected').length, 5);
      // Only the requests already in flight when the first 401 came back were refused.
      assert.ok(refused >= 1 && refused <= 2, `${refused} refused`);
      assert.equal(notSent.length, ids.length - 5 - refused);
      assert.match(err, new RegExp(`the service refused the access token \\(401\\): stopped; 5 rejected, ${notSent.length} never sent \\(still pending\\)`));
      const left = new Set((await pending()).map((r) => r['@id']));
      for (const id of notSent) assert.ok(left.has(id), `${id} was said never sent but is no longer pending`);

      const report = JSON.parse((await runCliCaptured(['triage', '--format', 'json'], env)).out) as { groups: { group: string; size: number }[] };
      const group = [...report.groups].sort((x, y) => y.size - x.size)[0];
      proxy.revokeAfterDecisions(proxy.forwardedDecisions + 3);
      const g = await runCliCaptured(['reject', '--group', group.group, '--force'], viaProxy);
      assert.equal(g.code, 3, g.err);
      const result = JSON.parse(g.out) as { candidates: number; done: number; notSent: number; failed: number };
      assert.equal(result.done, 3);
      assert.ok(result.notSent >= group.size - 3 - 8, g.out);
      assert.match(g.err, /the service refused the access token \(401\): stopped; 3 rejected, [\d,]+ never sent/);
    } finally {
      await proxy.close();
    }
  });

  it('Ctrl-C during a group decision: exit 130 and the count never sent, not a success', async () => {
    const report = JSON.parse((await runCliCaptured(['triage', '--format', 'json'], env)).out) as { groups: { group: string; size: number }[] };
    const group = [...report.groups].sort((x, y) => y.size - x.size)[0];
    const journal = join(dir, 'journal-group.ndjson');
    await writeFile(journal, '');
    const interrupt = new AbortController();
    // The first outcome journalled is the moment the curator presses Ctrl-C.
    const watcher = watch(journal, () => {
      void readFile(journal, 'utf8').then((t) => t.includes('"type":"outcome"') && interrupt.abort());
    });
    try {
      const { code, out, err } = await runCliCaptured(['reject', '--group', group.group, '--force', '--journal', journal], env, { signal: interrupt.signal });
      assert.equal(code, 130, err);
      const result = JSON.parse(out) as { candidates: number; done: number; moot: number; failed: number; notSent: number };
      assert.ok(result.notSent > 0, out);
      assert.equal(result.done + result.moot + result.failed + result.notSent, result.candidates, out);
      assert.match(err, /interrupted: \d+ rejected, [\d,]+ rejections never sent \(still pending\)/);
    } finally {
      watcher.close();
    }
  });
});
