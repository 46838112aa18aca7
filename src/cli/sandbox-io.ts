// What the sandbox command writes to and stops on; in its own file because both the command and
// its matching options (sandbox-matching-options.ts) take it, and the options file must not import
// the command that imports it.
export interface SandboxCommandIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** When given, the sandbox stops as this aborts (the CLI wires Ctrl-C to it; tests abort it). */
  signal?: AbortSignal;
  /** Where DEDUP_SANDBOX_TOKEN is read; process.env when absent. */
  env?: NodeJS.ProcessEnv;
}
