// undoCountdown: the review queue's line follows the decision's hold, second by second.
import * as assert from 'node:assert/strict';
import { undoCountdown } from '../../src/extension/panels/undo-countdown';
import { UndoWindow } from '../../src/curation/grace';

describe('undoCountdown', () => {
  it('tells when the hold appears, then each whole second down, and stops when it is sent', async () => {
    const undo = new UndoWindow();
    const told: number[] = [];
    const countdown = undoCountdown(() => undo.remaining('r1'), (s) => told.push(s), 20);
    // The hold is taken a moment after the queue moved on (the decision's own checks come first).
    await new Promise((r) => setTimeout(r, 60));
    assert.deepEqual(told, [], 'told before the decision waited');
    const sent = undo.wait('r1', 2200);
    await sent;
    await new Promise((r) => setTimeout(r, 60));
    countdown.dispose();
    assert.deepEqual(told, [3, 2, 1]);
  });

  it('stops at Undo', async () => {
    const undo = new UndoWindow();
    const told: number[] = [];
    void undo.wait('r2', 5000);
    const countdown = undoCountdown(() => undo.remaining('r2'), (s) => told.push(s), 20);
    await new Promise((r) => setTimeout(r, 60));
    undo.cancel('r2');
    await new Promise((r) => setTimeout(r, 1100));
    countdown.dispose();
    assert.deepEqual(told, [5]);
  });
});
