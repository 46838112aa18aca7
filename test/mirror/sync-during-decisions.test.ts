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

  /** Approves `n` recommendations one at a time, starting at the sync's first page; when the last was done. */
  async function approveDuring(n: number, started: Promise<void>): Promise<{ approved: number; at: number }> {
    await started;
    let approved = 0;
    while (approved < n) {
      const got = await approveSome(curator, 1);
      if (got.length === 0) break;
      approved++;
    }
    return { approved, at: performance.now() };
  }

  /** Runs the sync and the approvals together; fails unless every approval was taken before the sync ended. */
  async function syncWhileApproving(mirror: Mirror, pageSize: number) {
    let firstPage!: () => void;
    const started = new Promise<void>((r) => (firstPage = r));
    const sync = mirror.sync(client, { pageSize, onProgress: () => firstPage() }).then((report) => ({ report, at: performance.now() }));
    const [synced, decisions] = await Promise.all([sync, approveDuring(16, started)]);
    assert.equal(decisions.approved, 16);
    assert.ok(decisions.at < synced.at, 'every approval was taken while the sync ran');
    return synced.report;
  }

  it('a first (full) sync with 16 approvals during it equals a fresh listing', async () => {
    const mirror = await Mirror.open(await tempDir());
    const report = await syncWhileApproving(mirror, 10);
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
    const report = await syncWhileApproving(mirror, 1);
    for (const k of report.kinds) assert.equal(k.full, false);
    await assertEqualsService(curator, mirror);
    await approveSome(curator, 5);
    await mirror.sync(client);
    await assertEqualsService(curator, mirror);
    mirror.close();
  });
});
