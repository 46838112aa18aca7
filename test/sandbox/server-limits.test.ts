// The sandbox does not let slow or idle clients hold connections (issue 14.4): a client that
// trickles its headers, never finishes its body, or connects and says nothing is cut off near its
// limit while other clients are served, and connections beyond the cap are closed at once. Raw
// sockets on 127.0.0.1 play the slow clients; the limits are shortened so the test is quick.
import assert from 'node:assert/strict';
import net from 'node:net';
import { DedupClient } from '../../src/api';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';

const LIMITS = { headersTimeoutMs: 600, requestTimeoutMs: 1200, keepAliveTimeoutMs: 300, idleTimeoutMs: 1500, maxConnections: 6 };
/** Generous: the limit plus the checking interval plus a busy machine. */
const CUT_WITHIN_MS = 4000;

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

/** Milliseconds until the server closes the socket (or rejects after `maxMs`). */
function closedAfter(socket: net.Socket, maxMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${maxMs} ms`)), maxMs);
    socket.on('error', () => undefined);
    socket.resume(); // a paused socket never sees the server's end
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

describe('sandbox: timeouts and the connection cap', function () {
  this.timeout(30_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 3, locations: 40, events: 20, integrations: 2, limits: LIMITS });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, retry: { retries: 0 } });
  });
  after(() => sandbox.close());

  it('cuts off a client trickling its headers, while others are served', async () => {
    const slow = await connect(sandbox.port);
    slow.write('POST /api/custom/locations HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => slow.writable && slow.write('X-Slow: 1\r\n'), 100);
    const closed = closedAfter(slow, CUT_WITHIN_MS);
    try {
      const served = await client.listLocations({ updatedSince: '1970-01-01T00:00:00.000Z', pageSize: 5 });
      assert.equal(served.data.length, 5, 'another client is served meanwhile');
      const ms = await closed;
      assert.ok(ms >= LIMITS.headersTimeoutMs - 100, `cut off after ${ms} ms, not before its limit`);
    } finally {
      clearInterval(trickle);
    }
  });

  it('cuts off a client that never finishes its body', async () => {
    const slow = await connect(sandbox.port);
    slow.write(`POST /api/custom/locations HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${sandbox.token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"page":`);
    let answer = '';
    slow.on('data', (c: Buffer) => (answer += c.toString()));
    const closed = closedAfter(slow, CUT_WITHIN_MS);
    const served = await client.listRecommendations({ pageSize: 1 });
    assert.equal(served.page, 0);
    await closed;
    assert.match(answer, /^HTTP\/1\.1 408 /, 'Node answers 408 Request Timeout');
  });

  it('closes a connection that sends nothing, and an idle keep-alive connection', async () => {
    const silent = await connect(sandbox.port);
    const ms = await closedAfter(silent, CUT_WITHIN_MS);
    assert.ok(ms < CUT_WITHIN_MS);

    const kept = await connect(sandbox.port);
    kept.write(`POST /api/custom/nowhere HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n`);
    let answer = '';
    kept.on('data', (c: Buffer) => (answer += c.toString()));
    const keptMs = await closedAfter(kept, CUT_WITHIN_MS);
    assert.match(answer, /^HTTP\/1\.1 404 /);
    assert.ok(keptMs < LIMITS.keepAliveTimeoutMs + 1500, `idle keep-alive closed after ${keptMs} ms`);
  });

  it('closes connections beyond the cap at once, and serves again when they are gone', async () => {
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnections }, () => connect(sandbox.port)));
    const extra = await connect(sandbox.port);
    const ms = await closedAfter(extra, 1000);
    assert.ok(ms < 1000, `the connection over the cap was closed after ${ms} ms`);
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const served = await client.listRecommendations({ pageSize: 1 });
    assert.equal(served.page, 0);
  });
});
