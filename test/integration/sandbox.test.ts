// "Try the Local Sandbox" inside a real extension host: the first-run path of a new user. The sandbox
// runs in the extension host itself, on the loopback address, and becomes the window's connection.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

describe('Try the Local Sandbox', function () {
  // Generating the synthetic data and matching it takes a few seconds on the CI machines.
  this.timeout(120000);
  let baseUrl: string;

  it('starts a sandbox on 127.0.0.1 and returns its URL', async () => {
    const url = await vscode.commands.executeCommand<unknown>('dedupCurator.tryLocalSandbox');
    assert.equal(typeof url, 'string', `the command returned ${String(url)}`);
    baseUrl = url as string;
    assert.match(baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/?$/);
  });

  it('answers HTTP on that URL', async () => {
    assert.ok(baseUrl, 'no sandbox URL from the previous test');
    const res = await fetch(new URL('/api/custom/locations', baseUrl), { method: 'POST', body: '{}', signal: AbortSignal.timeout(10000) });
    // Without the token the service refuses; what matters here is that it is up and answers.
    assert.ok(res.status < 500, `HTTP ${res.status}`);
  });

  it('reuses the running sandbox when invoked again', async () => {
    assert.equal(await vscode.commands.executeCommand<string>('dedupCurator.tryLocalSandbox'), baseUrl);
  });

  it('refreshes the views against it without an error', async () => {
    await vscode.commands.executeCommand('dedupCurator.refresh');
  });
});
