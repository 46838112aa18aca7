// The hostile corpus (docs/reliability.md): records whose every string member is an attack on a
// renderer, a spreadsheet or a terminal. Two forms:
// - `hostileNdjson()`: source records for the sandbox's `--load` (valid for import, so the sandbox
//   serves them through its real matcher and endpoints); pairs are identical in two integrations so
//   the matcher proposes them as duplicates and the recommendation list carries them too;
// - `hostileAnswers()`: raw answers for a scripted server, with what the sandbox normalises away
//   on import: deeply nested unknown members, numbers as text, nulls in every optional member.
// The script payloads increment `window.__rec.pwned` if they ever run (test/webview/page.ts).

export const SCRIPT_PAYLOADS = [
  '<script>window.__rec.pwned++</script>',
  '<img src=x onerror="window.__rec.pwned++">',
  '"><svg onload="window.__rec.pwned++"></svg>',
  "'><iframe srcdoc=\"<script>parent.__rec.pwned++</script>\"></iframe>",
  '<a href="javascript:window.__rec.pwned++">click</a>',
  '<style>body{display:none}</style><b>bold</b>',
  '{{constructor.constructor("window.__rec.pwned++")()}}',
  '${window.__rec.pwned++}',
];

export const URL_PAYLOADS = [
  'javascript:window.__rec.pwned++',
  ' JaVaScRiPt:window.__rec.pwned++',
  'data:text/html,<script>parent.__rec.pwned++</script>',
  'vbscript:msgbox(1)',
  'command:workbench.action.quit',
  'file:///etc/passwd',
  '//evil.example/x',
];

/** Cells a spreadsheet would run as a formula (OWASP's list), plus lookalikes that must stay as they are. */
export const FORMULA_PAYLOADS = ['=HYPERLINK("http://evil.example","x")', "=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(1,2)', '\t=1+1', '\r=1+1'];

export const TEXT_PAYLOADS = [
  'control \u0000\u0001\u0007\u001b[31mred\u001b[0m\u007f\u0085 chars',
  'line\nbreaks\r\nand \u2028 separators \u2029',
  'right-to-left \u202Eexe.txt\u202C مقهى שלום',
  'emoji ☕️ 👩🏽‍🍳 🇦🇹 \uD83D',
  'zero\u200Bwidth\uFEFF',
];

/**
 * Markup VS Code renders in its own UI (issue 12): a notification turns `[x](command:…)` into a link
 * that runs the command when clicked; labels turn `$(name)` into an icon; hover markdown autolinks
 * bare URLs and shows escapes.
 */
export const MARKUP_PAYLOADS = [
  'Ibis Hall [Open details](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22touch%20pwned%5Cn%22%7D)',
  '[x](command:workbench.action.terminal.new)',
  '[site](https://evil.example/phish "title") and [file](file:///etc/passwd)',
  '$(alert) **bold** _it_ `code` https://evil.example/bare <command:workbench.action.quit>',
];

export const ALL_STRING_PAYLOADS = [...SCRIPT_PAYLOADS, ...URL_PAYLOADS, ...FORMULA_PAYLOADS, ...TEXT_PAYLOADS, ...MARKUP_PAYLOADS];

const MEGABYTE = 1024 * 1024;
export const HUGE = `<script>window.__rec.pwned++</script>${'A'.repeat(MEGABYTE)}`;

/** NDJSON source records: one location pair and one event pair per payload, plus one event with a 1 MB description. */
export function hostileNdjson(): string {
  const lines: unknown[] = [];
  ALL_STRING_PAYLOADS.forEach((p, i) => {
    const lat = 40 + i * 0.5;
    const lon = 10 + i * 0.5;
    for (const integration of ['urn:hostile:a', 'urn:hostile:b']) {
      // The second integration's copy differs a little; the test's sandbox merges nothing itself, so every pair is proposed.
      const b = integration.endsWith('b');
      lines.push({
        kind: 'location',
        integration,
        sourceId: `loc-${i}`,
        name: b ? `The Venue ${i} ${p} Hall` : `Venue ${i} ${p}`,
        address: { streetAddress: `${i} ${p} Street`, postalCode: b ? `${p} 2` : p, addressLocality: p, addressRegion: p, addressCountry: p },
        telephone: b ? undefined : p,
        url: URL_PAYLOADS[i % URL_PAYLOADS.length],
        latitude: String(lat + (b ? 0.002 : 0)),
        longitude: lon,
      });
      lines.push({
        kind: 'event',
        integration,
        sourceId: `ev-${i}`,
        name: b ? `Show ${i} ${p} (live)` : `Show ${i} ${p}`,
        description: p,
        startDate: new Date(Date.UTC(2030, 0, 1 + i, b ? 21 : 20)).toISOString(),
        url: URL_PAYLOADS[(i + 1) % URL_PAYLOADS.length],
        eventStatus: p,
        keywords: [p, 'x'],
        categories: [{ identifier: p, name: p }],
        minimumPrice: '1.5',
        maximumPrice: 3,
        location: { integration, sourceId: `loc-${i}` },
      });
    }
  });
  lines.push({ kind: 'event', integration: 'urn:hostile:a', sourceId: 'ev-huge', name: 'A show with a 1 MB description', description: HUGE, startDate: '2031-01-01T00:00:00.000Z', location: { integration: 'urn:hostile:a', sourceId: 'loc-0' } });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

function nested(depth: number): unknown {
  let v: unknown = { leaf: SCRIPT_PAYLOADS[0] };
  for (let i = 0; i < depth; i++) v = { [`level${i % 7}`]: v, n: null };
  return v;
}

/**
 * Raw answers of the three lists (one page each) with what an importer would have normalised:
 * unknown members nested `depth` deep, numbers as text, null in every optional member.
 */
export function hostileAnswers(depth = 2000): Record<'recommendations' | 'locations' | 'events', unknown> {
  const deep = nested(depth);
  const p = (i: number) => ALL_STRING_PAYLOADS[i % ALL_STRING_PAYLOADS.length];
  const nulls = { updatedAt: null, createdAt: null, name: null, telephone: null, address: null, urls: null, images: null, integrations: null, sourceIds: null };
  const locations = ALL_STRING_PAYLOADS.map((_, i) => ({
    ...(i % 2 ? nulls : {}),
    id: `urn:hostile:location:${i}:${p(i)}`,
    ...(i % 2 ? {} : { name: p(i), address: { streetAddress: p(i + 1), postalCode: null, addressLocality: p(i + 2) }, telephone: p(i + 3), urls: [{ integration: p(i), url: URL_PAYLOADS[i % URL_PAYLOADS.length] }] }),
    latitude: '52.52',
    longitude: '13.4',
    unknown: deep,
    ['__proto__']: { polluted: true },
  }));
  const events = ALL_STRING_PAYLOADS.map((_, i) => ({
    id: `urn:hostile:event:${i}`,
    name: i % 3 ? p(i) : null,
    description: i === 0 ? HUGE : p(i + 1),
    startDate: null,
    minimumPrice: '1.50',
    maximumPrice: '  2e1 ',
    listingCount: '3',
    keywords: [p(i), p(i + 1)],
    categories: [{ identifier: null, name: p(i) }],
    location: i % 2 ? null : { id: `urn:hostile:location:${i}`, name: p(i + 2), latitude: null, longitude: '0' },
    unknown: deep,
  }));
  const recommendations = ALL_STRING_PAYLOADS.map((_, i) => ({
    '@id': `urn:hostile:recommendation:${i}:${p(i)}`,
    '@type': null,
    score: String(0.5 + (i % 50) / 100),
    entities: [0, 1].map((k) => ({ '@id': `urn:hostile:entity:${i}:${k}`, '@type': null, name: p(i + k), url: URL_PAYLOADS[(i + k) % URL_PAYLOADS.length], integration: p(i), address: k ? null : { streetAddress: p(i + 3) }, unknown: deep })),
    unknown: deep,
  }));
  return {
    recommendations: { page: 0, has_next_page: false, total: String(recommendations.length), data: { '@context': null, '@graph': recommendations } },
    locations: { page: '0', has_next_page: false, data: locations },
    events: { page: 0, has_next_page: false, data: events },
  };
}
