// Moments on the command line: a day is midnight UTC, a time needs its zone, "7d" is that long ago,
// "all" every record; the service's exact form passes unchanged. Against the sandbox, the friendly
// forms list exactly what the exact form lists.
import assert from 'node:assert/strict';
import { momentOfFlag } from '../../src/cli/moment-flag';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { runCliCaptured } from '../support/run-cli';

const ok = (text: string, now?: number) => {
  const m = momentOfFlag(text, now);
  assert.ok('timestamp' in m, `${text}: ${'error' in m ? m.error : ''}`);
  return m.timestamp;
};
const refused = (text: string) => {
  const m = momentOfFlag(text);
  assert.ok('error' in m, `${text} was taken as ${'timestamp' in m ? m.timestamp : ''}`);
  return m.error;
};

describe('CLI moments (--updated-since, --start-after, --start-before)', () => {
  it('turns each accepted form into the exact UTC instant it names', () => {
    assert.equal(ok('2024-05-01'), '2024-05-01T00:00:00.000Z');
    assert.equal(ok('2024-05-01T08:00+02:00'), '2024-05-01T06:00:00.000Z');
    assert.equal(ok('2024-05-01T00:30-01:30'), '2024-05-01T02:00:00.000Z');
    assert.equal(ok('2024-03-01T00:30+01:00'), '2024-02-29T23:30:00.000Z');
    assert.equal(ok('2024-05-01T08:00:05.5Z'), '2024-05-01T08:00:05.500Z');
    assert.equal(ok('2024-05-01T06:00:00.000Z'), '2024-05-01T06:00:00.000Z');
    assert.equal(ok('+012024-05-01T06:00:00.000Z'), '+012024-05-01T06:00:00.000Z');
    const now = Date.UTC(2026, 0, 10, 12, 0, 0);
    assert.equal(ok('7d', now), '2026-01-03T12:00:00.000Z');
    assert.equal(ok('24h', now), '2026-01-09T12:00:00.000Z');
    assert.equal(ok('30m', now), '2026-01-10T11:30:00.000Z');
    assert.equal(ok('all'), '-271821-04-20T00:00:00.000Z');
  });

  it('refuses, in words, days that do not exist, times without a zone and anything else', () => {
    for (const t of ['2023-02-29', '2024-13-01', '2024-05-01T24:00Z', '2024-05-01T08:60Z', '2024-05-01T08:00+24:00']) assert.match(refused(t), /is not a real date and time/);
    for (const t of ['2024-05-01T08:00', '2024-05-01 08:00:00']) assert.match(refused(t), /has no time zone/);
    for (const t of ['yesterday', '', '7 d', '-7d', '2024/05/01', '1714550400']) assert.match(refused(t), /is not a moment/);
  });

  describe('against the sandbox', function () {
    this.timeout(60_000);
    let sandbox: RunningSandbox;
    let env: NodeJS.ProcessEnv;
    before(async () => {
      sandbox = await startSandbox({ port: 0, seed: 8, locations: 120, events: 80, integrations: 3 });
      env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
    });
    after(() => sandbox.close());

    it("'all', a day and a zoned time list what the exact form lists", async () => {
      const ids = async (...since: string[]) => {
        const r = await runCliCaptured(['events', '--all', '--updated-since', ...since], env);
        assert.equal(r.code, 0, r.err);
        return r.out.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { id: string }).id);
      };
      const everything = await ids('1970-01-01T00:00:00.000Z');
      assert.ok(everything.length > 0);
      assert.deepEqual(await ids('all'), everything);
      assert.deepEqual(await ids('1970-01-01'), everything);
      assert.deepEqual(await ids('1970-01-01T02:00+02:00'), everything);
      // Nothing has changed since a minute from now: the zone was applied, not ignored.
      const inAMinute = new Date(Date.now() + 60_000);
      const zoned = `${inAMinute.toISOString().slice(0, 16)}+00:00`;
      assert.deepEqual(await ids(zoned), []);
      const started = await runCliCaptured(['events', '--all', '--updated-since', 'all', '--start-after', '2000-01-01', '--start-before', '2100-01-01T00:00Z'], env);
      assert.equal(started.code, 0, started.err);
    });
  });
});
