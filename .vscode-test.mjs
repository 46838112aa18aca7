// @vscode/test-cli configuration (`npx vscode-test`), for a desktop with access to Microsoft's
// download hosts: test-electron downloads VS Code into .vscode-test/ and runs the same compiled suite
// the project's own harness runs (`npm run test:vscode`, which needs no download). Build first with
// `npm run build`: esbuild compiles test/integration/*.ts to out/test/integration/*.js.
import { defineConfig } from '@vscode/test-cli';

export default defineConfig({
  label: 'integration',
  files: 'out/test/integration/**/*.test.js',
  // The oldest VS Code the extension supports (package.json engines.vscode) is worth a run too:
  // VSCODE_TEST_VERSION=1.95.0 npx vscode-test
  version: process.env.VSCODE_TEST_VERSION ?? 'stable',
  workspaceFolder: './test/integration',
  // A fresh profile without the user's other extensions, as in the harness.
  launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
  mocha: { ui: 'bdd', timeout: 20000, color: true },
});
