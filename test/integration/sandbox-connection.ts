// The fixture most integration suites start from: a sandbox of their own on 127.0.0.1, added as a
// named connection with its token, the session ready on it and the views loaded; and, after the
// suite, the connection removed, the one active before restored, the sandbox stopped.
import * as vscode from 'vscode';
import { DedupClient } from '../../src/api/client';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { curatorApi, settled, waitFor } from './helpers';

export interface SandboxConnection {
  api: DedupCuratorApi;
  sandbox: RunningSandbox;
  /** A client of the sandbox's own, beside the extension's: the judge of what reached the service. */
  direct: DedupClient;
  /** Removes the connection, makes the one active before active again, and stops the sandbox. */
  close(): Promise<void>;
}

export async function sandboxConnection(name: string, options: Parameters<typeof startSandbox>[0] & { token: string }): Promise<SandboxConnection> {
  const api = await curatorApi();
  const wasActive = api.session.active?.name;
  const sandbox = await startSandbox({ port: 0, ...options });
  const direct = new DedupClient({ baseUrl: sandbox.baseUrl, token: options.token });
  await vscode.commands.executeCommand('dedupCurator.addConnection', { name, baseUrl: sandbox.baseUrl });
  await api.session.tokens.set(sandbox.baseUrl, options.token);
  await waitFor('the ready state', () => api.session.state.kind === 'ready' && api.session.active?.name === name);
  // The views reload after the switch; under load that can start after the ready state.
  await settled(api);
  return {
    api,
    sandbox,
    direct,
    async close() {
      if (api.session.connections().some((c) => c.name === name)) await vscode.commands.executeCommand('dedupCurator.removeConnection', name);
      if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
      await settled(api);
      await sandbox.close();
    },
  };
}
