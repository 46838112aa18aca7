// Starting the two kinds of VS Code server the harness uses, on 127.0.0.1 only:
//  - the plain VS Code server inside code-server, for the integration suite: it honours the
//    extensionDevelopmentPath/extensionTestsPath payload and the smoke-test driver hooks, which the
//    `code-server` command rejects;
//  - `code-server` itself, for the end-to-end check and the demo: the product as a person uses it,
//    with extensions installed from a VSIX.
import { join } from 'node:path';
import { paths, startGroup, startServerOnFreePort, runLogged, HarnessError } from './vscode-install.mjs';

/** Starts the VS Code server for extension tests; resolves with { pgid, port, url, exited, logFile }. */
export async function startTestServer(run, { port } = {}) {
  const logFile = join(run.logs, 'vscode-server.log');
  const server = await startServerOnFreePort({
    what: 'the VS Code server',
    port,
    readyUrl: (p) => `http://127.0.0.1:${p}/version`,
    start: (p) =>
      startGroup(
        paths.node24,
        [
          paths.vscodeServerMain,
          '--host', '127.0.0.1',
          '--port', String(p),
          '--without-connection-token', // only 127.0.0.1 can reach it, and only for the run's duration
          '--accept-server-license-terms',
          '--enable-smoke-test-driver', // exposes the codeAutomationLog/codeAutomationExit hooks
          '--disable-telemetry',
          '--disable-workspace-trust',
          '--user-data-dir', run.userData,
          '--server-data-dir', run.serverData,
          '--extensions-dir', run.extensions,
          '--logsPath', join(run.logs, 'vscode'),
        ],
        { env: run.env, cwd: run.dir, logFile },
      ),
  });
  return { ...server, url: `http://127.0.0.1:${server.port}`, logFile };
}

/** Starts code-server without authentication on 127.0.0.1; resolves with { pgid, port, url, exited, logFile }. */
export async function startCodeServer(run, { port, env = {} } = {}) {
  const logFile = join(run.logs, 'code-server.log');
  const server = await startServerOnFreePort({
    what: 'code-server',
    port,
    readyUrl: (p) => `http://127.0.0.1:${p}/healthz`,
    start: (p) =>
      startGroup(
        paths.codeServer,
        [
          '--bind-addr', `127.0.0.1:${p}`,
          '--auth', 'none', // bound to loopback; a password would only get in the way of the walk
          '--disable-telemetry',
          '--disable-update-check',
          '--disable-workspace-trust',
          '--disable-getting-started-override',
          '--user-data-dir', run.userData,
          '--extensions-dir', run.extensions,
          run.workspace,
        ],
        { env: { ...run.env, ...env }, cwd: run.dir, logFile },
      ),
  });
  return { ...server, url: `http://127.0.0.1:${server.port}`, logFile };
}

/** `code-server --install-extension <vsix>` into the run's extensions folder. */
export async function installVsix(run, vsix) {
  const logFile = join(run.logs, 'install-extension.log');
  const code = await runLogged(
    paths.codeServer,
    ['--user-data-dir', run.userData, '--extensions-dir', run.extensions, '--install-extension', vsix],
    { env: run.env, cwd: run.dir, logFile },
  );
  if (code !== 0) throw new HarnessError(`code-server could not install ${vsix} (exit ${code}); see ${logFile}`);
}
