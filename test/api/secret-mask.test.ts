import assert from 'node:assert/strict';
import { MASK, secretMasker } from '../../src/api/secret-mask';

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
