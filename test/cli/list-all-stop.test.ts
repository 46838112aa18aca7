// `--all` that still fails part way says which page to continue from, after writing the pages before
// it; a page that fails only for a while is resumed, with a notice, and the output is complete.
import assert from 'node:assert/strict';
import { runCliCaptured } from '../support/run-cli';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';

const EPOCH = '1970-01-01T00:00:00.000Z';

describe('CLI --all: resuming and stopping', () => {
  let srv: ScriptedServer;
  afterEach(() => srv.close());
  const page = (n: number) => ({ page: n, has_next_page: n < 4, data: [{ id: `urn:l:${n}` }] });
  const run = () => runCliCaptured(['locations', '--updated-since', EPOCH, '--all', '--page-size', '1', '--retries', '0', '--base-url', srv.baseUrl], { DEDUP_TOKEN: 't0ken-for-cli' });

  it('names the page to continue from when a page fails for good', async () => {
    srv = await scriptedServer((q, res) => {
      const n = (JSON.parse(q.body) as { page: number }).page;
      return n === 2 ? json(res, 403, { error: { message: 'forbidden' } }) : json(res, 200, page(n));
    });
    const r = await run();
    assert.equal(r.code, 5);
    assert.deepEqual(r.out.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id), ['urn:l:0', 'urn:l:1']);
    assert.match(r.err, /the listing stopped after page 1; pages up to it were written\. To continue: the same command with --page 2\n/);
  });

  it('resumes a page that fails for a while, saying so, and writes everything once', async () => {
    let failures = 1;
    srv = await scriptedServer((q, res) => {
      const n = (JSON.parse(q.body) as { page: number }).page;
      return n === 3 && failures-- > 0 ? json(res, 503, {}) : json(res, 200, page(n));
    });
    const r = await run();
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out.trim().split('\n').length, 5);
    assert.match(r.err, /^dedup-curator: page 3 still failed after its retries \(.*503.*\); resuming from page 3 in 1 s\n$/);
  });
});
