// The fault matrix: each of the five operations against each fault (test/reliability/faults.ts),
// over real HTTP on 127.0.0.1. Per cell: the client's typed error, the CLI's exit code and its one
// line on stderr (no stack trace, no token), how many requests the server saw (list calls retried
// only after the retryable faults, approve/reject exactly once), and for decisions the journal's
// outcome. With DEDUP_RELIABILITY_REPORT=1 the results become the matrix in docs/reliability.md.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { attemptDecision } from '../../src/curation/decide';
import { DecisionJournal, journalConnection } from '../../src/curation/journal';
import { runCliCaptured } from '../support/run-cli';
import { type ScriptedServer, closedPort, scriptedServer } from '../support/scripted-server';
import { BIG_RECORDS, FAULTS, type Fault, OPERATIONS, type OperationName, isDecision } from './faults';
import { markdownTable, writeDocSection } from './report';

const TOKEN = 'matrix-Secret-token-7f3a';
// What an echo in base64 would show if it were not masked: the token's base64 in the three alignments.
const TOKEN_FORMS = [TOKEN, ...[0, 1, 2].map((k) => Buffer.concat([Buffer.alloc(k), Buffer.from(TOKEN)]).toString('base64').slice(k + 1, -2))];
const leaks = (text: string) => TOKEN_FORMS.some((f) => text.includes(f));
const EPOCH = '1970-01-01T00:00:00.000Z';
const CLI_RETRIES = 1;
const RETRY_NOTICE = /; retrying in /;

function cliArgs(op: OperationName): string[] {
  switch (op) {
    case 'recommendations':
      return ['recommendations'];
    case 'locations':
    case 'events':
      return [op, '--updated-since', EPOCH];
    default:
      return [op, `urn:r:cli-${op}`];
  }
}

function call(client: DedupClient, op: OperationName): Promise<unknown> {
  switch (op) {
    case 'recommendations':
      return client.listRecommendations();
    case 'locations':
      return client.listLocations({ updatedSince: EPOCH });
    case 'events':
      return client.listEvents({ updatedSince: EPOCH });
    default:
      return client[op](`urn:r:direct-${op}`);
  }
}

interface Cell {
  op: OperationName;
  fault: string;
  passed: boolean;
}

describe('reliability: the fault matrix (5 operations × 17 faults, client, CLI, journal)', function () {
  this.timeout(60_000);
  const cells: Cell[] = [];
  let dir: string;
  let journal: DecisionJournal;
  let srv: ScriptedServer | undefined;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-fault-matrix-'));
    journal = new DecisionJournal(path.join(dir, 'journal.ndjson'));
  });
  afterEach(async function () {
    await srv?.close();
    srv = undefined;
    const [op, fault] = (this.currentTest?.title ?? '').split(' × ');
    cells.push({ op: op as OperationName, fault, passed: this.currentTest?.state === 'passed' });
  });
  after(async () => {
    await journal.close();
    await rm(dir, { recursive: true, force: true });
    report(cells);
  });

  /** Starts the fault's server (or finds a port where nothing listens); returns the base URL. */
  async function serve(fault: Fault, op: OperationName): Promise<string> {
    if (!fault.script) return `http://127.0.0.1:${await closedPort()}`;
    srv = await scriptedServer(fault.script(op));
    return srv.baseUrl;
  }
  const seen = () => srv?.requests.length ?? 0;

  for (const op of OPERATIONS) {
    for (const fault of FAULTS) {
      it(`${op} × ${fault.name}`, async () => {
        const baseUrl = await serve(fault, op);
        // Short timeouts only where the timeout is the fault: a 10 MB answer on a busy machine may take a while.
        const slow = fault.name === 'slower than timeout';
        const client = new DedupClient({ baseUrl, token: TOKEN, timeoutMs: slow ? 300 : 20_000, retry: { retries: 0 } });

        // The client: a typed error (or the whole answer).
        const result = await call(client, op).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        if (fault.errorClass) {
          assert.ok('error' in result, `expected ${fault.errorClass}, the call succeeded`);
          assert.equal((result.error as Error).constructor.name, fault.errorClass, String(result.error));
          assert.ok(!leaks((result.error as Error).message), (result.error as Error).message);
        } else {
          assert.ok('value' in result, `expected success, got ${String((result as { error: unknown }).error)}`);
          if (!isDecision(op)) assert.equal((result.value as { data: unknown[] }).data.length, BIG_RECORDS);
        }
        assert.equal(seen(), fault.script ? 1 : 0, 'requests of the direct call');

        // The CLI: the documented exit code, one line, retries of list calls only.
        const before = seen();
        const r = await runCliCaptured([...cliArgs(op), '--base-url', baseUrl, '--timeout', slow ? '0.5' : '20', '--retries', String(CLI_RETRIES)], { DEDUP_TOKEN: TOKEN });
        assert.equal(r.code, fault.exit, `exit code; stderr: ${r.err}`);
        const lines = r.err.split('\n').filter((l) => l !== '');
        const notices = lines.filter((l) => RETRY_NOTICE.test(l));
        const rest = lines.filter((l) => !RETRY_NOTICE.test(l));
        const retries = !isDecision(op) && fault.retried ? CLI_RETRIES : 0;
        assert.equal(notices.length, retries, `retry notices: ${r.err}`);
        assert.equal(rest.length, fault.exit === 0 ? 0 : 1, `stderr lines: ${r.err}`);
        for (const l of lines) {
          assert.match(l, /^dedup-curator: \S/);
          assert.ok(!/\bat .+:\d+:\d+\)?$/.test(l), `a stack trace line: ${l}`);
          assert.ok(!leaks(l), `the token on stderr: ${l}`);
        }
        if (fault.script) assert.equal(seen() - before, 1 + retries, 'requests the server saw from the CLI');
        if (fault.exit === 0) {
          if (isDecision(op)) assert.deepEqual(JSON.parse(r.out), { id: `urn:r:cli-${op}`, decision: op === 'approve' ? 'approved' : 'rejected' });
          else assert.equal(r.out.trimEnd().split('\n').length, BIG_RECORDS);
        }

        // The journal: a decision's outcome as the curation core records it.
        if (isDecision(op)) {
          const id = `urn:r:journal-${op}-${fault.name}`;
          const requestsBefore = seen();
          const outcome = await attemptDecision(client, { '@id': id, score: 0.9 }, op, { journal, connection: journalConnection(baseUrl, 'matrix') });
          const entries = (await journal.read()).entries.filter((e) => e.id === id);
          assert.equal(entries.length, 1, 'one attempt journalled');
          assert.equal(entries[0].outcome, fault.journal, `journal outcome (${outcome.kind}: ${outcome.message})`);
          assert.equal(entries[0].outcomeRecorded, true);
          assert.equal(outcome.status, fault.journal);
          if (fault.script) assert.equal(seen() - requestsBefore, 1, 'a decision is sent exactly once');
          assert.ok(!leaks(JSON.stringify(entries[0])), JSON.stringify(entries[0]));
        }
      });
    }
  }
});

function report(cells: Cell[]): void {
  const passed = cells.filter((c) => c.passed).length;
  const rows = OPERATIONS.map((op) => [op, ...FAULTS.map((f) => (cells.find((c) => c.op === op && c.fault === f.name)?.passed ? 'pass' : 'FAIL'))]);
  const expected = markdownTable(
    ['fault', 'client error', 'CLI exit', 'list call retried', 'journal (approve/reject)'],
    FAULTS.map((f) => [f.name, f.errorClass ? `\`${f.errorClass}\`` : 'none (all data)', String(f.exit), f.retried ? 'yes' : 'no', f.journal]),
  );
  writeDocSection(
    'fault-matrix',
    `**${passed} of ${cells.length}** cells passed (${OPERATIONS.length} operations × ${FAULTS.length} faults).\n\n` +
      markdownTable(['operation', ...FAULTS.map((f) => f.name)], rows) +
      '\n\nWhat each cell asserts:\n\n' +
      expected,
  );
}
