// `dedup-curator` executable (dist/cli.js): wires the process to runCli.
import { runCli } from './run';

const controller = new AbortController();
// First Ctrl-C cancels the work in progress cleanly; a second one exits at once.
process.on('SIGINT', () => (controller.signal.aborted ? process.exit(130) : controller.abort()));
process.on('SIGTERM', () => controller.abort());

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: controller.signal }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`dedup-curator: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
