// `dedup-curator` executable (dist/cli.js): wires the process to runCli.
import { describeFileError } from '../records/file-error';
import { runCli } from './run';

const controller = new AbortController();
// First Ctrl-C cancels the work in progress cleanly; a second one exits at once.
process.on('SIGINT', () => (controller.signal.aborted ? process.exit(130) : controller.abort()));
process.on('SIGTERM', () => controller.abort());

// A reader that went away (`dedup-curator triage | head -n 1`) has all it wanted: the rest of the
// output is dropped without a word, and the command finishes what it started (a journal is still
// closed) instead of dying with an unhandled EPIPE and its stack trace. Writes after it fail the
// same way and are dropped the same way.
let outputFailed = false;
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED' || outputFailed) return;
    outputFailed = true;
    if (stream !== process.stderr) process.stderr.write(`dedup-curator: cannot write the output: ${describeFileError(e)}\n`);
    process.exitCode = 1;
  });
}

runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, signal: controller.signal }).then(
  (code) => {
    process.exitCode = outputFailed ? 1 : code;
  },
  (e: unknown) => {
    // The output could not be written (a full disk): said once above; the write's own rejection is not an internal error.
    if (outputFailed) return void (process.exitCode = 1);
    process.stderr.write(`dedup-curator: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
