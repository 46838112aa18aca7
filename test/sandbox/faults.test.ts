// Injected faults: the --faults syntax, and each fault as a client sees it on the wire.
import assert from 'node:assert/strict';
import { FaultInjector, FaultSpecError, formatFaultSpec, parseFaultSpec } from '../../src/sandbox/faults';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index';

const DATA = { port: 0, seed: 1, locations: 20, events: 10 } as const;

function list(sb: RunningSandbox): Promise<Response> {
  return fetch(`${sb.baseUrl}/api/custom/recommended-deduplications`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sb.token}` },
  });
}

async function withSandbox(faults: string, body: (sb: RunningSandbox) => Promise<void>): Promise<void> {
  const sb = await startSandbox({ ...DATA, faults });
  try {
    await body(sb);
  } finally {
    await sb.close();
  }
}

describe('sandbox faults: the --faults syntax', () => {
  it('parses every fault and its forms', () => {
    assert.deepEqual(parseFaultSpec('latency=200ms,error-rate=0.05,rate-limit=20/s,drop=0.01'), {
      latencyMs: { min: 200, max: 200 },
      errorRate: 0.05,
      rateLimit: { perSecond: 20, burst: 20 },
      dropRate: 0.01,
    });
    assert.deepEqual(parseFaultSpec('latency=1.5s').latencyMs, { min: 1500, max: 1500 });
    assert.deepEqual(parseFaultSpec('latency=100-300ms').latencyMs, { min: 100, max: 300 });
    assert.deepEqual(parseFaultSpec('latency=50ms-1s').latencyMs, { min: 50, max: 1000 });
    assert.deepEqual(parseFaultSpec('latency=250').latencyMs, { min: 250, max: 250 });
    assert.equal(parseFaultSpec('error-rate=5%').errorRate, 0.05);
    assert.equal(parseFaultSpec('error-rate=1').errorRate, 1);
    assert.deepEqual(parseFaultSpec('rate-limit=120/min').rateLimit, { perSecond: 2, burst: 2 });
    assert.deepEqual(parseFaultSpec('rate-limit=1/min').rateLimit, { perSecond: 1 / 60, burst: 1 });
    assert.deepEqual(parseFaultSpec('rate-limit=20/s, burst=5').rateLimit, { perSecond: 20, burst: 5 });
    assert.equal(parseFaultSpec(' seed=42 , drop=0 ').seed, 42);
    assert.deepEqual(parseFaultSpec('reorder=6').reorder, { size: 6, waitMs: 100, gapMs: 0 });
    assert.deepEqual(parseFaultSpec('reorder-gap=20ms,reorder=3,reorder-wait=1s').reorder, { size: 3, waitMs: 1000, gapMs: 20 });
  });

  it('gives a clear message for each mistake', () => {
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['latency', /"latency" is not key=value/],
      ['lag=200ms', /unknown fault "lag".*known: latency/],
      ['latency=fast', /latency: "fast" is not a duration/],
      ['latency=300-100ms', /runs backwards/],
      ['error-rate=2', /error-rate: "2" is more than 1/],
      ['error-rate=150%', /more than 1/],
      ['error-rate=-0.1', /not a probability/],
      ['drop=often', /drop: "often" is not a probability/],
      ['rate-limit=20', /rate-limit: "20" is not a rate such as 20\/s/],
      ['rate-limit=0/s', /more than 0/],
      ['burst=5', /burst needs rate-limit/],
      ['rate-limit=5/s,burst=0', /burst must be at least 1/],
      ['seed=x', /seed: "x" is not a whole number/],
      ['drop=0.1,drop=0.2', /"drop" is given twice/],
      ['reorder=1', /reorder: 1 is not from 2 to 1000/],
      ['reorder=many', /reorder: "many" is not a whole number/],
      ['reorder=3,reorder-wait=soon', /reorder-wait: "soon" is not a duration/],
      ['reorder-gap=10ms', /reorder-gap needs reorder/],
      ['reorder-wait=10ms', /reorder-wait needs reorder/],
    ];
    for (const [text, message] of cases) {
      assert.throws(() => parseFaultSpec(text), (e: unknown) => e instanceof FaultSpecError && message.test(e.message), text);
    }
  });

  it('formats a spec back to text', () => {
    assert.equal(formatFaultSpec(parseFaultSpec('latency=100-300ms,error-rate=0.5,seed=3')), 'latency=100-300ms,error-rate=0.5,seed=3');
    assert.equal(formatFaultSpec(parseFaultSpec('rate-limit=20/s,drop=0.1')), 'rate-limit=20/s,burst=20,drop=0.1');
    assert.equal(formatFaultSpec(parseFaultSpec('reorder=4,reorder-gap=5ms')), 'reorder=4,reorder-wait=100ms,reorder-gap=5ms');
  });

  it('draws the same faults for the same seed', () => {
    const run = () => {
      const injector = new FaultInjector(parseFaultSpec('latency=0-100ms,error-rate=0.3,drop=0.2,seed=9'));
      return Array.from({ length: 50 }, () => injector.decide());
    };
    const a = run();
    assert.deepEqual(a, run());
    const kinds = new Set(a.map((d) => d.action.kind));
    assert.ok(kinds.has('pass') && kinds.has('drop') && kinds.has('error'), [...kinds].join());
  });

  it('refills the token bucket with time', () => {
    let now = 0;
    const injector = new FaultInjector(parseFaultSpec('rate-limit=2/s'), () => now);
    assert.deepEqual([1, 2, 3].map(() => injector.decide().action.kind), ['pass', 'pass', 'rate-limit']);
    now = 499;
    assert.equal(injector.decide().action.kind, 'rate-limit');
    now = 1000;
    assert.equal(injector.decide().action.kind, 'pass');
  });
});

describe('sandbox faults: on the wire', () => {
  it('adds latency', async () => {
    await withSandbox('latency=150ms', async (sb) => {
      const t0 = performance.now();
      const res = await list(sb);
      const elapsed = performance.now() - t0;
      assert.equal(res.status, 200);
      assert.ok(elapsed >= 145, `took ${elapsed.toFixed(0)} ms`);
    });
  });

  it('answers every request with a JSON 5xx at error-rate=1', async () => {
    await withSandbox('error-rate=1,seed=1', async (sb) => {
      const statuses = new Set<number>();
      for (let i = 0; i < 12; i++) {
        const res = await list(sb);
        statuses.add(res.status);
        assert.ok([500, 502, 503].includes(res.status), String(res.status));
        assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
        assert.equal(res.headers.get('x-sandbox-fault'), 'error');
        if (res.status === 503) assert.equal(res.headers.get('retry-after'), '1');
        assert.match((await res.json()).error.message, /injected/);
      }
      assert.ok(statuses.size >= 2, 'a mix of statuses');
    });
  });

  it('gives the same status sequence for the same seed', async () => {
    const sequence = async () => {
      const statuses: number[] = [];
      await withSandbox('error-rate=0.5,seed=7', async (sb) => {
        for (let i = 0; i < 12; i++) statuses.push((await list(sb)).status);
      });
      return statuses;
    };
    const first = await sequence();
    assert.deepEqual(await sequence(), first);
    assert.ok(first.includes(200) && first.some((s) => s >= 500), first.join());
  });

  it('answers 429 with Retry-After over the rate', async () => {
    await withSandbox('rate-limit=1/min', async (sb) => {
      assert.equal((await list(sb)).status, 200);
      const res = await list(sb);
      assert.equal(res.status, 429);
      const retryAfter = Number(res.headers.get('retry-after'));
      assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, String(retryAfter));
      assert.equal((await res.json()).error.code, 'rate_limited');
    });
  });

  it('drops connections without a response at drop=1', async () => {
    await withSandbox('drop=1', async (sb) => {
      await assert.rejects(list(sb), (e: unknown) => e instanceof TypeError && /fetch failed/.test(e.message));
    });
  });

  it('closes promptly while injected latency is pending', async () => {
    const sb = await startSandbox({ ...DATA, faults: 'latency=10s' });
    const pending = list(sb).then(
      (r) => r.status,
      () => 'dropped',
    );
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    await sb.close();
    assert.ok(performance.now() - t0 < 2000, 'close does not wait out the latency');
    assert.ok([503, 'dropped'].includes(await pending));
  });
});
