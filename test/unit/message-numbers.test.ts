// A number put into a user message is written in the user's locale ("21,639 pending", "2.712" in
// German), as the status bar and the views' headers write it. vscode.l10n.t writes a number argument
// with String(), ungrouped ("Approving 2712 recommendations" beside a badge saying 2,712), so every
// argument of an `l10n.t('…', …)` call in the extension must already be a string: formatCount(n) for
// a count, String(code) for a code that is not a quantity (an HTTP status). The type checker says
// which arguments are numbers.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..', '..');

function extensionSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return extensionSources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const isL10nT = (e: ts.Expression): boolean => ts.isPropertyAccessExpression(e) && e.name.text === 't' && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'l10n';

/** Names a file gives vscode.l10n.t (`const t = vscode.l10n.t`, as many command files do). */
function aliasesOf(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isL10nT(node.initializer)) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** `vscode.l10n.t('literal', …)` or an alias's `t('literal', …)`: a message a user reads. */
function isMessageCall(node: ts.Node, aliases: ReadonlySet<string>): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const first = node.arguments[0];
  const callee = node.expression;
  return (isL10nT(callee) || (ts.isIdentifier(callee) && aliases.has(callee.text))) && first !== undefined && ts.isStringLiteralLike(first);
}

function numberArguments(program: ts.Program): string[] {
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(join(root, 'src', 'extension'))) continue;
    const aliases = aliasesOf(file);
    const visit = (node: ts.Node): void => {
      if (isMessageCall(node, aliases)) {
        const message = (node.arguments[0] as ts.StringLiteralLike).text;
        for (const arg of node.arguments.slice(1)) {
          if (!(checker.getTypeAtLocation(arg).flags & ts.TypeFlags.NumberLike)) continue;
          const line = file.getLineAndCharacterOfPosition(arg.getStart()).line + 1;
          found.push(`${relative(root, file.fileName)}:${line} ${arg.getText()} in '${message}'`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

describe('numbers in user messages', function () {
  // One type-checked program of the extension's sources: a few seconds.
  this.timeout(120_000);

  it('every number put into an l10n message is formatted first (grouped in the user locale)', () => {
    const program = ts.createProgram(extensionSources(join(root, 'src', 'extension')), {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: ['node', 'vscode'],
      skipLibCheck: true,
      noEmit: true,
    });
    assert.ok(program.getSourceFiles().some((f) => f.fileName.endsWith('src/extension/extension.ts')), 'the extension was read');
    assert.deepEqual(numberArguments(program), [], 'numbers passed to vscode.l10n.t unformatted (use formatCount, or String for a code)');
  });
});
