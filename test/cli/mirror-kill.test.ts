// `dedup-curator mirror sync` in a real process killed with SIGKILL at points drawn across the whole
// sync (a pass's pages, the check after it, a second pass, the end), an approval taken before each
// resume, and the resumed mirror compared with a fresh listing of the sandbox over real HTTP. The
// points are drawn within the span of a reference sync (from its first page to its end, the
// sandbox adding latency so that it spans seconds), so each kill lands inside the run;
// bench/mirror-exactness.ts draws 20 of them, this test three.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { DedupClient } from '../../src/api';
import { Mirror } from '../../src/mirror';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { approveSome, assertEqualsService, tempDir } from '../mirror/helpers';

const PAGE_SIZE = '5';

/**
 * A sync in its own process, killed `killAfterMs` after its first page if given; resolves with its
 * exit and its span from the first page (the first progress line) to the end.
 */
function syncProcess(dir: string, env: NodeJS.ProcessEnv, killAfterMs?: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'mirror', 'sync', '--dir', dir, '--page-size', PAGE_SIZE], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  let firstPageAt: number | undefined;
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
    if (firstPageAt !== undefined || !/ pages, /.test(err)) return;
    firstPageAt = performance.now();
    if (killAfterMs !== undefined) setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), killAfterMs);
  });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; spanMs: number; err: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, spanMs: performance.now() - (firstPageAt ?? performance.now()), err })),
  );
}

describe('dedup-curator mirror sync killed at points across the sync', function () {
  this.timeout(180_000);
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  let client: DedupClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 9, locations: 300, events: 200, integrations: 4, faults: 'latency=40-120ms,seed=3' });
    env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox.close());

  it('resumed after each kill, with an approval between, equals a fresh listing', async () => {
    const reference = await syncProcess(await tempDir(), env);
    assert.equal(reference.code, 0, reference.err);
    assert.ok(reference.spanMs >= 1000, `the sync spans long enough to be killed inside (${reference.spanMs.toFixed(0)} ms)`);
    // Early, middle and late in the run (a seeded draw in each third, short of its very end): the
    // last third holds the check after the pass and the end.
    let seed = 33;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const points = [0, 1, 2].map((third) => ((third + rnd()) / 3) * 0.9 * reference.spanMs);
    for (const point of points) {
      let dir = await tempDir();
      // A run faster than the reference (the machine's load changes) may end before the point: it is
      // synced again, killed at half the point, until a kill lands inside the run.
      let killed = await syncProcess(dir, env, point);
      for (let at = point / 2; killed.signal !== 'SIGKILL' && at >= 50; at /= 2) {
        assert.equal(killed.code, 0, killed.err);
        dir = await tempDir();
        killed = await syncProcess(dir, env, at);
      }
      assert.equal(killed.signal, 'SIGKILL', `no kill from ${point.toFixed(0)} ms down landed inside the sync (reference span ${reference.spanMs.toFixed(0)} ms)`);
      assert.equal((await approveSome(client, 1)).length, 1, 'an approval between the kill and the resume');
      const resumed = await syncProcess(dir, env);
      assert.equal(resumed.code, 0, resumed.err);
      const mirror = await Mirror.open(dir);
      try {
        await assertEqualsService(client, mirror);
      } finally {
        mirror.close();
      }
    }
  });
});
