// Lists the functions over 80 lines in src/ (the style limit), longest first: node scripts/long-functions.mjs
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
const files = execSync('git ls-files src', { encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.ts'));
const out = [];
for (const f of files) {
  const src = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (n) => {
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isConstructorDeclaration(n) || ts.isGetAccessor(n)) && n.body) {
      const a = src.getLineAndCharacterOfPosition(n.getStart()).line, b = src.getLineAndCharacterOfPosition(n.end).line;
      const lines = b - a + 1;
      if (lines > 80) {
        let name = n.name?.getText?.() ?? (ts.isVariableDeclaration(n.parent) ? n.parent.name.getText() : ts.isPropertyAssignment(n.parent) ? n.parent.name.getText() : '(anonymous)');
        out.push({ f, line: a + 1, name, lines });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
}
out.sort((x, y) => y.lines - x.lines);
for (const o of out) console.log(`${o.lines}\t${o.f}:${o.line}\t${o.name}`);
