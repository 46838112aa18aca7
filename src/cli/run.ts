// Dispatch of `dedup-curator <command>`, separate from process wiring so tests run it in process.
import { decideCommand } from './decide-command';
import { EXIT, UsageError, describeFailure } from './exit-codes';
import { HELP } from './help';
import { type CommandIo, listCommand } from './list-command';
import { mirrorCommand } from './mirror-command';
import { sandboxCommand } from './sandbox-command';
import { triageCommand } from './triage-command';

export async function runCli(argv: string[], io: CommandIo): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case undefined:
        io.stderr.write(HELP.main + '\n');
        return EXIT.usage;
      case '--help':
      case '-h':
      case 'help':
        io.stdout.write(HELP.main + '\n');
        return EXIT.ok;
      case '--version':
        io.stdout.write(`${VERSION}\n`);
        return EXIT.ok;
      case 'recommendations':
      case 'locations':
      case 'events':
        return await listCommand(command, args, io, HELP[command]);
      case 'approve':
      case 'reject':
        return await decideCommand(command, args, io, HELP[command]);
      case 'triage':
        return await triageCommand(args, io, HELP.triage);
      case 'mirror':
        return await mirrorCommand(args, io, { mirror: HELP.mirror, mirrorSync: HELP.mirrorSync, mirrorSearch: HELP.mirrorSearch });
      case 'sandbox':
        return await sandboxCommand(args, {
          stdout: (s) => io.stdout.write(s),
          stderr: (s) => io.stderr.write(s),
          signal: io.signal,
          env: io.env,
        });
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    if (isBrokenPipe(e)) return EXIT.ok; // the reader (e.g. `head`) has all it wanted
    // The output refused a write (a full disk): the stream's own error handler said so in words
    // (main.ts); this is the same failure reaching the command, not an internal error.
    if (isWriteFailure(e)) return EXIT.internal;
    const { code, line } = describeFailure(io.signal.aborted ? new UsageError('interrupted') : e);
    if (io.signal.aborted) {
      io.stderr.write('dedup-curator: interrupted\n');
      return EXIT.interrupted;
    }
    io.stderr.write(line + '\n');
    return code;
  }
}

function isWriteFailure(e: unknown): boolean {
  const err = e as NodeJS.ErrnoException | undefined;
  return typeof err?.code === 'string' && err.syscall === 'write';
}

function isBrokenPipe(e: unknown): boolean {
  return (e as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
}

declare const __VERSION__: string | undefined;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : 'development';
