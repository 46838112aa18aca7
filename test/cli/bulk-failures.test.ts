// A group decision whose items fail says why on stderr, one line per cause with its count, besides
// the JSON summary on stdout: a scripted service on 127.0.0.1 refusing some approvals (500, 404).
import assert from 'node:assert/strict';
import { runCliCaptured } from '../support/run-cli';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';

const recs = Array.from({ length: 12 }, (_, i) => ({
  '@id': `urn:r:${i}`,
  score: 0.95,
  entities: [
    { '@id': `urn:l:${i}a`, '@type': 'Place', name: `Thrush Hall ${i}`, integration: 'urn:integration:a', sourceId: `a${i}`, telephone: '+1 555 0100', address: { streetAddress: `${i} Main St`, postalCode: '10001', addressLocality: 'Springfield' } },
    { '@id': `urn:l:${i}b`, '@type': 'Place', name: `Thrush Hall ${i}`, integration: 'urn:integration:b', sourceId: `b${i}`, telephone: '+1 555 0100', address: { streetAddress: `${i} Main St`, postalCode: '10001', addressLocality: 'Springfield' } },
  ],
}));

describe('CLI: a group decision with failures', function () {
  this.timeout(30_000);
  let srv: ScriptedServer;
  before(async () => {
    srv = await scriptedServer((q, res) => {
      if (q.url.endsWith('/approve')) {
        const n = Number((JSON.parse(q.body) as { id: string }).id.split(':').pop());
        if (n % 3 === 0) return json(res, 500, { error: { message: 'database unavailable' } });
        if (n % 3 === 1) return json(res, 404, { error: { message: 'no such recommendation' } });
        return json(res, 200, { success: true });
      }
      return json(res, 200, { page: 0, has_next_page: false, total: recs.length, data: recs });
    });
  });
  after(() => srv.close());

  it('prints one line per cause on stderr, with counts, besides the JSON summary', async () => {
    const env = { DEDUP_BASE_URL: srv.baseUrl, DEDUP_TOKEN: 'bulk-failures-token' };
    const triage = await runCliCaptured(['triage', '--format', 'json'], env);
    assert.equal(triage.code, 0, triage.err);
    const groups = (JSON.parse(triage.out) as { groups: { group: string; size: number }[] }).groups;
    const group = groups.find((g) => g.size === recs.length);
    assert.ok(group, `one group holds all: ${triage.out}`);
    const r = await runCliCaptured(['approve', '--group', group.group, '--force'], env);
    assert.equal(r.code, 5, r.err);
    const summary = JSON.parse(r.out) as { done: number; failed: number };
    assert.equal(summary.done, 4);
    assert.equal(summary.failed, 8);
    const lines = r.err.trimEnd().split('\n');
    assert.equal(lines.length, 2, r.err);
    assert.match(r.err, /^dedup-curator: 4 approvals failed: the service failed \(server\), e\.g\. urn:r:\d+: .*status 500.*database unavailable$/m);
    assert.match(r.err, /^dedup-curator: 4 approvals failed: not found \(not-found\), e\.g\. urn:r:\d+: .*404.*$/m);
  });
});
