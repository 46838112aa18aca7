// One format module for counts and percents in the user's locale.
import * as assert from 'node:assert/strict';
import { formatCount, formatDecimal, formatPercent, useLocale } from '../../src/webview/shared/format';

describe('format (user locale)', () => {
  afterEach(() => useLocale(undefined));

  it('counts and percents in English as the extension showed them', () => {
    useLocale('en');
    assert.equal(formatCount(31919), '31,919');
    assert.equal(formatPercent(0.874), '87%');
    assert.equal(formatPercent(0.8745, 1), '87.5%');
    assert.equal(formatPercent(0.87, 1), '87.0%');
    assert.equal(formatPercent(0.87, 1, false), '87%');
    assert.equal(formatDecimal(4.5), '4.5');
    assert.equal(formatDecimal(4, 1), '4.0');
  });

  it('follows the locale it is told, not the runtime', () => {
    useLocale('de');
    assert.equal(formatCount(31919), '31.919');
    assert.equal(formatPercent(0.8745, 1), '87,5\u00a0%');
    assert.equal(formatDecimal(4.5), '4,5');
    useLocale('fr');
    assert.match(formatCount(1234567), /^1\s234\s567$/u);
  });
});
