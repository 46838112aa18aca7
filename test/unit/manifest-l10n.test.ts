// package.json's user-facing contribution strings are %keys% resolved from package.nls.json (VS Code
// and vsce localise the manifest that way). A key without English text shows up as "%key%" in the
// editor, so every key must resolve, and every string a user reads must be a key.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, unknown>;

/** Members of the manifest a user reads (the rest are ids, paths, patterns, enum values…). */
const DISPLAYED = new Set([
  'displayName',
  'description',
  'title',
  'shortTitle',
  'category',
  'name',
  'contents',
  'markdownDescription',
  'deprecationMessage',
  'markdownDeprecationMessage',
  'enumDescriptions',
]);

function* displayedStrings(value: unknown, path: string, displayed: boolean): Generator<[string, string]> {
  if (typeof value === 'string') {
    if (displayed) yield [path, value];
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* displayedStrings(v, `${path}[${i}]`, displayed);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* displayedStrings(v, `${path}.${k}`, DISPLAYED.has(k));
  }
}

function allStrings(): [string, string][] {
  const top: [string, string][] = [
    ['displayName', String(manifest.displayName)],
    ['description', String(manifest.description)],
  ];
  return [...top, ...displayedStrings(manifest.contributes, 'contributes', false)];
}

describe('package.json localisation (package.nls.json)', () => {
  it('every %key% in package.json has English text in package.nls.json', () => {
    const missing = allStrings()
      .map(([, s]) => /^%(.+)%$/.exec(s)?.[1])
      .filter((k): k is string => k !== undefined && typeof nls[k] !== 'string');
    assert.deepEqual(missing, []);
  });

  it('every string a user reads in package.json is a %key%', () => {
    const literal = allStrings().filter(([, s]) => !/^%.+%$/.test(s));
    assert.deepEqual(literal.map(([p, s]) => `${p}: ${s}`), []);
  });

  it('package.nls.json has no key that package.json does not use', () => {
    const used = new Set(allStrings().map(([, s]) => /^%(.+)%$/.exec(s)?.[1]));
    assert.deepEqual(Object.keys(nls).filter((k) => !used.has(k)), []);
  });
});
