// Runs the `dedup-curator` CLI in process with captured output: the real command path, minus the
// process wiring of src/cli/main.ts.
import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../../src/cli/run';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

export interface CliRunOptions {
  /** What the command reads on standard input. */
  stdin?: string;
  /** Fired as by Ctrl-C. */
  signal?: AbortSignal;
  /** Each whole line the command writes on stdout, as it writes it. */
  onStdoutLine?: (line: string) => void;
}

export async function runCliCaptured(args: string[], env: NodeJS.ProcessEnv, opts: CliRunOptions = {}): Promise<CliResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => {
    const before = out.length;
    out += c.toString();
    if (opts.onStdoutLine) for (const line of out.slice(out.lastIndexOf('\n', before - 1) + 1).split('\n').slice(0, -1)) opts.onStdoutLine(line);
  });
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const stdin = opts.stdin === undefined ? undefined : Readable.from([opts.stdin]);
  const code = await runCli(args, { stdin, stdout, stderr, env, signal: opts.signal ?? new AbortController().signal });
  return { code, out, err };
}
