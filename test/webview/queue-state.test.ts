// The review queue's bookkeeping (src/extension/panels/queue-state.ts), its keys
// (src/webview/comparison/queue-keys.ts) and the validation of its messages (src/webview/comparison/protocol.ts): plain
// functions, no VS Code or browser needed. The source stands in for the Recommendations tree with
// the same contract: pages appended by loadMore, decided recommendations taken out.
import assert from 'node:assert/strict';
import type { Recommendation } from '../../src/api/model';
import { type QueueSource, ReviewQueue } from '../../src/extension/panels/queue-state';
import { parseWebviewMessage, stateIsQueue, stateRecommendationId } from '../../src/webview/comparison/from-page';
import { KEY_HELP, keyAction } from '../../src/webview/comparison/queue-keys';
import { COMPARISON_STRINGS } from '../../src/webview/comparison/strings';

const rec = (n: number): Recommendation => ({ '@id': `urn:rec:${n}`, score: 0.9, entities: [] });

/** Pages of recommendations as the tree loads them; `filter` hides some, as the tree's filter does. */
class Pages implements QueueSource {
  records: Recommendation[] = [];
  total: number;
  private next = 0;
  failNext = false;
  filter: ((r: Recommendation) => boolean) | undefined;

  constructor(private readonly pages: Recommendation[][]) {
    this.total = pages.flat().length;
    this.records.push(...pages[this.next++]);
  }
  shown() {
    return this.filter ? this.records.filter(this.filter) : this.records;
  }
  loadedCount() {
    return this.records.length;
  }
  get hasMore() {
    return this.next < this.pages.length;
  }
  async loadMore() {
    if (this.failNext) return;
    this.records.push(...this.pages[this.next++]);
  }
  unfilteredTotal() {
    return this.filter ? undefined : this.total;
  }
  take(id: string) {
    this.records = this.records.filter((r) => r['@id'] !== id);
    this.total--;
  }
}

const ids = (e: { rec: Recommendation } | undefined) => e?.rec['@id'];

describe('review queue: bookkeeping', () => {
  it('walks the tree in its order, loading the next page when the loaded ones are used up', async () => {
    const src = new Pages([[rec(1), rec(2)], [rec(3)]]);
    const q = new ReviewQueue(src);
    assert.equal(ids(await q.start()), 'urn:rec:1');
    assert.equal(ids(await q.skip()), 'urn:rec:2');
    assert.equal(ids(await q.skip()), 'urn:rec:3', 'the second page was loaded');
    assert.equal(await q.skip(), undefined);
    assert.ok(q.atEnd);
    assert.equal(q.status().retry, undefined, 'a plain end offers no retry');
    assert.deepEqual({ ...q.status(), item: q.status().item }, { done: 0, approved: 0, rejected: 0, skipped: 3, remaining: 0, more: false, position: 0, canBack: true, canUndo: true, item: undefined });
  });

  it('counts decisions, skips and what remains (the service total, skips still pending there)', async () => {
    const src = new Pages([[rec(1), rec(2), rec(3)], [rec(4)]]);
    const q = new ReviewQueue(src);
    await q.start();
    assert.deepEqual([q.status().remaining, q.status().position, q.status().item], [4, 1, 'pending']);
    src.take('urn:rec:1');
    q.decided('urn:rec:1', 'approve', 'Approved.');
    await q.forward();
    await q.skip();
    const s = q.status();
    assert.deepEqual([s.done, s.approved, s.skipped, s.remaining, s.position, s.item], [1, 1, 1, 2, 3, 'pending']);
  });

  it('with a filter, counts what is loaded and says that more may come', async () => {
    const src = new Pages([[rec(1), rec(2), rec(3)], [rec(4)]]);
    src.filter = (r) => r['@id'] !== 'urn:rec:2';
    const q = new ReviewQueue(src);
    await q.start();
    assert.deepEqual([q.status().remaining, q.status().more], [2, true]);
    assert.equal(ids(await q.skip()), 'urn:rec:3', 'the filtered-out one is not visited');
  });

  it('goes back through visited items (decided ones keep their outcome) and forward again', async () => {
    const src = new Pages([[rec(1), rec(2), rec(3)]]);
    const q = new ReviewQueue(src);
    await q.start();
    q.decided('urn:rec:1', 'reject', 'Rejected: x.');
    src.take('urn:rec:1');
    await q.forward();
    assert.equal(q.back()?.outcome, 'Rejected: x.');
    assert.equal(q.current()?.state, 'rejected');
    assert.equal(q.canBack, false);
    assert.equal(q.back(), undefined);
    assert.equal(ids(await q.skip()), 'urn:rec:2', 'S on a decided item moves forward without skipping it');
    assert.equal(q.status().skipped, 0);
    assert.equal(ids(await q.forward()), 'urn:rec:3');
    await q.forward();
    assert.ok(q.atEnd);
    assert.equal(ids(q.back()), 'urn:rec:3', '← at the end shows the last item');
  });

  it('undoes the latest skip still in force, and only skips', async () => {
    const src = new Pages([[rec(1), rec(2), rec(3), rec(4)]]);
    const q = new ReviewQueue(src);
    await q.start();
    await q.skip(); // 1
    await q.skip(); // 2
    assert.equal(q.canUndo, true);
    // 2 was decided after going back: its skip is no longer one to undo.
    q.back();
    q.decided('urn:rec:2', 'approve', 'Approved.');
    src.take('urn:rec:2');
    assert.equal(ids(q.undoSkip()), 'urn:rec:1');
    assert.deepEqual([q.current()?.state, q.status().position, q.status().skipped], ['pending', 1, 0]);
    assert.equal(q.canUndo, false);
    assert.equal(q.undoSkip(), undefined);
  });

  it('marks an item decided elsewhere, and pending again when that decision failed', async () => {
    const src = new Pages([[rec(1), rec(2)]]);
    const q = new ReviewQueue(src);
    await q.start();
    assert.equal(q.gone('urn:rec:1'), true);
    assert.equal(q.status().item, 'gone');
    assert.equal(q.restored('urn:rec:1'), true);
    assert.equal(q.status().item, 'pending');
    q.decided('urn:rec:1', 'approve', 'Approved.');
    assert.equal(q.gone('urn:rec:1'), false, 'decided here: not elsewhere');
    assert.equal(q.gone('urn:rec:9'), false, 'not visited');
  });

  it('stops at a page that cannot be loaded instead of looping, and says so', async () => {
    const src = new Pages([[rec(1)], [rec(2)]]);
    src.failNext = true;
    const q = new ReviewQueue(src);
    await q.start();
    assert.equal(await q.skip(), undefined);
    assert.equal(q.loadFailed, true);
    assert.equal(q.status().retry, true, 'the page is not told that S tries again');
    src.failNext = false;
    assert.equal(ids(await q.forward()), 'urn:rec:2', 'S again tries again');
  });

  it('starts at a given pending recommendation (a restored queue), else at the first', async () => {
    const src = new Pages([[rec(1), rec(2)]]);
    assert.equal(ids(await new ReviewQueue(src).start('urn:rec:2')), 'urn:rec:2');
    assert.equal(ids(await new ReviewQueue(src).start('urn:rec:gone')), 'urn:rec:1');
    assert.equal(await new ReviewQueue(new Pages([[]])).start(), undefined);
  });
});

describe('review queue: drawing the next item ahead', () => {
  it('peeks at what a step forward shows, without loading or moving', async () => {
    const src = new Pages([[rec(1), rec(2)], [rec(3)]]);
    const q = new ReviewQueue(src);
    await q.start();
    assert.equal(q.peek()?.['@id'], 'urn:rec:2');
    assert.equal(ids(q.current()), 'urn:rec:1', 'peek moved the queue');
    await q.forward();
    assert.equal(q.peek(), undefined, 'the next one is on a page not loaded yet');
    assert.equal(src.loadedCount(), 2, 'peek loaded a page');
    q.back();
    assert.equal(q.peek()?.['@id'], 'urn:rec:2', 'after ←, the visited one comes next');
  });

  it('a step goes to the item the page drew ahead, even after the order changed; one gone meanwhile is passed over', async () => {
    const src = new Pages([[rec(1), rec(2), rec(3), rec(4)]]);
    const q = new ReviewQueue(src);
    await q.start();
    const drawn = q.peek()?.['@id'];
    assert.equal(drawn, 'urn:rec:2');
    // The tree re-sorted before the page's key arrived: rec 3 is first among the unvisited now.
    src.records = [rec(1), rec(3), rec(2), rec(4)];
    assert.equal(ids(await q.forward(drawn)), 'urn:rec:2', 'the page drew rec 2 and the curator sees it');
    // An item already visited is not visited again as new: the step goes on in the tree's order.
    assert.equal(ids(await q.skip('urn:rec:1')), 'urn:rec:3');
    // Drawn, then taken out of the list (decided elsewhere): the same.
    src.take('urn:rec:4');
    assert.equal(ids(await q.forward('urn:rec:4')), undefined, 'walked to a recommendation no longer listed');
  });

  it('takes back a decision the service refused: pending again, or gone', async () => {
    const q = new ReviewQueue(new Pages([[rec(1), rec(2), rec(3)]]));
    await q.start();
    q.decided('urn:rec:1', 'approve', 'Approving…');
    await q.forward();
    q.decided('urn:rec:2', 'reject', 'Rejecting…');
    assert.equal(q.status().done, 2);
    q.undecided('urn:rec:1', 'pending');
    q.undecided('urn:rec:2', 'gone');
    assert.deepEqual([q.entry('urn:rec:1')?.state, q.entry('urn:rec:2')?.state, q.status().done], ['pending', 'gone', 0]);
    assert.equal(q.entry('urn:rec:1')?.outcome, undefined);
  });
});

describe('review queue: keys', () => {
  const press = (key: string, o: Partial<Parameters<typeof keyAction>[0]> = {}) => keyAction({ key, ctrlKey: false, metaKey: false, altKey: false, repeat: false, ...o });

  it('maps A R S → ← U ? Esc, in either case', () => {
    assert.deepEqual(['a', 'A', 'r', 'R', 's', 'S', 'ArrowRight', 'ArrowLeft', 'u', 'U', '?', 'Escape'].map((k) => press(k)), ['approve', 'approve', 'reject', 'reject', 'skip', 'skip', 'skip', 'back', 'undo', 'undo', 'help', 'close']);
  });

  it('N is "not sure" (U stays Undo), and the help lists it', () => {
    assert.deepEqual(['n', 'N', 'u'].map((k) => press(k)), ['unsure', 'unsure', 'undo']);
    assert.ok(KEY_HELP.some(([keys, what]) => keys.includes('N') && /unsure/.test(COMPARISON_STRINGS[what])));
  });

  it('leaves other keys, editor shortcuts and held keys alone', () => {
    for (const k of ['x', 'Enter', ' ', 'Tab', 'ArrowUp', 'F5']) assert.equal(press(k), undefined, k);
    assert.equal(press('a', { ctrlKey: true }), undefined);
    assert.equal(press('r', { metaKey: true }), undefined);
    assert.equal(press('s', { altKey: true }), undefined);
    assert.equal(press('a', { repeat: true }), undefined, 'a held A must not approve item after item');
  });
});

describe('webview protocol: review queue messages', () => {
  it('accepts skip, back and undo, with or without the id on screen', () => {
    for (const action of ['skip', 'back', 'undo']) {
      assert.deepEqual(parseWebviewMessage({ type: 'queue', action, recommendationId: 'urn:r', x: 1 }), { type: 'queue', action, recommendationId: 'urn:r' });
      assert.deepEqual(parseWebviewMessage({ type: 'queue', action }), { type: 'queue', action });
    }
  });

  it('refuses unknown actions and malformed ids', () => {
    for (const bad of [{ type: 'queue' }, { type: 'queue', action: 'approve' }, { type: 'queue', action: 'constructor' }, { type: 'queue', action: ['skip'] }, { type: 'queue', action: 'skip', recommendationId: '' }, { type: 'queue', action: 'skip', recommendationId: 5 }, { type: 'queue', action: 'skip', recommendationId: 'x'.repeat(5000) }]) {
      assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad).slice(0, 80));
    }
  });

  it('accepts unsure with the id on screen, and nothing else of that type', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'unsure', recommendationId: 'urn:r', note: 'x' }), { type: 'unsure', recommendationId: 'urn:r' });
    for (const bad of [{ type: 'unsure' }, { type: 'unsure', recommendationId: '' }, { type: 'unsure', recommendationId: 7 }]) assert.equal(parseWebviewMessage(bad), undefined);
  });

  it('reads the queue mode of a saved state', () => {
    assert.equal(stateIsQueue({ recommendationId: 'urn:r', queue: true }), true);
    assert.equal(stateIsQueue({ recommendationId: 'urn:r', queue: 'yes' }), false);
    assert.equal(stateIsQueue(null), false);
    assert.equal(stateRecommendationId({ recommendationId: '', queue: true }), undefined);
  });
});
