// Decisions while a sync lists a service that answers pages asked at once out of order (the
// sandbox's `reorder` fault over real HTTP): the interface does not promise any order, and a client
// that reads ahead gets its pages in whatever order the service's workers finish them. After the
// sync the mirror must equal a fresh listing, every record and every version.
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import { Mirror, type SyncProgress } from '../../src/mirror';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { approveSome, assertEqualsService, fullListing, tempDir } from './helpers';

/** Six pages of a listing asked at once are answered last page first, 20 ms apart. */
const FAULTS = 'reorder=6,reorder-gap=20ms';
const EVENTS_LIST = /^POST \/api\/custom\/events 200 /;

describe('mirror sync while pages are answered out of order (real HTTP, reorder fault)', function () {
  this.timeout(120_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  /** Told every request the sandbox answered (its log line). */
  let onAnswered: (line: string) => void = () => {};
  beforeEach(async () => {
    onAnswered = () => {};
    sandbox = await startSandbox({ port: 0, seed: 33, locations: 150, events: 150, integrations: 4, faults: FAULTS, log: (line) => onAnswered(line) });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  afterEach(() => sandbox.close());

  it('a full sync with 8 approvals during its listing equals a fresh listing', async () => {
    const mirror = await Mirror.open(await tempDir());
    let firstPage!: () => void;
    const started = new Promise<void>((r) => (firstPage = r));
    const sync = mirror.sync(client, { pageSize: 5, onProgress: () => firstPage() }).then((report) => ({ report, at: performance.now() }));
    const approvals = started.then(async () => {
      let approved = 0;
      while (approved < 8 && (await approveSome(client, 1)).length === 1) approved++;
      return { approved, at: performance.now() };
    });
    const [synced, decided] = await Promise.all([sync, approvals]);
    assert.equal(decided.approved, 8);
    assert.ok(decided.at < synced.at, 'every approval was taken while the sync ran');
    await assertEqualsService(client, mirror);
    for (const k of synced.report.kinds) assert.equal(k.confirmed, true, `${k.kind}: the last pass was undisturbed`);
    mirror.close();
  });

  it('an approval during the check, after its last page was answered and before the earlier ones, is not lost', async () => {
    // Eleven merged events before the sync are what its check lists (pages of 2: pages 0–5, the
    // last one holding one record); a twelfth approval's survivor will be the check's twelfth record,
    // on page 5 too.
    const events = eventRecommendations(await client.listRecommendations({ pageSize: 200 }));
    assert.ok(events.length >= 12, `12 event recommendations with no record in common (${events.length})`);
    const passStart = new Date();
    for (const id of events.slice(0, 11)) await client.approve(id);
    let changed = 0;
    for await (const _ of client.allEvents({ updatedSince: passStart.toISOString(), pageSize: 500 })) changed++;
    assert.equal(changed, 11, 'the check lists the eleven survivors');
    const passPages = Math.ceil((await fullListing(client, 'events')).size / 2);

    // When the check's first page is written, the next events' answers are counted: after the
    // second one (the listing's last page if the check reads ahead and is answered last page first;
    // its page 2 if it asks one page after another) the twelfth recommendation is approved.
    let armed = false;
    let answers = 0;
    let decided: Promise<number> | undefined;
    onAnswered = (line) => {
      if (!armed || !EVENTS_LIST.test(line) || ++answers !== 2) return;
      decided = client.approve(events[11]!).then(() => performance.now());
    };
    const onProgress = (p: SyncProgress) => {
      if (p.kind === 'events' && p.pages > passPages) armed = true;
    };
    const mirror = await Mirror.open(await tempDir());
    // The pass "starts" before the eleven approvals (the sync's clock), with no overlap: its check
    // lists exactly what changed since, the eleven survivors, all written by the pass as they are.
    const report = await mirror.sync(client, { pageSize: 2, overlapMs: 0, now: () => passStart, onProgress });
    const ended = performance.now();
    assert.ok(decided, 'the approval was taken during the check');
    assert.ok((await decided) < ended, 'and acknowledged before the sync ended');
    await assertEqualsService(client, mirror);
    const kind = report.kinds.find((k) => k.kind === 'events')!;
    assert.equal(kind.passes, 2, 'the check saw the approval, and the pass was listed again');
    assert.equal(kind.confirmed, true);
    mirror.close();
  });
});

/** Pending recommendations of events that share no record, by id. */
function eventRecommendations(page: Awaited<ReturnType<DedupClient['listRecommendations']>>): string[] {
  const touched = new Set<string>();
  const ids: string[] = [];
  for (const r of page.data) {
    const records = r.entities.map((e) => e.identifier ?? e['@id']);
    if (!records.every((id) => id.startsWith('urn:dedup-sandbox:event:')) || records.some((id) => touched.has(id))) continue;
    records.forEach((id) => touched.add(id));
    ids.push(r['@id']);
  }
  return ids;
}
