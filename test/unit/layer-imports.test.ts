// The layers are lint-enforced (eslint.config.mjs): the core imports neither the CLI nor the
// extension, the CLI not the extension, the extension not the CLI. Each rule is tried on a made-up
// file in the folder it guards, so a config change that stops a rule from firing fails here.
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint: the layers of src/', () => {
  it('refuses an import of the CLI or the extension from each core folder', async () => {
    for (const folder of ['api', 'matching', 'triage', 'curation', 'sandbox', 'records', 'webview']) {
      const file = `src/${folder}/layer-probe.ts`;
      assert.match((await restrictedImports(file, "import { listCommand } from '../cli/list-command';\nexport const x = listCommand;\n")).join(), /Only src\/cli imports src\/cli/, file);
      assert.match((await restrictedImports(file, "import type { Session } from '../extension/connection/session';\nexport type X = Session;\n")).join(), /Only src\/extension imports src\/extension/, file);
    }
  });

  it('refuses an import of the extension from the CLI, and of the CLI from the extension', async () => {
    assert.match((await restrictedImports('src/cli/layer-probe.ts', "import { showInfo } from '../extension/ui/notify';\nexport const x = showInfo;\n")).join(), /Only src\/extension/);
    assert.match((await restrictedImports('src/extension/curation/layer-probe.ts', "import type { ListKind } from '../../cli/list-command';\nexport type X = ListKind;\n")).join(), /Only src\/cli/);
  });

  it('lets each layer import what lies under it', async () => {
    assert.deepEqual(await restrictedImports('src/cli/layer-probe.ts', "import { RecordWriter } from '../records/record-writer';\nexport const x = RecordWriter;\n"), []);
    assert.deepEqual(await restrictedImports('src/extension/curation/layer-probe.ts', "import { exportRecords } from '../../curation/export';\nexport const x = exportRecords;\n"), []);
    assert.deepEqual(await restrictedImports('src/curation/layer-probe.ts', "import { listPages } from '../records/list-pages';\nexport const x = listPages;\n"), []);
  });

  it('refuses panels importing commands and commands importing panels; both may use the curation adapters', async () => {
    assert.match((await restrictedImports('src/extension/panels/layer-probe.ts', "import { registerDecisionCommands } from '../commands/decision-commands';\nexport const x = registerDecisionCommands;\n")).join(), /A panel does not import a command/);
    assert.match((await restrictedImports('src/extension/commands/layer-probe.ts', "import { QueuePanel } from '../panels/queue-panel';\nexport const x = QueuePanel;\n")).join(), /A command does not import a panel/);
    assert.match((await restrictedImports('src/extension/panels/layer-probe.ts', "import type { ListKind } from '../../cli/list-command';\nexport type X = ListKind;\n")).join(), /Only src\/cli/);
    assert.deepEqual(await restrictedImports('src/extension/panels/layer-probe.ts', "import { decideRecommendation } from '../curation/decide-one';\nexport const x = decideRecommendation;\n"), []);
    assert.deepEqual(await restrictedImports('src/extension/commands/layer-probe.ts', "import { decideRecommendation } from '../curation/decide-one';\nexport const x = decideRecommendation;\n"), []);
  });
});
