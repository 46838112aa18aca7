// Whether a link points into the curator's own machine or network. VS Code asks before opening an
// external address, but trusts localhost (and opens it without a word), and a record's link is
// data from a third party: `http://127.0.0.1:8080/admin/delete`, `http://192.168.1.1/…` or
// `http://printer.local/` would reach services that trust their network. Such links are opened
// only after the curator says so (base-panel.ts). Free of `vscode`: unit-tested in plain Node.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** IPv4 blocks that are not the public internet: "this" network, private, shared (CGNAT), loopback, link-local, broadcast. */
const PRIVATE_V4: readonly [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0xffffffff, 32],
];

/** Names that only resolve inside a machine or a local network. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home', '.corp', '.home.arpa'];

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function privateV4(address: string): boolean {
  const n = v4Number(address);
  return PRIVATE_V4.some(([base, bits]) => (bits === 32 ? n === base : Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits))));
}

/** The eight 16-bit groups of an IPv6 address (the URL parser's compressed form, maybe with a dotted tail). */
function v6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  return tail === undefined ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

function privateV6(address: string): boolean {
  const g = v6Groups(address);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return true; // unreadable: ask rather than trust
  const zeros = (k: number) => g.slice(0, k).every((x) => x === 0);
  if (zeros(7) && (g[7] === 0 || g[7] === 1)) return true; // :: and ::1
  // An IPv4 address inside (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d).
  if ((zeros(5) && g[5] === 0xffff) || zeros(6) || (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))) {
    return privateV4(`${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`);
  }
  // fc00::/7 unique local, fe80::/10 link-local, fec0::/10 site-local (deprecated), ff00::/8 multicast.
  return (g[0] & 0xfe00) === 0xfc00 || (g[0] & 0xffc0) === 0xfe80 || (g[0] & 0xffc0) === 0xfec0 || (g[0] & 0xff00) === 0xff00;
}

/** Whether an IP address (v4 or v6, without brackets) is loopback, private, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return privateV4(address);
  if (kind === 6) return privateV6(address);
  return false;
}

/**
 * Whether the host of an http(s) URL, as written, is loopback or private: an IP address in such a
 * block (the URL parser has already read `0x7f.1` and `2130706433` as 127.0.0.1), `localhost`, a
 * name under a local-only suffix (`.local`, `.internal`, …) or a single-label name (`http://router/`,
 * resolved by the local network's search domains).
 */
export function isPrivateHostName(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) return isPrivateAddress(host.slice(1, -1));
  if (isIP(host)) return isPrivateAddress(host);
  const name = host.replace(/\.$/, '');
  return name === 'localhost' || !name.includes('.') || LOCAL_SUFFIXES.some((s) => name.endsWith(s));
}

export type Resolve = (host: string) => Promise<string[]>;

const RESOLVE_MS = 2000;

/** The addresses a name resolves to, as the system resolver gives them ([] when it cannot within RESOLVE_MS). */
export const systemResolve: Resolve = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string[]>((resolve) => (timer = setTimeout(() => resolve([]), RESOLVE_MS)));
  try {
    return await Promise.race([lookup(host, { all: true }).then((all) => all.map((a) => a.address), () => []), timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Whether opening `url` would reach a loopback or private address: by its host as written, or by
 * what a public-looking name resolves to now (`127.0.0.1.nip.io`, a name pointed at 10.0.0.5).
 */
export async function reachesPrivateHost(url: string, resolve: Resolve = systemResolve): Promise<boolean> {
  if (isPrivateHostName(url)) return true;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  if (isIP(host) || host.startsWith('[')) return false;
  return (await resolve(host)).some(isPrivateAddress);
}
