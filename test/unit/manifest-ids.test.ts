// Every id package.json contributes or reads (commands, views, the view container, webview panel
// types, settings, `when`-clause context keys and the values they compare with) is one of the
// constants in src/extension/ids.ts and setting-keys.ts, and every constant is contributed: a
// renamed command or a misspelt context key fails here, not as a menu that silently never shows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONNECTION_STATES,
  Commands,
  ContextKeys,
  LegacyCommands,
  PanelTypes,
  DECISION_HISTORY_SCHEME,
  TreeItemKinds,
  VIEW_CONTAINER,
  Views,
} from '../../src/extension/ids';
import { PAGE_SIZES, SETTINGS_SECTION, SettingKeys } from '../../src/extension/setting-keys';

const root = join(import.meta.dirname, '..', '..');

interface Manifest {
  activationEvents: string[];
  contributes: {
    viewsContainers: Record<string, { id: string }[]>;
    views: Record<string, { id: string }[]>;
    viewsWelcome: { view: string; when?: string }[];
    commands: { command: string; enablement?: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    configuration: { properties: Record<string, { maximum?: number }> };
    keybindings: { command: string; when?: string; args?: { $treeViewId?: string } }[];
  };
}
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const c = manifest.contributes;

const values = (o: Record<string, string>) => new Set(Object.values(o));
const sorted = (s: Iterable<string>) => [...s].sort();

/** VS Code's own context keys the manifest compares with our ids. */
const BUILT_IN_KEYS = new Set(['view', 'viewItem', 'focusedView', 'activeWebviewPanelId']);

interface Term {
  key: string;
  op?: string;
  value?: string;
  clause: string;
}

/** The terms of a `when` clause: `a && !b || c == d`, `view =~ /re/`. */
function termsOf(clause: string): Term[] {
  return clause
    .split(/&&|\|\|/)
    .map((t) => t.trim().replace(/^!\s*/, '').replace(/^\(+|\)+$/g, '').trim())
    .filter((t) => t && t !== 'true' && t !== 'false')
    .map((t) => {
      const m = /^([\w.$-]+)\s*(==|!=|=~)\s*(.+)$/.exec(t);
      return m ? { key: m[1], op: m[2], value: m[3].trim(), clause } : { key: t, clause };
    });
}

function allClauses(): string[] {
  const clauses: string[] = [];
  for (const w of c.viewsWelcome) if (w.when) clauses.push(w.when);
  for (const cmd of c.commands) if (cmd.enablement) clauses.push(cmd.enablement);
  for (const items of Object.values(c.menus)) for (const i of items) if (i.when) clauses.push(i.when);
  for (const k of c.keybindings) if (k.when) clauses.push(k.when);
  return clauses;
}

/** The ids a value of `key` may be, for the keys whose values are ours. */
function allowedValues(key: string): Set<string> | undefined {
  if (key === 'view' || key === 'focusedView') return values(Views);
  if (key === 'activeWebviewPanelId') return values(PanelTypes);
  if (key === 'viewItem') return values(TreeItemKinds);
  if (key === ContextKeys.connection) return new Set(CONNECTION_STATES);
  return undefined;
}

describe('package.json ids are the constants of src/extension/ids.ts and setting-keys.ts', () => {
  it('contributes exactly the commands of Commands, and none of LegacyCommands', () => {
    const contributed = c.commands.map((x) => x.command);
    assert.deepEqual(sorted(contributed), sorted(values(Commands)));
    for (const legacy of Object.values(LegacyCommands)) assert.ok(!contributed.includes(legacy), `${legacy} is registered only, not contributed`);
  });

  it('menus and keybindings name only commands of Commands', () => {
    const known = values(Commands);
    for (const [menu, items] of Object.entries(c.menus)) for (const i of items) assert.ok(known.has(i.command), `menus.${menu}: ${i.command}`);
    for (const k of c.keybindings) assert.ok(known.has(k.command), `keybindings: ${k.command}`);
  });

  it('contributes exactly the view container and the views of Views', () => {
    assert.deepEqual(
      Object.values(c.viewsContainers).flatMap((l) => l.map((v) => v.id)),
      [VIEW_CONTAINER],
    );
    assert.deepEqual(Object.keys(c.views), [VIEW_CONTAINER]);
    assert.deepEqual(sorted(c.views[VIEW_CONTAINER].map((v) => v.id)), sorted(values(Views)));
    for (const w of c.viewsWelcome) assert.ok(values(Views).has(w.view), `viewsWelcome: ${w.view}`);
    for (const k of c.keybindings) if (k.args?.$treeViewId) assert.ok(values(Views).has(k.args.$treeViewId), `keybindings: ${k.args.$treeViewId}`);
  });

  it('activates on exactly the webview panel types of PanelTypes', () => {
    const panels = manifest.activationEvents.filter((e) => e.startsWith('onWebviewPanel:')).map((e) => e.slice('onWebviewPanel:'.length));
    assert.deepEqual(sorted(panels), sorted(values(PanelTypes)));
  });

  it('activates on the Decision History scheme, so its tab restored after a reload can be read', () => {
    // VS Code asks for onFileSystem:<scheme> when a restored editor's scheme has no provider yet;
    // without it the extension is not active then and the tab is dropped (the walk of issue 13;
    // test/harness/check-restore.mjs reloads a real workbench to see it come back).
    assert.ok(manifest.activationEvents.includes(`onFileSystem:${DECISION_HISTORY_SCHEME}`), manifest.activationEvents.join(', '));
  });

  it('contributes exactly the settings of SettingKeys, with the page-size maxima settings.ts clamps to', () => {
    const props = c.configuration.properties;
    const keys = Object.keys(props).map((k) => {
      assert.ok(k.startsWith(`${SETTINGS_SECTION}.`), k);
      return k.slice(SETTINGS_SECTION.length + 1);
    });
    assert.deepEqual(sorted(keys), sorted(values(SettingKeys)));
    for (const { key, max } of Object.values(PAGE_SIZES)) assert.equal(props[`${SETTINGS_SECTION}.${key}`].maximum, max, key);
  });

  it('`when` clauses read only ContextKeys and VS Code keys, and compare them with our ids', () => {
    const ours = values(ContextKeys);
    const terms = allClauses().flatMap(termsOf);
    assert.ok(terms.length > 50, 'the clauses were parsed');
    for (const t of terms) {
      assert.ok(BUILT_IN_KEYS.has(t.key) || ours.has(t.key), `unknown context key "${t.key}" in "${t.clause}"`);
      const allowed = allowedValues(t.key);
      if (!allowed || t.value === undefined) continue;
      if (t.op === '=~') {
        const re = /^\/(.*)\/([a-z]*)$/.exec(t.value);
        assert.ok(re, `not a regular expression: ${t.value}`);
        const matched = [...allowed].filter((v) => new RegExp(re[1], re[2]).test(v));
        assert.ok(matched.length > 0, `"${t.value}" matches none of our ids in "${t.clause}"`);
      } else {
        assert.ok(allowed.has(t.value), `"${t.value}" is not one of our ids for ${t.key} in "${t.clause}"`);
      }
    }
  });

  it('every context key of ContextKeys is read by some `when` clause', () => {
    const read = new Set(allClauses().flatMap(termsOf).map((t) => t.key));
    for (const key of Object.values(ContextKeys)) assert.ok(read.has(key), `${key} is set but no when clause reads it`);
  });

  it('the check catches a misspelt key (the parser is not vacuous)', () => {
    const [term] = termsOf('dedupCurator.conection == ready');
    assert.equal(term.key, 'dedupCurator.conection');
    assert.ok(!values(ContextKeys).has(term.key));
    assert.deepEqual(termsOf('view =~ /^dedupCurator\\.(locations|events)$/ && !dedupCurator.onlyExternalUpdates').map((t) => t.key), ['view', 'dedupCurator.onlyExternalUpdates']);
  });

  it('a palette command shown with a ready connection is shown before the extension starts too', () => {
    // A command is what activates the extension in a new window, and the connection's key is unset
    // until then: a command shown only when it is "ready" could not be a window's first command
    // (Open Triage typed first ran Open Comparison, the nearest command shown).
    const needsReady = (c.menus.commandPalette ?? []).filter((m) => m.when?.includes(`${ContextKeys.connection} == ready`));
    assert.ok(needsReady.length >= 5, `only ${needsReady.length} palette commands depend on the connection`);
    for (const m of needsReady) {
      assert.match(m.when!, new RegExp(`^!${ContextKeys.connection.replace('.', '\\.')} \\|\\| `), `${m.command} is hidden from the palette until the extension has started ("${m.when}")`);
    }
  });
});
