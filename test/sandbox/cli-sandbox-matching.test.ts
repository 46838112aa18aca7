// `dedup-curator sandbox` matching options, run in process: --print-model, --truth-out,
// --auto-merge, --labels and their refusals.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxCommand } from '../../src/cli/sandbox-command';

async function runToEnd(argv: string[], stopWhen?: RegExp): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const controller = new AbortController();
  const done = sandboxCommand(argv, {
    stdout: (s) => {
      out.push(s);
      if (stopWhen && stopWhen.test(out.join(''))) controller.abort();
    },
    stderr: (s) => err.push(s),
    signal: controller.signal,
    env: {},
  });
  return { code: await done, out: out.join(''), err: err.join('') };
}

const SMALL = ['--port', '0', '--seed', '2', '--locations', '80', '--events', '40'];

describe('dedup-curator sandbox: matching options', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dc-match-cli-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('--print-model prints m and u per level and exits without serving', async () => {
    const r = await runToEnd([...SMALL, '--print-model']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /Matcher \(locations\): estimated on \d+ records/);
    assert.match(r.out, /name\s+exact\s+\d\.\d{4}/);
    assert.match(r.out, /distance\s+< 50 m/);
    assert.doesNotMatch(r.out, /Sandbox listening/);
  });

  it('--truth-out writes integration, sourceId and true id per generated record; the banner says what was estimated', async () => {
    const file = join(dir, 'truth.tsv');
    const r = await runToEnd([...SMALL, '--auto-merge', 'off', '--truth-out', file], /Ground truth/);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /Matcher \(events\): /);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    assert.ok(lines.length > 80);
    for (const l of lines) assert.match(l, /^urn:integration:[^\t]+\t[^\t]+\t(place|event):\d+$/);
  });

  it('refuses a bad --auto-merge, a --labels file with bad lines (by number), and --labels with --data-dir', async () => {
    const bad = await runToEnd([...SMALL, '--auto-merge', '1.5']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--auto-merge must be a number from 0 to 1 or "off"/);
    const labels = join(dir, 'labels.tsv');
    writeFileSync(labels, 'urn:a\t1\turn:b\t2\tmatch\nurn:a\t1\turn:b\t2\n');
    const badLabels = await runToEnd([...SMALL, '--labels', labels]);
    assert.equal(badLabels.code, 2);
    assert.match(badLabels.err, /labels\.tsv:2: expected 5 tab-separated columns/);
    const missing = await runToEnd([...SMALL, '--labels', join(dir, 'nope.tsv')]);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /cannot read --labels/);
    writeFileSync(labels, 'urn:a\t1\turn:b\t2\tmatch\n');
    const withDir = await runToEnd([...SMALL, '--labels', labels, '--data-dir', join(dir, 'dd')]);
    assert.equal(withDir.code, 2);
    assert.match(withDir.err, /labels cannot be combined with dataDir/);
  });
});
