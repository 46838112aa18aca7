// The part of VS Code's loading of a bundle that its size decides: V8 compiling it. Compiles each
// file given with `new vm.Script` (no run: dist/extension.js needs `vscode`), `runs` times in one
// process, each under its own file name so no compile cache answers, and prints the median (min–max).
// Run: npx tsx bench/bundle-compile.ts dist/extension.js [other bundle …] [--runs 31]
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';

const args = process.argv.slice(2);
const at = args.indexOf('--runs');
const runs = at >= 0 ? Number(args.splice(at, 2)[1]) : 31;
if (!args.length || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: npx tsx bench/bundle-compile.ts <bundle.js> [...] [--runs N]');
  process.exit(2);
}

// Alternating the files, round by round, so a change of load hits them alike.
const times = new Map(args.map((f) => [f, [] as number[]]));
const sources = new Map(args.map((f) => [f, readFileSync(f, 'utf8')]));
for (let i = 0; i < runs; i++) {
  for (const f of args) {
    const started = process.hrtime.bigint();
    new Script(sources.get(f)!, { filename: `${f}?${i}` });
    times.get(f)!.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
}
for (const [f, t] of times) {
  t.sort((a, b) => a - b);
  console.log(`${f} (${(sources.get(f)!.length / 1024).toFixed(1)} KiB): compile ${t[t.length >> 1].toFixed(2)} ms (${t[0].toFixed(2)}–${t[t.length - 1].toFixed(2)}), ${runs} runs`);
}
