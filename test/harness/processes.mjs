// Child-process plumbing shared by the harness scripts: start a server in its own process group,
// wait until it answers over HTTP, stop the whole group, and pick free loopback ports.
// Every server VS Code starts (extension host, file watcher, pty host…) is a child of the process we
// spawn; killing only that parent would leave them running, so each one leads a process group
// (`detached: true` makes the child call setsid) and is stopped with a signal to the group.
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A user-facing failure: the runners print its message alone, without a stack trace. */
export class HarnessError extends Error {}

const groups = new Set();

/**
 * Starts `command args` as the leader of a new process group, with stdout and stderr appended to
 * `logFile`. Returns { child, pgid, exited } where `exited` resolves with the exit code or signal.
 */
export function startGroup(command, args, { env, cwd, logFile }) {
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(signal ?? code));
    child.on('error', (e) => resolve(`spawn failed: ${e.message}`));
  });
  // Stays registered after the leader exits: its children may still be running.
  groups.add(child.pid);
  return { child, pgid: child.pid, exited };
}

/** Sends SIGTERM to a process group, then SIGKILL to whatever is left after `graceMs`. */
export async function killGroup(pgid, graceMs = 3000) {
  if (!pgid) return;
  groups.delete(pgid);
  if (!signalGroup(pgid, 'SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await sleep(100);
    if (!signalGroup(pgid, 0)) return;
  }
  signalGroup(pgid, 'SIGKILL');
}

/** True if the signal was delivered, i.e. some process of the group still exists. */
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Stops every group started through startGroup() that is still registered. */
export async function stopAll() {
  await Promise.all([...groups].map((g) => killGroup(g)));
}

/**
 * Makes sure the groups die with this process: on Ctrl-C / SIGTERM / SIGHUP they are killed before
 * exiting (a detached group does not receive the terminal's Ctrl-C by itself), and on a plain exit
 * they get a synchronous SIGKILL as a last resort.
 */
export function stopAllOnExit(onSignal) {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(sig, async () => {
      if (onSignal) onSignal(sig);
      await stopAll();
      process.exit(sig === 'SIGINT' ? 130 : 143);
    });
  }
  process.once('exit', () => {
    for (const g of groups) signalGroup(g, 'SIGKILL');
  });
}

/** Resolves once `url` answers with any HTTP status below 500; throws HarnessError on timeout or exit. */
export async function waitForHttp(url, { timeoutMs = 60000, exited, what = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  exited?.then(() => { gone = true; });
  while (Date.now() < deadline) {
    if (gone) throw new HarnessError(`${what} exited before answering on ${url}`);
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new HarnessError(`${what} did not answer on ${url} within ${Math.round(timeoutMs / 1000)} s`);
}

/** A port that was free on 127.0.0.1 a moment ago (the caller retries if someone takes it first). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server on a free port with up to `attempts` tries: `start(port)` must return the
 * startGroup() result; the server counts as up when `readyUrl(port)` answers.
 */
export async function startServerOnFreePort({ start, readyUrl, what, timeoutMs = 90000, attempts = 3, port: fixedPort }) {
  let lastError;
  for (let i = 0; i < (fixedPort ? 1 : attempts); i++) {
    const port = fixedPort ?? (await freePort());
    const server = start(port);
    try {
      await waitForHttp(readyUrl(port), { timeoutMs, exited: server.exited, what });
      return { ...server, port };
    } catch (e) {
      lastError = e;
      await killGroup(server.pgid);
    }
  }
  throw lastError;
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Runs a command to completion with its output appended to `logFile`; resolves with its exit code. */
export function runLogged(command, args, { logFile, ...options }) {
  const fd = openSync(logFile, 'a');
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', fd, fd], ...options });
    child.on('exit', (code, signal) => { closeSync(fd); resolve(code ?? (signal ? 1 : 0)); });
    child.on('error', () => { closeSync(fd); resolve(127); });
  });
}
