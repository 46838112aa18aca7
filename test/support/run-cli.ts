// Runs the `dedup-curator` CLI in process with captured output: the real command path, minus the
// process wiring of src/cli/main.ts.
import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli/run';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

export async function runCliCaptured(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await runCli(args, { stdout, stderr, env, signal: new AbortController().signal });
  return { code, out, err };
}
