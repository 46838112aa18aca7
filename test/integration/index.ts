// Entry point of the integration suite, loaded by the VS Code extension host as extensionTestsPath
// (test/harness/run-integration.mjs here; @vscode/test-cli uses its own runner over the same
// *.test.js files). It must export run(): Promise<void>, which rejects when a test fails.
// esbuild compiles every test/integration/*.ts to out/test/integration/*.js, with mocha left
// external: it is resolved from the repository's node_modules at run time.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 20000 });
  // DEDUP_CURATOR_TEST_GREP narrows the run (pass it with `--env` to the harness).
  const grep = process.env.DEDUP_CURATOR_TEST_GREP;
  if (grep) mocha.grep(grep);
  for (const file of fs.readdirSync(__dirname).sort()) {
    if (file.endsWith('.test.js')) mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}
