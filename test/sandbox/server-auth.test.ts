// Authentication over real HTTP: 402 for a missing or malformed Authorization header, 401 for a
// wrong token, checked on every endpoint before anything about the body.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index';
import { checkAuthorization } from '../../src/sandbox/http-auth';

const ENDPOINTS = [
  'recommended-deduplications',
  'recommended-deduplications/approve',
  'recommended-deduplications/reject',
  'locations',
  'events',
];

/** A POST with exactly these headers (fetch would refuse or normalise some of them). */
function rawPost(sb: RunningSandbox, path: string, headers: Record<string, string>, body = '{}'): Promise<{ status: number; headers: Record<string, unknown>; json: { error: { code: string; message: string } } }> {
  return new Promise((resolve, reject) => {
    const req = request(`${sb.baseUrl}/api/custom/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('sandbox server: authentication', () => {
  let sb: RunningSandbox;
  before(async () => {
    sb = await startSandbox({ port: 0, seed: 1, locations: 60, events: 40, token: 'sandbox-token_1.2~3' });
  });
  after(() => sb.close());

  const malformed: [string, Record<string, string>, RegExp][] = [
    ['no header', {}, /missing Authorization header/],
    ['Basic scheme', { Authorization: 'Basic x' }, /scheme must be Bearer/],
    ['Bearer alone', { Authorization: 'Bearer' }, /no token/],
    ['Bearer and a space (trimmed by HTTP)', { Authorization: 'Bearer ' }, /no token/],
    ['two spaces', { Authorization: 'Bearer  sandbox-token_1.2~3' }, /exactly one space/],
    ['a tab instead of the space', { Authorization: 'Bearer\tsandbox-token_1.2~3' }, /scheme must be Bearer/],
    ['a space inside the token', { Authorization: 'Bearer sandbox token' }, /visible ASCII/],
    ['a tab inside the token', { Authorization: 'Bearer sandbox\ttoken' }, /visible ASCII/],
    ['the token alone', { Authorization: 'sandbox-token_1.2~3' }, /scheme must be Bearer/],
    ['an empty header', { Authorization: '' }, /missing Authorization header/],
  ];
  for (const [name, headers, message] of malformed) {
    it(`gives 402 for ${name}`, async () => {
      const r = await rawPost(sb, 'locations', headers);
      assert.equal(r.status, 402);
      assert.equal(r.json.error.code, 'invalid_authorization_header');
      assert.match(r.json.error.message, message);
      assert.match(String(r.headers['www-authenticate']), /^Bearer/);
    });
  }

  it('gives 401 for a wrong token, one character off, a prefix or an extension', async () => {
    for (const token of ['wrong', 'sandbox-token_1.2~4', 'sandbox-token_1.2', 'sandbox-token_1.2~3x', 'SANDBOX-TOKEN_1.2~3']) {
      const r = await rawPost(sb, 'locations', { Authorization: `Bearer ${token}` });
      assert.equal(r.status, 401, token);
      assert.equal(r.json.error.code, 'invalid_token');
      assert.match(String(r.headers['www-authenticate']), /error="invalid_token"/);
    }
  });

  it('checks the header before the body on every endpoint', async () => {
    for (const path of ENDPOINTS) {
      assert.equal((await rawPost(sb, path, {}, 'not json')).status, 402, path);
      assert.equal((await rawPost(sb, path, { Authorization: 'Bearer nope' }, 'not json')).status, 401, path);
      assert.equal((await rawPost(sb, path, { Authorization: 'Bearer sandbox-token_1.2~3' }, 'not json')).status, 400, path);
    }
  });

  it('accepts the right token, with the scheme in any case (RFC 9110)', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const r = await rawPost(sb, 'recommended-deduplications', { Authorization: `${scheme} sandbox-token_1.2~3` });
      assert.equal(r.status, 200, scheme);
    }
  });

  it('random tokens differ between sandboxes', async () => {
    const a = await startSandbox({ port: 0, seed: 1, locations: 10, events: 5 });
    const b = await startSandbox({ port: 0, seed: 1, locations: 10, events: 5 });
    try {
      assert.notEqual(a.token, b.token);
      const res = await fetch(`${a.baseUrl}/api/custom/recommended-deduplications`, { method: 'POST', headers: { Authorization: `Bearer ${b.token}` } });
      assert.equal(res.status, 401);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('checkAuthorization handles control characters the HTTP parser would let through', () => {
    assert.equal(checkAuthorization('Bearer ab\u0001cd', 'abcd')?.status, 402);
    assert.equal(checkAuthorization('Bearer ab\u007fcd', 'abcd')?.status, 402);
    assert.equal(checkAuthorization('Bearer abcd', 'abcd'), undefined);
    assert.equal(checkAuthorization('Bearer abcde', 'abcd')?.status, 401);
  });
});
