// `dedup-curator sandbox` run in process: options, the start-up banner, a real request against the
// printed URL and token, a clean stop when the signal aborts, and the refusals (exit code 2 or 1).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxCommand } from '../../src/cli/sandbox-command';
import { startSandbox } from '../../src/sandbox/index';

interface Run {
  out: string[];
  err: string[];
  controller: AbortController;
  done: Promise<number>;
}

/** Every run of a test, stopped after it whatever happened. */
const runs: Run[] = [];

function run(argv: string[], env: NodeJS.ProcessEnv = {}): Run {
  const out: string[] = [];
  const err: string[] = [];
  const controller = new AbortController();
  const done = sandboxCommand(argv, { stdout: (s) => out.push(s), stderr: (s) => err.push(s), signal: controller.signal, env });
  runs.push({ out, err, controller, done });
  return runs.at(-1)!;
}

/** Waits for the banner, or for the command to end first (then fails with what it said). */
async function banner(r: Run): Promise<{ baseUrl: string; token: string }> {
  for (let i = 0; i < 400; i++) {
    const text = r.out.join('');
    const url = /Sandbox listening on (http:\/\/\S+)/.exec(text)?.[1];
    const token = /Token: (\S+)/.exec(text)?.[1];
    if (url && token) return { baseUrl: url, token };
    const ended = await Promise.race([r.done.then((code) => code), new Promise((res) => setTimeout(() => res(undefined), 25))]);
    if (ended !== undefined) assert.fail(`ended with ${ended}: ${r.err.join('')}${text}`);
  }
  throw new Error('no banner');
}

const SMALL = ['--port', '0', '--seed', '1', '--locations', '60', '--events', '40'];

describe('dedup-curator sandbox (CLI)', () => {
  afterEach(async () => {
    for (const r of runs.splice(0)) {
      r.controller.abort();
      await r.done.catch(() => {});
    }
  });

  it('takes the token from DEDUP_SANDBOX_TOKEN when --token is absent', async () => {
    const { baseUrl, token } = await banner(run(SMALL, { DEDUP_SANDBOX_TOKEN: 'env-token' }));
    assert.equal(token, 'env-token');
    const res = await fetch(`${baseUrl}/api/custom/recommended-deduplications`, { method: 'POST', headers: { Authorization: 'Bearer env-token' } });
    assert.equal(res.status, 200);
  });

  it('starts, prints URL, token and counts, serves requests, and stops cleanly on abort', async () => {
    const r = run([...SMALL, '--token', 'cli-test-token']);
    const { baseUrl, token } = await banner(r);
    assert.match(baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(token, 'cli-test-token');
    assert.match(r.out.join(''), /Data: \d+ locations, \d+ events, \d+ pending recommendations/);
    const res = await fetch(`${baseUrl}/api/custom/recommended-deduplications`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    assert.ok(Array.isArray((await res.json()).data['@graph']));
    assert.ok(r.out.some((l) => /^POST \/api\/custom\/recommended-deduplications 200 \d+ms\n$/.test(l)), 'requests are logged');
    r.controller.abort();
    assert.equal(await r.done, 0);
    assert.match(r.out.join(''), /Sandbox stopped\./);
    assert.deepEqual(r.err, []);
    await assert.rejects(fetch(`${baseUrl}/api/custom/recommended-deduplications`, { method: 'POST' }), TypeError);
  });

  it('without a signal, stops on SIGTERM and removes its signal listeners', async () => {
    const before = process.listenerCount('SIGTERM');
    const beforeInt = process.listenerCount('SIGINT');
    const out: string[] = [];
    const done = sandboxCommand(SMALL, { stdout: (s) => out.push(s), stderr: (s) => out.push(s) });
    try {
      await banner({ out, err: [], controller: new AbortController(), done });
      // The listeners come once the banner is complete ("Endpoints: …"), after the matching report.
      for (let i = 0; i < 400 && !out.join('').includes('Endpoints: '); i++) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setImmediate(r));
      assert.equal(process.listenerCount('SIGTERM'), before + 1);
    } finally {
      // Emitting only calls the listeners (ours stops the sandbox); no real signal is sent.
      process.emit('SIGTERM');
    }
    assert.equal(await done, 0);
    assert.match(out.join(''), /Stopping the sandbox \(SIGTERM\)/);
    assert.equal(process.listenerCount('SIGTERM'), before);
    assert.equal(process.listenerCount('SIGINT'), beforeInt);
  });

  it('passes --faults and --plain-array through', async () => {
    const r = run([...SMALL, '--faults', 'error-rate=1,seed=2', '--plain-array']);
    const { baseUrl, token } = await banner(r);
    assert.match(r.out.join(''), /Faults: error-rate=1,seed=2/);
    const res = await fetch(`${baseUrl}/api/custom/recommended-deduplications`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    assert.ok(res.status >= 500);
    r.controller.abort();
    assert.equal(await r.done, 0);

    const plain = run([...SMALL, '--plain-array']);
    const p = await banner(plain);
    const body = await (await fetch(`${p.baseUrl}/api/custom/recommended-deduplications`, { method: 'POST', headers: { Authorization: `Bearer ${p.token}` } })).json();
    assert.ok(Array.isArray(body.data));
    plain.controller.abort();
    assert.equal(await plain.done, 0);
  });

  it('prints help and exits 0', async () => {
    const r = run(['--help']);
    assert.equal(await r.done, 0);
    const text = r.out.join('');
    for (const option of ['--port', '--host', '--token', '--seed', '--locations', '--events', '--integrations', '--load', '--data-dir', '--faults', '--plain-array', '--headers-timeout', '--request-timeout', '--keep-alive-timeout', '--max-connections']) {
      assert.ok(text.includes(option), option);
    }
    assert.match(text.replace(/\s+/g, ' '), /reorder=N answers list requests asked at once in reverse order/);
  });

  it('says in --help what --locations N counts, and the sandbox serves what it says', async () => {
    const r = run(['--help']);
    assert.equal(await r.done, 0);
    const text = r.out.join('').replace(/\s+/g, ' ');
    assert.match(text, /--locations N real places to generate \(default 2000, 0 with --load\)\. Each is listed by one or more integrations/);
    assert.match(text, /the locations served are the listings left after the start-up merge/);
    // N places, each listed by 1–4 integrations: every listing is a location with --auto-merge off.
    const off = await startSandbox({ port: 0, seed: 3, locations: 300, events: 0, integrations: 4, autoMergeThreshold: Number.POSITIVE_INFINITY });
    const merged = await startSandbox({ port: 0, seed: 3, locations: 300, events: 0, integrations: 4 });
    try {
      const a = off.store.stats();
      const b = merged.store.stats();
      assert.equal(a.locations, a.sourceRecords);
      assert.ok(a.sourceRecords > 2.5 * 300 && a.sourceRecords < 3 * 300, `about 2.75 listings a place: ${a.sourceRecords}`);
      assert.equal(b.sourceRecords, a.sourceRecords);
      assert.ok(b.locations < b.sourceRecords && b.locations >= 300, `merged at start-up: ${b.locations}`);
    } finally {
      await off.close();
      await merged.close();
    }
  });

  const usageErrors: [string[], RegExp][] = [
    [['--bogus'], /Unknown option '--bogus'/],
    [['extra'], /positional/i],
    [['--port', 'abc'], /--port must be an integer from 0 to 65535, got "abc"/],
    [['--port', '70000'], /--port must be an integer/],
    [['--locations', '-3'], /--locations/],
    [['--integrations', '0'], /--integrations must be an integer from 1/],
    [['--faults', 'latency=soon'], /--faults: latency: "soon" is not a duration/],
    [['--faults', 'reorder-gap=5ms'], /--faults: reorder-gap needs reorder/],
    [['--token', 'a b'], /token: .*visible ASCII/],
    [['--port'], /argument missing|requires? an? (value|argument)/i],
    [['--headers-timeout', 'soon'], /--headers-timeout must be a number of seconds from 0\.05 to 3600, got "soon"/],
    [['--request-timeout', '0'], /--request-timeout must be a number of seconds/],
    [['--max-connections', '0'], /--max-connections must be an integer from 1 to 100000/],
  ];
  for (const [argv, message] of usageErrors) {
    it(`refuses ${argv.join(' ')} with one line and exit code 2`, async () => {
      const r = run(argv);
      assert.equal(await r.done, 2);
      const text = r.err.join('');
      assert.match(text, message);
      assert.equal(text.trim().split('\n').length, 1, text);
      assert.match(text, /^dedup-curator sandbox: .*--help/);
    });
  }

  describe('--load', () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    const place = (integration: string, sourceId: string, name: string) =>
      JSON.stringify({ kind: 'location', integration, sourceId, name, address: { streetAddress: '1 Main St', addressLocality: 'Springfield', addressCountry: 'US' } });

    it('loads a valid file, prints the count, and serves its records', async () => {
      const file = join(dir, 'good.ndjson');
      writeFileSync(file, [place('https://a.example', '1', 'Blue Door Cafe'), place('https://b.example', 'x-9', 'Blue Door Café'), place('https://a.example', '2', 'Harbour Museum')].join('\n') + '\n');
      const r = run(['--port', '0', '--locations', '0', '--events', '0', '--load', file]);
      const { baseUrl, token } = await banner(r);
      assert.match(r.out.join(''), /Loaded 3 source records from .*good\.ndjson/);
      const res = await fetch(`${baseUrl}/api/custom/locations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ updated_since: '2000-01-01T00:00:00.000Z' }),
      });
      const names = ((await res.json()).data as { name: string }[]).map((l) => l.name);
      assert.ok(names.includes('Harbour Museum'), names.join());
      r.controller.abort();
      assert.equal(await r.done, 0);
    });

    it('serves only the file\'s records when no synthetic counts are given; --locations adds synthetic ones', async () => {
      const file = join(dir, 'only.ndjson');
      writeFileSync(file, [place('https://a.example', '1', 'Blue Door Cafe'), place('https://b.example', 'x-9', 'Blue Door Café'), place('https://a.example', '2', 'Harbour Museum')].join('\n') + '\n');
      const listed = async (args: string[]) => {
        const r = run(['--port', '0', '--auto-merge', 'off', '--load', file, ...args]);
        const { baseUrl, token } = await banner(r);
        const call = (what: string) => fetch(`${baseUrl}/api/custom/${what}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ updated_since: '2000-01-01T00:00:00.000Z', page_size: 500 }),
        }).then(async (res) => ((await res.json()) as { data: { name: string }[] }).data);
        const [locations, events] = [await call('locations'), await call('events')];
        r.controller.abort();
        assert.equal(await r.done, 0);
        return { locations: locations.map((l) => l.name).sort(), events: events.length };
      };
      assert.deepEqual(await listed([]), { locations: ['Blue Door Cafe', 'Blue Door Café', 'Harbour Museum'], events: 0 });
      const beside = await listed(['--locations', '20']);
      assert.ok(beside.locations.length > 3 && beside.locations.includes('Harbour Museum'), beside.locations.join());
      assert.equal(beside.events, 0);
    });

    it('lists the bad lines with their numbers and refuses to start', async () => {
      const file = join(dir, 'bad.ndjson');
      writeFileSync(file, [place('https://a.example', '1', 'Fine'), '{not json', place('https://a.example', '2', 'Fine too'), '{"kind":"spaceship"}'].join('\n') + '\n');
      const r = run(['--port', '0', '--load', file]);
      assert.equal(await r.done, 2);
      const text = r.err.join('');
      assert.match(text, /bad\.ndjson:2: /);
      assert.match(text, /bad\.ndjson:4: /);
      assert.doesNotMatch(text, /bad\.ndjson:[13]: /);
      assert.ok(!r.out.join('').includes('Sandbox listening'));
    });

    it('reports a missing file', async () => {
      const r = run(['--port', '0', '--load', join(dir, 'missing.ndjson')]);
      assert.equal(await r.done, 2);
      assert.match(r.err.join(''), /cannot load .*missing\.ndjson: no such file$/m);
    });

    it('says a directory given as the file is a directory, in words', async () => {
      const r = run(['--port', '0', '--load', dir]);
      assert.equal(await r.done, 2);
      assert.equal(r.err.join('').trim(), `dedup-curator sandbox: cannot load ${dir}: it is a directory, not a file`);
    });
  });

  it('keeps decisions in --data-dir across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-data-'));
    try {
      const args = [...SMALL, '--data-dir', dir];
      const first = run(args);
      const a = await banner(first);
      const call = (b: { baseUrl: string; token: string }, path: string, body?: unknown) =>
        fetch(`${b.baseUrl}/api/custom/${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${b.token}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const id = (await (await call(a, 'recommended-deduplications')).json()).data['@graph'][0]['@id'];
      assert.equal((await call(a, 'recommended-deduplications/approve', { id })).status, 200);
      first.controller.abort();
      assert.equal(await first.done, 0);

      const second = run(args);
      const b = await banner(second);
      assert.equal((await call(b, 'recommended-deduplications/approve', { id })).status, 409);
      second.controller.abort();
      assert.equal(await second.done, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns before binding a non-loopback address, and reports one it cannot bind (exit 1)', async () => {
    // 192.0.2.1 is TEST-NET-1: never a local address, so nothing is exposed.
    const r = run(['--port', '0', '--host', '192.0.2.1', '--locations', '10', '--events', '5']);
    assert.equal(await r.done, 1);
    const text = r.err.join('');
    assert.match(text, /Warning: binding 192\.0\.2\.1 makes the sandbox reachable from other machines/);
    assert.match(text, /cannot listen on 192\.0\.2\.1:0/);
  });

  it('reports a port in use with exit code 1', async () => {
    const other = await startSandbox({ port: 0, locations: 10, events: 5 });
    try {
      const r = run(['--port', String(other.port), '--locations', '10', '--events', '5']);
      assert.equal(await r.done, 1);
      assert.match(r.err.join(''), /already in use/);
    } finally {
      await other.close();
    }
  });
});
