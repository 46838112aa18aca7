// The CLI and the token: plain http to a host that is not loopback is warned about before anything
// is sent, and a server that echoes the token back never gets it printed.
import assert from 'node:assert/strict';
import { runCliCaptured } from '../support/run-cli';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';
import { writeDocSection } from './report';

const TOKEN = 'cli-Secret-token-91c2';

describe('reliability: the CLI and the token', () => {
  let srv: ScriptedServer;
  let runs = 0;
  let leaks = 0;
  afterEach(() => srv?.close());
  after(() => writeDocSection('secrets-cli', `**${leaks}** leaks of the token in ${runs} CLI runs (stdout and stderr).`));
  const cli = async (args: string[]) => {
    const r = await runCliCaptured(args, { DEDUP_TOKEN: TOKEN });
    runs++;
    if ((r.out + r.err).includes(TOKEN)) leaks++;
    return r;
  };

  it('warns before sending the token over plain http to a host that is not loopback', async () => {
    srv = await scriptedServer((_q, res) => json(res, 200, { page: 0, has_next_page: false, total: 0, data: [] }));
    // 0.0.0.0 is not a loopback name, so it counts as remote; yet it reaches this machine.
    const remote = srv.baseUrl.replace('127.0.0.1', '0.0.0.0');
    const refused = await cli(['recommendations', '--base-url', remote, '--page-size', '999']);
    assert.equal(refused.code, 2);
    assert.match(refused.err.split('\n')[0], /warning: http:\/\/0\.0\.0\.0:\d+ is plain http to a host that is not this machine; the access token travels unencrypted/);
    assert.equal(srv.requests.length, 0, 'the warning comes before anything is sent');
    const ok = await cli(['recommendations', '--base-url', remote]);
    assert.equal(ok.code, 0, ok.err);
    assert.match(ok.err, /^dedup-curator: warning: .*plain http/);
    const local = await cli(['recommendations', '--base-url', srv.baseUrl]);
    assert.equal(local.err, '', 'no warning for loopback');
  });

  it('never prints the token, even when the service echoes it', async () => {
    srv = await scriptedServer((q, res) => json(res, 400, { error: { message: `bad request from ${q.headers.authorization ?? ''}` } }));
    const r = await cli(['locations', '--updated-since', '2024-01-01T00:00:00.000Z', '--base-url', srv.baseUrl]);
    assert.equal(r.code, 2);
    assert.ok(!(r.out + r.err).includes(TOKEN), r.err);
    assert.match(r.err, /The service said: bad request from Bearer ‹token›/);
    assert.equal(srv.requests[0].headers.authorization, `Bearer ${TOKEN}`);
  });
});
