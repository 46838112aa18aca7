// The extension's side of a panel link (src/extension/panels/web-link.ts): one open, http(s) only,
// and the address exactly as the page showed it.
import assert from 'node:assert/strict';
import { openWebLink } from '../../src/extension/panels/web-link';
import { isPrivateAddress, isPrivateHostName, reachesPrivateHost, systemResolve } from '../../src/extension/panels/private-host';

/** No name in these tests is looked up on the network: a public name resolves to a documentation address. */
const offline = async (host: string) => (host.endsWith('.nip.io') ? ['127.0.0.1'] : ['192.0.2.10']);

async function opened(url: string, answer = false): Promise<{ result: boolean; calls: string[]; asked: string[] }> {
  const calls: string[] = [];
  const asked: string[] = [];
  const result = await openWebLink(
    url,
    async (target) => {
      calls.push(target);
      return true;
    },
    {
      confirmPrivate: async (target) => {
        asked.push(target);
        return answer;
      },
      resolve: offline,
    },
  );
  return { result, calls, asked };
}

describe('panels: opening a link the page asked for', () => {
  it('opens an http(s) address once, as the exact string (not re-encoded as a Uri would be)', async () => {
    const map = 'https://www.openstreetmap.org/?mlat=48.2104&mlon=16.3655#map=17/48.2104/16.3655';
    assert.deepEqual(await opened(map), { result: true, calls: [map], asked: [] });
    assert.deepEqual(await opened(' http://central.example/menu '), { result: true, calls: ['http://central.example/menu'], asked: [] });
  });

  it('never opens anything but http(s)', async () => {
    for (const url of ['command:workbench.action.terminal.new', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'vscode://settings', 'not a url', '']) {
      assert.deepEqual(await opened(url), { result: false, calls: [], asked: [] }, url);
    }
  });

  const PRIVATE = [
    'http://127.0.0.1:8080/admin/delete',
    'http://127.9.9.9/',
    'http://localhost:3000/',
    'http://LOCALHOST./x',
    'http://api.localhost/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:192.168.0.1]/',
    'http://0.0.0.0:8787/',
    'http://0x7f.1/',
    'http://2130706433/',
    'http://10.0.0.5/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'https://[fc00::1]/',
    'https://[fd12:3456::1]/',
    'https://[fe80::1]/',
    'http://printer.local/',
    'http://db.internal/',
    'http://router/',
    'http://127.0.0.1.nip.io/',
  ];

  it('asks before opening a link to a loopback or private address, and opens it only on yes', async () => {
    for (const url of PRIVATE) {
      assert.deepEqual(await opened(url, false), { result: false, calls: [], asked: [url] }, url);
      assert.deepEqual(await opened(url, true), { result: true, calls: [url], asked: [url] }, url);
    }
  });

  it('opens public addresses without asking', async () => {
    for (const url of ['http://172.32.0.1/', 'http://172.15.255.1/', 'http://192.169.0.1/', 'http://8.8.8.8/', 'https://[2001:db8::1]/', 'http://[::ffff:8.8.8.8]/', 'http://11.0.0.1/', 'https://example.com/local', 'https://local.example/']) {
      assert.deepEqual(await opened(url), { result: true, calls: [url], asked: [] }, url);
    }
  });

  it('classifies addresses by their block', () => {
    for (const a of ['127.0.0.1', '10.255.255.255', '172.16.0.0', '192.168.255.255', '169.254.0.1', '::1', 'fe80::abcd', 'fdff::1', '::ffff:10.1.2.3']) assert.ok(isPrivateAddress(a), a);
    for (const a of ['1.1.1.1', '172.32.0.0', '2606:4700::1111', '::ffff:1.1.1.1', 'not an ip']) assert.ok(!isPrivateAddress(a), a);
    assert.ok(!isPrivateHostName('not a url'));
  });

  it('localhost resolves to a loopback address through the system resolver (no network needed)', async () => {
    assert.ok((await systemResolve('localhost')).some(isPrivateAddress));
    assert.ok(await reachesPrivateHost('http://localhost/'));
  });
});
