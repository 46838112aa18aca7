// The reorder fault over real HTTP: list requests asked at once are answered last-arrived first,
// each rendered at its turn; a client asking one page at a time is still answered; other requests
// are never held; closing the sandbox answers what it holds.
import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index';

const DATA = { port: 0, seed: 4, locations: 60, events: 40 } as const;

async function withSandbox(faults: string, body: (sb: RunningSandbox) => Promise<void>): Promise<void> {
  // A plain array of recommendations, like the pages of locations and events.
  const sb = await startSandbox({ ...DATA, faults, plainArray: true });
  try {
    await body(sb);
  } finally {
    await sb.close();
  }
}

function post(sb: RunningSandbox, endpoint: string, body: object): Promise<Response> {
  return fetch(`${sb.baseUrl}/api/custom/${endpoint}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const SINCE = '2000-01-01T00:00:00.000Z';

interface Answer {
  page: number;
  has_next_page: boolean;
  total?: number;
  data: { id?: string; '@id'?: string }[];
}

/** Asks `pages` at once, one request after another on the wire; the answers in the order they arrived. */
async function askAtOnce(pages: number[], ask: (page: number) => Promise<Response>, onAnswer?: (a: Answer) => Promise<void> | void): Promise<Answer[]> {
  const arrived: Answer[] = [];
  await Promise.all(
    pages.map(async (page) => {
      const res = await ask(page);
      assert.equal(res.status, 200);
      const answer = (await res.json()) as Answer;
      arrived.push(answer);
      await onAnswer?.(answer);
    }),
  );
  return arrived;
}

describe('sandbox faults: reorder (pages answered out of order)', function () {
  this.timeout(30_000);

  it('answers a group of list requests in reverse arrival order, each page as asked', async () => {
    await withSandbox('reorder=4', async (sb) => {
      const inOrder = await Promise.all([0, 1, 2, 3].map((page) => post(sb, 'locations', { updated_since: SINCE, page, page_size: 5 }).then((r) => r.json() as Promise<Answer>)));
      // Sequential requests (one at a time, each group closed by the wait) are the reference pages.
      const arrived = await askAtOnce([0, 1, 2, 3], (page) => post(sb, 'locations', { updated_since: SINCE, page, page_size: 5 }));
      assert.deepEqual(
        arrived.map((a) => a.page),
        [3, 2, 1, 0],
      );
      for (const answer of arrived) assert.deepEqual(answer, inOrder[answer.page]);
    });
  });

  it('renders each answer at its turn: a decision between two answers shows in the later one only', async () => {
    await withSandbox('reorder=2,reorder-gap=300ms', async (sb) => {
      let approved: string | undefined;
      const arrived = await askAtOnce(
        [0, 1],
        (page) => post(sb, 'recommended-deduplications', { page, page_size: 5 }),
        async (answer) => {
          if (answer.page !== 1) return;
          // Page 1 came first; page 0 waits the gap, and is rendered after this approval.
          approved = answer.data[0]!['@id']!;
          assert.equal((await post(sb, 'recommended-deduplications/approve', { id: approved })).status, 200);
        },
      );
      assert.deepEqual(
        arrived.map((a) => a.page),
        [1, 0],
      );
      const [later, earlier] = arrived as [Answer, Answer];
      assert.equal(earlier.total, later.total! - 1, 'page 0 counts the pending recommendations after the approval');
      assert.ok(!earlier.data.some((r) => r['@id'] === approved), 'and no longer lists the approved one');
    });
  });

  it('answers a client that asks one page at a time, after the wait', async () => {
    await withSandbox('reorder=6,reorder-wait=50ms', async (sb) => {
      let page = 0;
      let ids = 0;
      for (;;) {
        const answer = (await (await post(sb, 'events', { updated_since: SINCE, page, page_size: 20 })).json()) as Answer;
        ids += answer.data.length;
        if (!answer.has_next_page) break;
        page++;
      }
      assert.ok(page >= 1, `several pages (${page + 1})`);
      const all = (await (await post(sb, 'events', { updated_since: SINCE, page_size: 500 })).json()) as Answer;
      assert.equal(ids, all.data.length);
    });
  });

  it('holds only list requests, one group per endpoint, and answers what it holds when closed', async () => {
    const sb = await startSandbox({ ...DATA, faults: 'reorder=3,reorder-wait=10s' });
    const held = [post(sb, 'locations', { updated_since: SINCE }), post(sb, 'events', { updated_since: SINCE })].map((p) =>
      p.then(
        (r) => r.status,
        () => 'dropped' as const,
      ),
    );
    // A decision is not a list request: it is answered at once while the lists are held.
    const decision = await post(sb, 'recommended-deduplications/reject', { id: 'urn:no-such-recommendation' });
    assert.equal(decision.status, 404);
    const state = await Promise.race([Promise.all(held).then(() => 'answered'), new Promise((r) => setImmediate(r, 'held'))]);
    assert.equal(state, 'held', 'a locations and an events request do not make a group of three together');
    await sb.close();
    for (const status of await Promise.all(held)) assert.ok([503, 'dropped'].includes(status), String(status));
  });
});
