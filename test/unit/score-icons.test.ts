// The score icons of pending rows (issue 13, point 7): a pending recommendation must not look
// approved, so no band uses a check-like codicon or a green ("passed") colour; each band's icon is
// a real codicon (the package's own list), and the bands follow the 90 % / 70 % thresholds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SCORE_ICONS, scoreBand } from '../../src/extension/views/score-icons';

const CHECK_LIKE = /check|pass|verified|success|tick|done|approve/i;
const GREEN = /green|passed|success|added/i;

describe('score icons of pending rows', () => {
  it('are no check mark and not green, in any band', () => {
    for (const score of [0, 0.3, 0.69, 0.7, 0.85, 0.9, 0.97, 1]) {
      const icon = SCORE_ICONS[scoreBand(score)];
      assert.doesNotMatch(icon.id, CHECK_LIKE, `${score}: ${icon.id}`);
      assert.doesNotMatch(icon.color, GREEN, `${score}: ${icon.color}`);
    }
  });

  it('are codicons that exist, one per band, with the 90 % and 70 % thresholds', () => {
    // The stylesheet names every icon and alias (the CSV leaves aliases such as circle-large-outline out).
    const css = readFileSync(createRequire(__filename).resolve('@vscode/codicons/dist/codicon.css'), 'utf8');
    const known = new Set([...css.matchAll(/\.codicon-([a-z0-9-]+):before/g)].map((m) => m[1]));
    for (const icon of Object.values(SCORE_ICONS)) assert.ok(known.has(icon.id), `no codicon named ${icon.id}`);
    assert.equal(new Set(Object.values(SCORE_ICONS).map((i) => i.id)).size, 3, 'two bands look alike');
    assert.deepEqual([0.95, 0.9, 0.89, 0.7, 0.69].map(scoreBand), ['high', 'high', 'medium', 'medium', 'low']);
  });
});
