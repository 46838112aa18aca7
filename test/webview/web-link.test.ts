// The extension's side of a panel link (src/extension/panels/web-link.ts): one open, http(s) only,
// and the address exactly as the page showed it.
import assert from 'node:assert/strict';
import { openWebLink } from '../../src/extension/panels/web-link';

async function opened(url: string): Promise<{ result: boolean; calls: string[] }> {
  const calls: string[] = [];
  const result = await openWebLink(url, async (target) => {
    calls.push(target);
    return true;
  });
  return { result, calls };
}

describe('panels: opening a link the page asked for', () => {
  it('opens an http(s) address once, as the exact string (not re-encoded as a Uri would be)', async () => {
    const map = 'https://www.openstreetmap.org/?mlat=48.2104&mlon=16.3655#map=17/48.2104/16.3655';
    assert.deepEqual(await opened(map), { result: true, calls: [map] });
    assert.deepEqual(await opened(' http://central.example/menu '), { result: true, calls: ['http://central.example/menu'] });
  });

  it('never opens anything but http(s)', async () => {
    for (const url of ['command:workbench.action.terminal.new', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'vscode://settings', 'not a url', '']) {
      assert.deepEqual(await opened(url), { result: false, calls: [] }, url);
    }
  });
});
