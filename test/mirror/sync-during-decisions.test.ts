// Decisions taken while a sync lists the service (over real HTTP, with the sandbox's latency
// faults so the listing takes seconds): an approval merges records and re-embeds the survivor in
// its events, which shifts records the listing has not reached onto pages it has already read.
// After the sync the mirror must equal a fresh listing exactly: every record, every version.
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import { Mirror } from '../../src/mirror';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { approveSome, assertEqualsService, tempDir } from './helpers';

describe('mirror sync while decisions are taken (real HTTP, latency faults)', function () {
  this.timeout(240_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  /** The same service without injected latency: the decisions and the reference listing. */
  let curator: DedupClient;
  beforeEach(async () => {
    sandbox = await startSandbox({ port: 0, seed: 33, locations: 1200, events: 1200, integrations: 4, faults: 'latency=20-120ms,seed=5' });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    curator = client;
  });
  afterEach(() => sandbox.close());

  /** Approves `n` recommendations one at a time while `during` runs, starting at its first page. */
  async function approveDuring(n: number, started: Promise<void>): Promise<number> {
    await started;
    let done = 0;
    while (done < n) {
      const got = await approveSome(curator, 1);
      if (got.length === 0) break;
      done++;
    }
    return done;
  }

  it('a first (full) sync with 16 approvals during it equals a fresh listing', async () => {
    const mirror = await Mirror.open(await tempDir());
    let firstPage!: () => void;
    const started = new Promise<void>((r) => (firstPage = r));
    const [report, approved] = await Promise.all([mirror.sync(client, { pageSize: 50, onProgress: () => firstPage() }), approveDuring(16, started)]);
    assert.equal(approved, 16);
    assert.ok(
      report.kinds.some((k) => k.passes > 1),
      `the approvals landed during the listing, so a pass was listed again (${report.kinds.map((k) => `${k.kind} ${k.passes}`).join(', ')})`,
    );
    for (const k of report.kinds) assert.equal(k.confirmed, true, `${k.kind}: the last pass was undisturbed`);
    await assertEqualsService(curator, mirror);
    mirror.close();
  });

  it('an incremental sync with approvals during it equals a fresh listing, and so does the next one', async () => {
    const mirror = await Mirror.open(await tempDir());
    await mirror.sync(client, { pageSize: 500 });
    await approveSome(curator, 40);
    let firstPage!: () => void;
    const started = new Promise<void>((r) => (firstPage = r));
    const [report, approved] = await Promise.all([mirror.sync(client, { pageSize: 5, onProgress: () => firstPage() }), approveDuring(16, started)]);
    assert.equal(approved, 16);
    for (const k of report.kinds) assert.equal(k.full, false);
    await assertEqualsService(curator, mirror);
    await approveSome(curator, 5);
    await mirror.sync(client);
    await assertEqualsService(curator, mirror);
    mirror.close();
  });
});
