// One supported Node for the project (issue 13.10): package.json's engines, .nvmrc and the README
// agree, and every package npm ci installs accepts that Node, so the install prints no EBADENGINE.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// npm's own range semantics (semver is in the tree through npm tools; typed here for what is used).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const semver = require('semver') as {
  minVersion(range: string): { version: string } | null;
  validRange(range: string): string | null;
  intersects(a: string, b: string): boolean;
  satisfies(version: string, range: string): boolean;
};

const REPO = path.resolve(__dirname, '../..');
const read = (f: string) => readFileSync(path.join(REPO, f), 'utf8');

describe('the supported Node version', () => {
  const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
  const lowest = semver.minVersion(pkg.engines.node)!.version;

  it('.nvmrc names a Node that engines accepts', () => {
    const nvmrc = read('.nvmrc').trim();
    const range = semver.validRange(nvmrc);
    assert.ok(range && semver.intersects(range, pkg.engines.node), `.nvmrc ${nvmrc} vs engines ${pkg.engines.node}`);
  });

  it('the README states the same minimum', () => {
    const [major, minor] = lowest.split('.');
    assert.match(read('README.md'), new RegExp(`Node ≥ ${major}\\.${minor}\\b`));
  });

  it(`every package in the lock file accepts Node ${lowest} (no EBADENGINE on npm ci)`, () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
    const refused = Object.entries(lock.packages)
      .filter(([name, p]) => name !== '' && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(lowest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name.replace(/^node_modules\//, '')} wants node ${(p.engines as { node: string }).node}`);
    assert.deepEqual(refused, []);
  });
});
