// undoCountdown: the review queue's line follows the decision's hold, second by second. The hold's
// time is a ManualClock, so a test moves through seconds without waiting them out.
import * as assert from 'node:assert/strict';
import { undoCountdown } from '../../src/extension/panels/undo-countdown';
import { UndoWindow } from '../../src/curation/grace';
import { ManualClock, until } from '../support/manual-clock';

/** A few of the countdown's 20 ms ticks: long enough for it to look again. */
const ticks = () => new Promise((r) => setTimeout(r, 60));

describe('undoCountdown', () => {
  it('tells when the hold appears, then each whole second down, and stops when it is sent', async () => {
    const clock = new ManualClock();
    const undo = new UndoWindow(clock);
    const told: number[] = [];
    const countdown = undoCountdown(() => undo.remaining('r1'), (s) => told.push(s), 20);
    // The hold is taken a moment after the queue moved on (the decision's own checks come first).
    await ticks();
    assert.deepEqual(told, [], 'told before the decision waited');
    const sent = undo.wait('r1', 2200);
    await until('3 s told', () => told.length === 1);
    clock.advance(1000);
    await until('2 s told', () => told.length === 2);
    clock.advance(1000);
    await until('1 s told', () => told.length === 3);
    clock.advance(200);
    assert.equal(await sent, true);
    await ticks();
    countdown.dispose();
    assert.deepEqual(told, [3, 2, 1]);
  });

  it('stops at Undo', async () => {
    const clock = new ManualClock();
    const undo = new UndoWindow(clock);
    const told: number[] = [];
    void undo.wait('r2', 5000);
    const countdown = undoCountdown(() => undo.remaining('r2'), (s) => told.push(s), 20);
    await until('5 s told', () => told.length === 1);
    undo.cancel('r2');
    // A second on: a countdown still following the hold would say 4.
    clock.advance(1100);
    await ticks();
    countdown.dispose();
    assert.deepEqual(told, [5]);
  });
});
