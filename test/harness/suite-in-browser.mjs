// Opens the workbench with a test payload and waits for the extension host's verdict.
// The workbench reads extensionDevelopmentPath/extensionTestsPath (and extensionEnvironment) from the
// `payload` query parameter — the mechanism @vscode/test-web uses. With --enable-smoke-test-driver it
// forwards the extension host's console through window.codeAutomationLog and reports the end of the
// run through window.codeAutomationExit(code); both are functions we expose to the page.
import { join } from 'node:path';
import { format } from 'node:util';
import { openBrowser } from './browser.mjs';

// Workbench chatter forwarded along with the suite's output; shown only with --verbose.
const NOISE =
  /^(\[(ChatModelSelection|AgentHost|AgentHost:remote|AccountPolicyGate|reconnection-grace-time|Service Worker)\]|Resolving connection token|Resolved connection token|Creating a socket|Updating additional builtin extensions cache|getaddrinfo ENOTFOUND|Canceled: Canceled|Timed out waiting for authentication provider|Creation of workbench contribution|\s*$)/;

/**
 * Resolves with { ok, reason, screenshot? }. `extensionPath` and `suitePath` are absolute paths on
 * this machine, which is also the server's machine.
 */
export async function runSuiteInWorkbench({ serverUrl, extensionPath, suitePath, profile, env, timeoutS, verbose, serverExited, onBrowser }) {
  const remote = (p) => `vscode-remote://${new URL(serverUrl).host}${p}`;
  const payload = [
    ['extensionDevelopmentPath', remote(extensionPath)],
    ['extensionTestsPath', remote(suitePath)],
  ];
  if (Object.keys(env).length) payload.push(['extensionEnvironment', JSON.stringify(env)]);
  const url = `${serverUrl}/?folder=${encodeURIComponent(profile.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;

  const { browser, page } = await openBrowser(profile);
  onBrowser?.();
  let settle;
  const verdict = new Promise((resolve) => (settle = resolve));
  let done = false;
  try {
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      if (done) return; // shutdown chatter after the verdict
      const line = format(...(Array.isArray(args) ? args : [args]));
      if (!verbose && NOISE.test(line)) return;
      (type === 'error' ? process.stderr : process.stdout).write(line + '\n');
    });
    await page.exposeFunction('codeAutomationExit', (code) =>
      settle(code === 0 ? { ok: true } : { ok: false, reason: `the extension host reported exit code ${code} (a test failed, or the suite could not load)` }),
    );
    if (verbose) page.on('pageerror', (e) => console.error(`[workbench] ${e.message}`));
    const timer = setTimeout(
      () => settle({ ok: false, reason: `no result within ${timeoutS} s (raise it with --timeout SECONDS)` }),
      timeoutS * 1000,
    );
    serverExited.then((c) => settle({ ok: false, reason: `the VS Code server stopped during the run (${c})` }));
    await page.goto(url);
    const result = await verdict;
    done = true;
    clearTimeout(timer);
    if (!result.ok) {
      result.screenshot = join(profile.logs, 'failure.png');
      await page.screenshot({ path: result.screenshot }).catch(() => (result.screenshot = undefined));
    }
    return result;
  } finally {
    done = true;
    await browser.close().catch(() => {});
  }
}
