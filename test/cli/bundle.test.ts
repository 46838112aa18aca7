// The built CLI (dist/cli.js) loads the sandbox from dist/sandbox.js only when `dedup-curator
// sandbox` runs (esbuild.js, lazySandboxPlugin; issue 6, bundle sizes), instead of carrying a second
// copy of the sandbox and matcher. The other CLI tests run the sources through tsx, where the
// dynamic import is plain; these run the bundles as shipped. Needs `npm run build` first, as the
// browser tests.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DIST = join(__dirname, '..', '..', 'dist');

interface Run {
  code: number;
  out: string;
  err: string;
}

/** Runs `node <cli> args`; `stopWhen` sends SIGINT once stdout matches it. */
function run(cli: string, args: string[], stopWhen?: RegExp): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, DEDUP_SANDBOX_TOKEN: '' } });
    let out = '';
    let err = '';
    let stopped = false;
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (stopWhen && !stopped && stopWhen.test(out)) {
        stopped = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

describe('dist/cli.js and the lazily loaded dist/sandbox.js', function () {
  this.timeout(60_000);
  const cli = join(DIST, 'cli.js');

  before(() => {
    for (const f of ['cli.js', 'sandbox.js']) assert.ok(existsSync(join(DIST, f)), `dist/${f} is missing (run npm run build first)`);
  });

  it('serves the sandbox from dist/sandbox.js and stops cleanly on Ctrl-C', async () => {
    const r = await run(cli, ['sandbox', '--port', '0', '--seed', '3', '--locations', '40', '--events', '20'], /press Ctrl\+C/);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /Sandbox listening on http:\/\/127\.0\.0\.1:\d+/);
    assert.match(r.out, /Data: \d+ locations, \d+ events/);
    assert.match(r.out, /Sandbox stopped\./);
  });

  it('runs the matching options and --load through the loaded sandbox', async () => {
    const model = await run(cli, ['sandbox', '--seed', '3', '--locations', '40', '--events', '20', '--print-model']);
    assert.equal(model.code, 0, model.err);
    assert.match(model.out, /distance\s+< 50 m/);
    const dir = mkdtempSync(join(tmpdir(), 'dc-cli-bundle-'));
    try {
      const bad = join(dir, 'bad.ndjson');
      writeFileSync(bad, '{"not": "a record"}\n');
      const load = await run(cli, ['sandbox', '--port', '0', '--load', bad]);
      assert.equal(load.code, 2);
      assert.match(load.err, /bad\.ndjson has 1 invalid line/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not carry the sandbox: alone, it still helps and checks options, and says what is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dc-cli-alone-'));
    try {
      const alone = join(dir, 'cli.js');
      copyFileSync(cli, alone);
      const help = await run(alone, ['sandbox', '--help']);
      assert.equal(help.code, 0, help.err);
      assert.match(help.out, /default 8787/);
      const usage = await run(alone, ['sandbox', '--faults', 'latency=oops']);
      assert.equal(usage.code, 2);
      assert.match(usage.err, /--faults/);
      // Without dist/sandbox.js beside it the sandbox cannot start: it would if cli.js bundled it.
      const start = await run(alone, ['sandbox', '--port', '0', '--locations', '5', '--events', '5']);
      assert.equal(start.code, 1);
      assert.match(start.err, /sandbox\.js/);
      assert.doesNotMatch(start.out, /Sandbox listening/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
