// A sandbox killed with SIGKILL in the middle of its decisions must leave a data directory that
// opens, with every acknowledged decision in it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SandboxStore } from '../../src/sandbox/store';
import { StoreError } from '../../src/sandbox/store-api';
import { allEvents, allLocations, allRecommendations, SMALL } from './store-helpers';

const STORE = path.resolve(__dirname, '../../src/sandbox/store.ts');

// The child decides every pending recommendation (approve, reject, approve, ...) and prints each id
// once the call has returned, i.e. once the decision was acknowledged.
const CHILD = `
const { SandboxStore } = require(${JSON.stringify(STORE)});
(async () => {
  const s = await SandboxStore.open({ ...${JSON.stringify(SMALL)}, dataDir: process.argv[1] });
  let n = 0;
  for (;;) {
    const [r] = s.listRecommendations({ page: 0, pageSize: 1 }).data;
    if (!r) break;
    await (n++ % 2 === 0 ? s.approve(r['@id']) : s.reject(r['@id']));
    process.stdout.write('ok ' + r['@id'] + '\\n');
  }
  process.stdout.write('done\\n');
  setInterval(() => {}, 1000);
})();
`;

describe('sandbox persistence after SIGKILL', () => {
  let dir: string;
  beforeEach(async () => { dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dedup-kill-')); });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('reopens with every acknowledged decision and a consistent state', async function () {
    this.timeout(60_000);
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', CHILD, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const acknowledged: string[] = [];
    await new Promise<void>((resolve, reject) => {
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) if (line.startsWith('ok ')) acknowledged.push(line.slice(3));
        if (acknowledged.length >= 2 || lines.includes('done')) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited early: ${code}`))));
    });
    await exited;
    assert.ok(acknowledged.length >= 2);

    const store = await SandboxStore.open({ dataDir: dir });
    let snapshot;
    try {
      for (const id of acknowledged) {
        await assert.rejects(store.approve(id), (e: unknown) => e instanceof StoreError && e.kind === 'conflict', `${id} was decided`);
      }
      snapshot = { l: allLocations(store), e: allEvents(store), r: allRecommendations(store) };
    } finally {
      await store.close();
    }
    const again = await SandboxStore.open({ dataDir: dir });
    try {
      assert.deepEqual({ l: allLocations(again), e: allEvents(again), r: allRecommendations(again) }, snapshot);
      assert.deepEqual(again.warnings, []);
    } finally {
      await again.close();
    }
    assert.ok(!(await fs.readdir(dir)).some((f) => f.includes('.tmp-')), 'no temporary files left behind');
  });
});
