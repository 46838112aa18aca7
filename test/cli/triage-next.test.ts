// The headless triage loop against the sandbox over HTTP: `triage --next N` asks the review queue's
// next questions as NDJSON, `approve|reject --ids` answers them into the journal with the group and
// audit draw each was asked as, and the next triage learns from exactly those answers.
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Recommendation } from '../../src/api/model';
import { readJournal } from '../../src/curation/journal';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { runCliCaptured } from '../support/run-cli';

interface Question extends Recommendation {
  triage: { group: string; pattern: string; why: string; audit?: number; flags: string[]; lead?: true };
}

describe('CLI: triage --next and the answers through --ids', function () {
  this.timeout(120_000);
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  let dir: string;

  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 31, locations: 300, events: 0, integrations: 4, autoMergeThreshold: 2 });
    env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
    dir = await mkdtemp(join(tmpdir(), 'dedup-triage-next-'));
  });
  after(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('asks pending recommendations of open groups, each with its group and why; the answers teach the next triage', async () => {
    const journal = join(dir, 'journal.ndjson');
    const asked = await runCliCaptured(['triage', '--next', '12', '--journal', journal], env);
    assert.equal(asked.code, 0, asked.err);
    const questions = asked.out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Question);
    assert.equal(questions.length, 12);
    assert.equal(new Set(questions.map((q) => q['@id'])).size, 12);
    const report = JSON.parse((await runCliCaptured(['triage', '--format', 'json'], env)).out) as { groups: { group: string; safe: string }[] };
    const groups = new Map(report.groups.map((g) => [g.group, g]));
    const pending = new Set((JSON.parse((await runCliCaptured(['recommendations', '--all', '--format', 'json'], env)).out) as Recommendation[]).map((r) => r['@id']));
    for (const q of questions) {
      assert.ok(pending.has(q['@id']), `${q['@id']} is not pending`);
      assert.equal(groups.get(q.triage.group)?.safe, '', `${q.triage.group} is not an open group`);
      assert.ok(['group', 'audit'].includes(q.triage.why));
      // An audit draw is answered blind: no score to anchor the answer.
      assert.equal('score' in q, q.triage.why !== 'audit');
      assert.ok(q.entities.length >= 2);
    }
    // The curator answers: the higher-scored half approved, the rest rejected.
    const approve = questions.filter((q) => (q.score ?? 0) >= 0.5);
    const reject = questions.filter((q) => (q.score ?? 0) < 0.5);
    await writeFile(join(dir, 'approve.ndjson'), approve.map((q) => JSON.stringify(q)).join('\n'));
    await writeFile(join(dir, 'reject.ndjson'), reject.map((q) => JSON.stringify(q)).join('\n'));
    for (const [verdict, file] of [['approve', 'approve.ndjson'], ['reject', 'reject.ndjson']] as const) {
      const r = await runCliCaptured([verdict, '--ids', join(dir, file), '--journal', journal], env);
      assert.ok([0, 5].includes(r.code), r.err);
    }
    const { entries } = await readJournal(journal);
    for (const q of questions) {
      const e = entries.find((x) => x.id === q['@id']);
      assert.ok(e, `${q['@id']} was not journalled`);
      assert.deepEqual(e.triage?.flags ?? [], q.triage.flags);
    }
    const applied = entries.filter((e) => e.outcome === 'ok').length;
    const learnt = JSON.parse((await runCliCaptured(['triage', '--journal', journal, '--format', 'json'], env)).out) as { labels: number };
    assert.equal(learnt.labels, applied);
    // The next questions are others.
    const again = (await runCliCaptured(['triage', '--next', '12', '--journal', journal], env)).out.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as Question)['@id']);
    for (const id of again) assert.ok(!questions.some((q) => q['@id'] === id), `${id} was asked twice`);
  });

  it("an audit draw's number goes into the journal with its answer; a malformed triage member is refused", async () => {
    const [rec] = JSON.parse((await runCliCaptured(['recommendations', '--page-size', '1', '--format', 'json'], env)).out) as Recommendation[];
    const { score: _s, ...blind } = rec;
    const line = { ...blind, triage: { group: 'location:any', pattern: 'any', why: 'audit', audit: 3, flags: ['chain'] } };
    const journal = join(dir, 'journal-audit.ndjson');
    const r = await runCliCaptured(['reject', '--ids', '-', '--journal', journal], env, { stdin: JSON.stringify(line) + '\n' });
    assert.equal(r.code, 0, r.err);
    const [entry] = (await readJournal(journal)).entries;
    assert.deepEqual([entry.id, entry.audit, entry.triage?.flags], [rec['@id'], 3, ['chain']]);
    const odd = await runCliCaptured(['reject', '--ids', '-'], env, { stdin: JSON.stringify({ ...blind, entities: [{ '@id': 'x', name: 7 }] }) + '\n' });
    assert.equal(odd.code, 2, odd.err);
    assert.match(odd.err, /line 1 of standard input has "entities" unlike the service's: entities\[0\]\.name: /);
    for (const triage of [{ flags: 'chain' }, { flags: [], audit: -1 }, { flags: [], lead: 'yes' }, null]) {
      const bad = await runCliCaptured(['reject', '--ids', '-'], env, { stdin: JSON.stringify({ ...blind, triage }) + '\n' });
      assert.equal(bad.code, 2, bad.err);
      assert.match(bad.err, /line 1 of standard input has (a "triage" member that is not the one 'dedup-curator triage --next' writes|an audit draw number that is not a whole number)/);
    }
  });

  it('says why nothing is asked, and refuses --next with --format or without a count', async () => {
    const noJournal = await runCliCaptured(['triage', '--next', '1'], env);
    assert.equal(noJournal.code, 0, noJournal.err);
    assert.match(noJournal.err, /without --journal the answers to these teach the next triage nothing/);
    for (const [args, why] of [
      [['triage', '--next', '0'], /--next must be a whole number of recommendations, at least 1, got "0"/],
      [['triage', '--next', 'ten'], /--next must be a whole number/],
      [['triage', '--next', '3', '--format', 'json'], /--next writes NDJSON, one recommendation a line: leave out --format/],
    ] as const) {
      const r = await runCliCaptured([...args], env);
      assert.equal(r.code, 2);
      assert.match(r.err, why);
    }
    const empty = await startSandbox({ port: 0, locations: 0, events: 0 });
    try {
      const r = await runCliCaptured(['triage', '--next', '5', '--journal', join(dir, 'j-empty.ndjson')], { DEDUP_BASE_URL: empty.baseUrl, DEDUP_TOKEN: empty.token });
      assert.deepEqual([r.code, r.out], [0, '']);
      assert.match(r.err, /nothing pending: nothing to ask/);
    } finally {
      await empty.close();
    }
    assert.equal(await readFile(join(dir, 'j-empty.ndjson'), 'utf8').catch(() => 'absent'), 'absent', 'asking wrote no journal');
  });
});
