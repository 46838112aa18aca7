// A mocha global fixture: every temporary directory a unit test makes (os.tmpdir() reads TMPDIR at
// each call, in the parallel workers and the processes they start too) goes under one directory of
// this run, removed when the run ends, so a run leaves nothing behind in the system's /tmp even
// where a test stops before its own clean-up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

let runRoot: string | undefined;

export function mochaGlobalSetup(): void {
  runRoot = mkdtempSync(path.join(tmpdir(), 'dedup-curator-unit-'));
  process.env.TMPDIR = runRoot;
}

export function mochaGlobalTeardown(): void {
  if (runRoot) rmSync(runRoot, { recursive: true, force: true });
}
