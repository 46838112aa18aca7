// A command run from the palette in a new window is what activates the extension, and it runs before
// the session has read its token (SecretStorage is a round trip to the workbench): Sync Mirror then
// said "connect to a service first" to a connected user. The window's start-up is played here with
// a session of its own, over the real SecretStorage and a sandbox on 127.0.0.1: its state is "no
// connection" when the command starts, as at activation, and becomes ready when the start-up settles.
// The palette's pick of a pending recommendation said "No pending recommendations are loaded" the same
// way, beside a status bar counting thousands.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ACTIVE_KEY } from '../../src/extension/connection/connections';
import { Session } from '../../src/extension/connection/session';
import { sessionBacklog } from '../../src/extension/connection/session-pages';
import { pickPending } from '../../src/extension/curation/pick-pending';
import { pickRecord } from '../../src/extension/panels/pick-record';
import { LocationsList } from '../../src/extension/views/locations-list';
import { MirrorService } from '../../src/extension/mirror/mirror-service';
import { RecommendationsList } from '../../src/extension/views/recommendations-list';
import { EARLIEST_SINCE } from '../../src/mirror';
import { capturingNotifications } from './messages';
import { type SandboxConnection, sandboxConnection } from './sandbox-connection';

/** globalState as a new window reads it: the connection chosen earlier on this machine. */
function rememberedChoice(name: string): vscode.Memento {
  const values = new Map<string, unknown>([[ACTIVE_KEY, name]]);
  return {
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: async (key: string, value: unknown) => void values.set(key, value),
  } as vscode.Memento;
}

describe('A command that activates the extension in a new window', function () {
  this.timeout(120000);
  const NAME = 'first-command';
  let fixture: SandboxConnection;
  let dir: string;

  before(async () => {
    fixture = await sandboxConnection(NAME, { token: 'first-command-token', locations: 60, events: 30, seed: 7 });
    dir = await mkdtemp(path.join(tmpdir(), 'first-command-'));
  });

  after(async () => {
    await fixture?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('Sync Mirror waits for the start-up and syncs, instead of saying there is no connection', async () => {
    const log = vscode.window.createOutputChannel('Dedup Curator first-command test', { log: true });
    const session = new Session(fixture.api.session.tokens, log, rememberedChoice(NAME));
    const mirrors = new MirrorService(session, vscode.Uri.file(dir), log);
    try {
      // As extension.ts does: the first reload is part of a start-up that activate() does not wait for.
      session.startingWith(Promise.resolve().then(() => session.reload()));
      assert.equal(session.state.kind, 'no-connection', 'the state was computed before the command ran: this test would not see the start-up');
      const report = await mirrors.sync({ quiet: true });
      assert.ok(report, `Sync Mirror run during the start-up did not sync (the session is ${session.state.kind})`);
      let locations = 0;
      for await (const _ of fixture.direct.allLocations({ updatedSince: EARLIEST_SINCE, pageSize: 500 })) locations++;
      assert.equal(report.kinds.find((k) => k.kind === 'locations')?.count, locations, 'every location is mirrored');
    } finally {
      mirrors.dispose();
      session.dispose();
      log.dispose();
    }
  });

  it('a recommendation picked from the palette (Open Comparison, Approve…, Reject…, Mark as Unsure…) waits for the start-up and the first page', async () => {
    const log = vscode.window.createOutputChannel('Dedup Curator first-command pick test', { log: true });
    const session = new Session(fixture.api.session.tokens, log, rememberedChoice(NAME));
    const backlog = sessionBacklog(session);
    const list = new RecommendationsList(fixture.api.recommendations.viewId, session, fixture.api.errors, undefined, backlog);
    // As extension.ts does: the views load again when the session has a client.
    const follow = session.onDidChange(() => void list.refresh());
    const w = vscode.window as unknown as { showQuickPick: unknown };
    const savedPick = w.showQuickPick;
    const offered: string[] = [];
    // The user takes the first item offered.
    w.showQuickPick = async (items: { label: string }[]) => (offered.push(...items.map((i) => i.label)), items[0]);
    try {
      session.startingWith(Promise.resolve().then(() => session.reload()));
      assert.equal(session.state.kind, 'no-connection', 'the state was computed before the command ran: this test would not see the start-up');
      const { picked, said } = await capturingNotifications(async (messages) => ({ picked: await pickPending(session, list, 'Dedup Curator: Open Comparison'), said: messages.map((m) => m.text) }));
      assert.deepEqual(said, [], 'a notification instead of the pick');
      const first = (await fixture.direct.listRecommendations({ page: 0, pageSize: 1 })).data[0];
      assert.equal(picked?.['@id'], first['@id'], 'the first pending recommendation was not offered first');
      assert.equal(offered.length, list.shown().length);
    } finally {
      w.showQuickPick = savedPick;
      follow.dispose();
      list.dispose();
      backlog.dispose();
      session.dispose();
      log.dispose();
    }
  });

  it('Open Location… from the palette waits for the start-up and the first page, and offers the locations', async () => {
    const log = vscode.window.createOutputChannel('Dedup Curator first-command location test', { log: true });
    const session = new Session(fixture.api.session.tokens, log, rememberedChoice(NAME));
    const list = new LocationsList(fixture.api.locations.viewId, session, fixture.api.errors);
    const follow = session.onDidChange(() => void list.refresh());
    const qp = vscode.window as unknown as { createQuickPick: () => vscode.QuickPick<vscode.QuickPickItem> };
    const savedCreate = qp.createQuickPick;
    const offered: string[] = [];
    // The user takes the first item offered, as soon as the pick shows (the quick pick's own parts
    // that the pick uses: its items, accept and hide).
    qp.createQuickPick = () => {
      let accept: (() => void) | undefined;
      let hidden: (() => void) | undefined;
      const none = { dispose: () => undefined };
      const pick = {
        items: [] as vscode.QuickPickItem[],
        selectedItems: [] as vscode.QuickPickItem[],
        onDidChangeValue: () => none,
        onDidAccept: (f: () => void) => ((accept = f), none),
        onDidHide: (f: () => void) => ((hidden = f), none),
        hide: () => hidden?.(),
        dispose: () => undefined,
        show: () => {
          // The records offered (after them, with more on the service: "Load all and search again").
          offered.push(...pick.items.filter((i) => 'record' in i).map((i) => i.label));
          pick.selectedItems = pick.items.slice(0, 1);
          accept?.();
        },
      };
      return pick as unknown as vscode.QuickPick<vscode.QuickPickItem>;
    };
    try {
      session.startingWith(Promise.resolve().then(() => session.reload()));
      assert.equal(session.state.kind, 'no-connection', 'the state was computed before the command ran: this test would not see the start-up');
      const { picked, said } = await capturingNotifications(async (messages) => ({ picked: await pickRecord(session, list, 'location'), said: messages.map((m) => m.text) }));
      assert.deepEqual(said, [], 'a notification instead of the pick');
      assert.ok(offered.length > 0 && offered.length === list.shown().length, `offered ${offered.length} of the ${list.shown().length} loaded`);
      assert.equal(picked?.kind, 'location');
      assert.ok(list.shown().some((l) => l.id === picked?.record.id), 'the pick is one of the loaded locations');
    } finally {
      qp.createQuickPick = savedCreate;
      follow.dispose();
      list.dispose();
      session.dispose();
      log.dispose();
    }
  });
});
