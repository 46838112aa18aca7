// Writes l10n/bundle.l10n.json, the English bundle translators start from (bundle.l10n.<lang>.json
// beside it, keys = the English messages, as microsoft/vscode-l10n describes): every string literal
// passed to l10n.t(…) under src/, plus every message of the webview pages' catalogues
// (src/webview/*/strings.ts), which the extension passes to vscode.l10n.t one by one and
// @vscode/l10n-dev's exporter therefore cannot see. Run: npm run l10n.
// With --check it writes nothing and fails when the file lacks a catalogue message.
import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'l10n', 'bundle.l10n.json');

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The first argument of every `….l10n.t('literal', …)` call, and the string values of `*_STRINGS = { … }` catalogues. */
function messagesOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const calls = [];
  const catalogue = [];
  // `const t = vscode.l10n.t` (an alias many command files use): its calls are messages too.
  const aliases = new Set();
  const isL10nT = (e) => ts.isPropertyAccessExpression(e) && e.name.text === 't' && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'l10n';
  const findAliases = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isL10nT(node.initializer)) aliases.add(node.name.text);
    ts.forEachChild(node, findAliases);
  };
  findAliases(source);
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const first = node.arguments[0];
      const callee = node.expression;
      if ((isL10nT(callee) || (ts.isIdentifier(callee) && aliases.has(callee.text))) && first && ts.isStringLiteralLike(first)) calls.push(first.text);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /_STRINGS$/.test(node.name.text) && node.initializer) {
      const object = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isObjectLiteralExpression(object)) {
        for (const p of object.properties) if (ts.isPropertyAssignment(p) && ts.isStringLiteralLike(p.initializer)) catalogue.push(p.initializer.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { calls, catalogue };
}

const calls = new Set();
const catalogue = new Set();
for (const file of sources(join(root, 'src'))) {
  const m = messagesOf(file);
  m.calls.forEach((s) => calls.add(s));
  m.catalogue.forEach((s) => catalogue.add(s));
}

if (process.argv.includes('--check')) {
  const bundle = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : {};
  const missing = [...new Set([...calls, ...catalogue])].filter((s) => !(s in bundle));
  if (missing.length) {
    console.error(`l10n/bundle.l10n.json lacks ${missing.length} message(s); run npm run l10n:\n  ${missing.join('\n  ')}`);
    process.exit(1);
  }
} else {
  const all = [...new Set([...calls, ...catalogue])].sort();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(Object.fromEntries(all.map((s) => [s, s])), null, 2)}\n`);
  console.log(`l10n/bundle.l10n.json: ${all.length} messages (${calls.size} from l10n.t calls, ${catalogue.size} from the webview catalogues)`);
}
