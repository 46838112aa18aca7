import assert from 'node:assert/strict';
import { MASK, maskError, secretMasker } from '../../src/api/secret-mask';
import { HttpStatusError } from '../../src/api/errors';

describe('secretMasker', () => {
  const token = 'tok-Ü-1234567890';
  const mask = secretMasker(token);

  it('masks the token and keeps the rest', () => {
    assert.equal(mask(`Bearer ${token} and ${token}`), `Bearer ${MASK} and ${MASK}`);
  });

  it('masks the base64 and base64url forms at every alignment inside a longer encoded text', () => {
    for (const prefix of ['', 'a', 'ab', 'Bearer ', 'Authorization: Bearer ']) {
      for (const enc of ['base64', 'base64url'] as const) {
        const encoded = Buffer.from(`${prefix}${token}"}`).toString(enc);
        const out = mask(`echo: ${encoded}`);
        assert.ok(out.includes(MASK), `${enc} with prefix ${JSON.stringify(prefix)}: ${out}`);
        // What is left cannot be decoded back to the token.
        assert.ok(!Buffer.from(out.slice(6), enc).toString('utf8').includes(token));
      }
    }
  });

  it('does nothing without a token, and does not hunt for the base64 of a very short one', () => {
    assert.equal(secretMasker(undefined)('x'), 'x');
    assert.equal(secretMasker('abc')('YWJj abc'), `YWJj ${MASK}`);
  });
});

describe('maskError', () => {
  const token = 'tok-Ü-1234567890';
  const mask = secretMasker(token);
  const b64 = Buffer.from(`Bearer ${token}`).toString('base64');

  it('masks the message, the stack and the cause chain, in clear and in base64', () => {
    const cause = new Error(`socket said Bearer ${token}`);
    const error = new HttpStatusError(`answer was {"success":"${token}"} (${b64})`, { status: 200, cause });
    assert.ok(error.stack?.includes(token), 'the stack holds the token before masking (V8 copies the message)');
    assert.equal(maskError(error, mask), error);
    for (const [what, text] of [
      ['message', error.message],
      ['stack', error.stack ?? ''],
      ['cause message', cause.message],
      ['cause stack', cause.stack ?? ''],
    ] as const) {
      assert.ok(!text.includes(token), `the token in the ${what}: ${text}`);
      assert.ok(!text.includes(b64), `the base64 token in the ${what}`);
    }
    assert.ok(error.stack?.includes(MASK) && error.stack.includes('secret-mask.test'), 'the stack is kept, masked');
  });

  it('survives a cause chain that loops', () => {
    const a = new Error(token);
    const b = new Error(token, { cause: a });
    (a as { cause?: unknown }).cause = b;
    maskError(b, mask);
    assert.equal(a.message, MASK);
    assert.equal(b.message, MASK);
  });
});
