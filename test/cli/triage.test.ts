// `dedup-curator triage` and `approve|reject --group` against the sandbox over HTTP, with nothing
// merged at start (the whole candidate set is the backlog): groups cover the backlog exactly, a
// group is decided only when safe or forced, its attempts go to the journal, and the journal then
// teaches the next triage.
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../../src/api/client';
import { journalConnection } from '../../src/curation/journal';
import { runEndLine, runLine } from '../../src/curation/journal-runs';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { runCliCaptured } from '../support/run-cli';

interface GroupRow {
  group: string;
  size: number;
  approved: number;
  rejected: number;
  safe: string;
  estimate: number;
}

describe('CLI: triage and group decisions', function () {
  this.timeout(120_000);
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  let client: DedupClient;

  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 11, locations: 300, events: 0, integrations: 4, autoMergeThreshold: 2 });
    env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    dir = await mkdtemp(join(tmpdir(), 'dedup-triage-cli-'));
  });
  after(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  const pendingIds = async () => {
    const ids = new Set<string>();
    for await (const r of client.allRecommendations({ pageSize: 200 })) ids.add(r['@id']);
    return ids;
  };

  it('prints groups that cover the pending backlog exactly, none safe without decisions', async () => {
    const { code, out, err } = await runCliCaptured(['triage', '--format', 'json'], env);
    assert.equal(code, 0, err);
    const report = JSON.parse(out) as { pending: number; labels: number; targetPrecision: number; targetRecall: number; recallBudget: { matchesLow: number; maxLost: number }; groups: GroupRow[] };
    // Without --target-precision the default holds (an undefined option once replaced it: nothing could be safe).
    assert.equal(report.targetPrecision, 0.99);
    assert.equal(report.targetRecall, 0.97);
    // No decision yet: no match is known, so bulk rejections may lose nothing.
    assert.deepEqual(report.recallBudget, { matchesLow: 0, maxLost: 0, lostHigh: 0 });
    const strict = JSON.parse((await runCliCaptured(['triage', '--format', 'json', '--target-recall', '0.995'], env)).out) as { targetRecall: number };
    assert.equal(strict.targetRecall, 0.995);
    const pending = await pendingIds();
    assert.ok(pending.size > 20, `a backlog of ${pending.size}`);
    assert.equal(report.pending, pending.size);
    assert.equal(report.groups.reduce((s, g) => s + g.size, 0), pending.size);
    assert.equal(report.labels, 0);
    assert.ok(report.groups.every((g) => g.safe === ''), 'a group called safe with no decision');
    const table = await runCliCaptured(['triage'], env);
    assert.equal(table.code, 0);
    assert.match(table.out, new RegExp(`^${pending.size.toLocaleString('en-US')} pending in ${report.groups.length} groups`));
    // No decision yet: the table says so rather than printing the flat prior as every group's estimate.
    assert.match(table.out, /— \(no decisions yet\)/);
    assert.doesNotMatch(table.out, /50\.0%/);
    // Nor a recall budget of "0.0 of at least 0 true matches": it says what to do first.
    assert.match(table.out, /no group is decided in bulk before your decisions estimate it: answer some first \('dedup-curator triage --next 20 --journal FILE'\)/);
    assert.doesNotMatch(table.out, /may lose up to/);
    const csv = await runCliCaptured(['triage', '--format', 'csv'], env);
    assert.equal(csv.out.trim().split('\r\n').length, report.groups.length + 1);
  });

  it('refuses a group that is not safe, an unknown group, and group options without --group', async () => {
    const report = JSON.parse((await runCliCaptured(['triage', '--format', 'json'], env)).out) as { groups: GroupRow[] };
    const key = report.groups[0].group;
    const refused = await runCliCaptured(['approve', '--group', key], env);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /does not call group .* safe to approve/);
    assert.equal((await runCliCaptured(['approve', '--group', 'location:name=nope'], env)).code, 2);
    const mixed = await runCliCaptured(['approve', 'urn:x', '--min-p', '0.5'], env);
    assert.equal(mixed.code, 2);
    assert.match(mixed.err, /--min-p goes with --group/);
    assert.equal((await runCliCaptured(['triage', '--target-precision', '2'], env)).code, 2);
    const recall = await runCliCaptured(['triage', '--target-recall', 'most'], env);
    assert.equal(recall.code, 2);
    assert.match(recall.err, /--target-recall must be a number between 0.5 and 1, got "most"/);
    assert.match((await runCliCaptured(['reject', 'urn:x', '--target-recall', '0.9'], env)).err, /--target-recall goes with --group/);
  });

  it('decides a forced group through the journal, and the next triage learns from it', async () => {
    const report = JSON.parse((await runCliCaptured(['triage', '--format', 'json'], env)).out) as { groups: GroupRow[] };
    // The largest plain group: in generated data, entities that agree on every field they carry.
    const group = report.groups.find((g) => !g.group.includes('|'))!;
    const journal = join(dir, 'journal.ndjson');
    const before = await pendingIds();
    const { code, out, err } = await runCliCaptured(['approve', '--group', group.group, '--force', '--journal', journal], env);
    assert.equal(code, 0, err);
    const result = JSON.parse(out) as { candidates: number; done: number; moot: number; failed: number };
    assert.equal(result.candidates, group.size);
    assert.equal(result.done + result.moot, result.candidates);
    assert.equal(result.failed, 0);
    const after = await pendingIds();
    assert.ok(after.size <= before.size - result.done, `pending ${before.size} → ${after.size} after ${result.done} approvals`);
    const learnt = JSON.parse((await runCliCaptured(['triage', '--journal', journal, '--format', 'json'], env)).out) as { labels: number; pending: number };
    assert.equal(learnt.labels, result.done);
    const learntTable = (await runCliCaptured(['triage', '--journal', journal], env)).out;
    assert.match(learntTable, /\d+\.\d% \[\d+\.\d%–\d+\.\d%\]/, 'with decisions the estimates are printed');
    assert.match(learntTable, /bulk rejections may lose up to \d+\.\d of at least \d+ true matches/);
    assert.equal(learnt.pending, after.size);
    // The same journal's lines as if made on another service: not this service's answers, and said so.
    const elsewhere = join(dir, 'journal-elsewhere.ndjson');
    await writeFile(elsewhere, (await readFile(journal, 'utf8')).replaceAll(sandbox.baseUrl, 'https://other.example'));
    const other = await runCliCaptured(['triage', '--journal', elsewhere, '--format', 'json'], env);
    assert.equal((JSON.parse(other.out) as { labels: number }).labels, 0);
    assert.match(other.err, /\d+ decision\(s\) of the journal were made on other services than http:\/\/127\.0\.0\.1:\d+: not used/);
  });

  it('says which bulk runs of the journal stopped before their end; an ended run and a finished group decision say nothing', async () => {
    const journal = join(dir, 'journal-runs.ndjson');
    const conn = journalConnection(sandbox.baseUrl, 'test');
    const ended = runLine(conn, 'reject', 5, 'the 5 selected');
    // Cut short: its process is gone (a pid above any kernel's pid_max).
    const cut = { ...runLine(conn, 'approve', 4901, 'group location:name=equal'), pid: 2 ** 22 + 1 };
    await writeFile(journal, [ended, runEndLine(ended), cut].map((l) => JSON.stringify(l) + '\n').join(''));
    const { code, err } = await runCliCaptured(['triage', '--journal', journal, '--format', 'json'], env);
    assert.equal(code, 0, err);
    assert.equal(err.match(/stopped before its end/g)?.length, 1, err);
    assert.match(err, /the journal's bulk approve of 4901 \(group location:name=equal\) on http:\/\/127\.0\.0\.1:\d+ stopped before its end at .*: 0 attempted, 4901 never sent/);
  });

  it('a journal that is a directory is refused in words, before any request', async () => {
    const { code, out, err } = await runCliCaptured(['triage', '--journal', dir], env);
    assert.equal(code, 2);
    assert.equal(out, '');
    assert.match(err, new RegExp(`cannot read the journal ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: it is a directory, not a file`));
  });
});
