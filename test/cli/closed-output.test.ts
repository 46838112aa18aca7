// A reader that goes away (`dedup-curator triage | head -n 1`): every command ends quietly, exit 0,
// no EPIPE stack trace. The real executable's process wiring (src/cli/main.ts) is what is tested,
// so the CLI is spawned with its stdout's reading end closed before it writes anything.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';

const EPOCH = '1970-01-01T00:00:00.000Z';
const recs = Array.from({ length: 40 }, (_, i) => ({
  '@id': `urn:r:${i}`,
  score: 0.5 + i / 100,
  entities: [
    { '@id': `urn:l:${i}a`, name: `Hall ${i}`, integration: 'urn:integration:a', sourceId: `${i}` },
    { '@id': `urn:l:${i}b`, name: `Hall ${i}`, integration: 'urn:integration:b', sourceId: `${i}` },
  ],
}));

function runClosed(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { env: { ...process.env, ...env } });
    child.stdout.destroy(); // the reader is gone before the first line
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => resolve({ code, err }));
  });
}

describe('CLI: a closed output', function () {
  this.timeout(60_000);
  let srv: ScriptedServer;
  before(async () => {
    srv = await scriptedServer((q, res) => {
      if (q.url.includes('approve') || q.url.includes('reject')) return json(res, 200, { success: true });
      if (q.url.includes('recommend')) return json(res, 200, { page: 0, has_next_page: false, total: recs.length, data: recs });
      return json(res, 200, { page: 0, has_next_page: false, data: [{ id: 'urn:l:1' }] });
    });
  });
  after(() => srv.close());

  for (const args of [['triage'], ['triage', '--format', 'csv'], ['recommendations', '--all'], ['locations', '--updated-since', EPOCH], ['approve', 'urn:r:1'], ['--help'], ['mirror', 'search', 'x', '--help']]) {
    it(`ends quietly: ${args.join(' ')}`, async () => {
      const r = await runClosed(args, { DEDUP_BASE_URL: srv.baseUrl, DEDUP_TOKEN: 'closed-output-token' });
      assert.equal(r.err, '', 'nothing on stderr');
      assert.equal(r.code, 0);
    });
  }

  // Linux's /dev/full fails every write with ENOSPC: the output a full disk refuses.
  (existsSync('/dev/full') ? it : it.skip)('a full disk: one line in words, exit 1, no internal error', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = await new Promise<{ code: number | null; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'recommendations', '--all'], { env: { ...process.env, DEDUP_BASE_URL: srv.baseUrl, DEDUP_TOKEN: 'closed-output-token' }, stdio: ['ignore', full, 'pipe'] });
        let err = '';
        child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
        child.on('close', (code) => resolve({ code, err }));
      });
      assert.equal(r.err, 'dedup-curator: cannot write the output: the disk is full\n');
      assert.equal(r.code, 1);
    } finally {
      closeSync(full);
    }
  });
});
