// Runs inside the real VS Code extension host (bench/extension-host.ts builds it into the
// integration suite's folder and starts the harness narrowed to "bench:"). Registers nothing unless
// DEDUP_CURATOR_BENCH_OUT is set, so a normal `npm run test:vscode` that finds the compiled file
// is unaffected. Measures (issue 6, figures 3 and 4) and writes them as JSON to that file:
//   - activation: ext.activate() from the caller's side, with fetch calls counted and whether
//     dist/sandbox.js was loaded;
//   - refresh → first page's items in the tree, beside a bare fetch + JSON.parse of the same page;
//   - getChildren (and getTreeItem of every node) with 10,000 records loaded.
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { PagedList } from '../../src/extension/views/paged-list';

const OUT = process.env.DEDUP_CURATOR_BENCH_OUT;
const REPEAT = 7;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function settled(api: DedupCuratorApi): Promise<void> {
  for (let i = 0; i < 3; i++) await Promise.all([api.recommendations.loading, api.locations.loading, api.events.loading]);
}

if (OUT) {
  describe('bench: extension', function () {
    this.timeout(900_000);

    it('measures activation, refresh and getChildren', async () => {
      const { baseUrl, token } = JSON.parse(readFileSync(process.env.DEDUP_CURATOR_BENCH_SANDBOX!, 'utf8')) as { baseUrl: string; token: string };
      const out: Record<string, unknown> = {};
      const ext = vscode.extensions.getExtension<DedupCuratorApi>('dedup-curator.dedup-curator');
      if (!ext) throw new Error('the extension is not installed');

      // Activation, with every fetch counted (the client's ofetch calls the global fetch).
      const realFetch = globalThis.fetch;
      let fetches = 0;
      globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
        fetches++;
        return realFetch(...args);
      }) as typeof fetch;
      out.alreadyActive = ext.isActive;
      const t0 = performance.now();
      const api = await ext.activate();
      out.activationMs = performance.now() - t0;
      // Where that time went, from the extension's own marks on the same clock: VS Code loading the
      // bundle; VS Code preparing the ExtensionContext (its mementos and storage are round trips to
      // the workbench, awaited before activate() is called); activate() itself.
      out.moduleLoadMs = api.timings.moduleEvaluatedAt - t0;
      out.contextMs = api.timings.activateStartedAt - api.timings.moduleEvaluatedAt;
      out.activateBodyMs = api.timings.activateEndedAt - api.timings.activateStartedAt;
      // activate() returns before the session's first state; time that too, and count its fetches.
      await api.ready;
      out.firstStateMs = performance.now() - t0;
      out.fetchesDuringActivation = fetches;
      globalThis.fetch = realFetch;
      out.sandboxBundleLoaded = Object.keys(require.cache).some((k) => /[\\/]dist[\\/]sandbox\.js$/.test(k));
      // What activate() awaits last: the session's first state (SecretStorage and setContext, both
      // round trips to the workbench). Timed again here to show its share of the activation.
      const reload: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await api.session.reload();
        reload.push(performance.now() - t);
      }
      out.sessionReloadMs = median(reload);
      // The views' labels format dates with toLocaleString, once per tree item.
      const t1 = performance.now();
      for (let i = 0; i < 1000; i++) new Date(1_700_000_000_000 + i).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
      out.toLocaleStringUs = (performance.now() - t1);

      await api.session.useEphemeral({ baseUrl, token, label: 'Bench sandbox' });
      const config = vscode.workspace.getConfiguration('dedupCurator');
      await config.update('pageSize.recommendations', 200, vscode.ConfigurationTarget.Global);
      await config.update('pageSize.locations', 500, vscode.ConfigurationTarget.Global);
      await config.update('defaultTimeWindow', 'all', vscode.ConfigurationTarget.Global);
      await new Promise((r) => setTimeout(r, 500));
      await settled(api);

      const floorPage = async (path: string, body: unknown) => {
        const t = performance.now();
        const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        const parsed = JSON.parse(await res.text()) as { data: unknown };
        if (!parsed.data) throw new Error('no data');
        return performance.now() - t;
      };
      const lists: [string, PagedList<unknown>, string, unknown][] = [
        ['recommendations', api.recommendations as PagedList<unknown>, '/api/custom/recommended-deduplications', { page: 0, page_size: 200 }],
        ['locations', api.locations as PagedList<unknown>, '/api/custom/locations', { page: 0, page_size: 500, updated_since: '1970-01-01T00:00:00.000Z' }],
      ];
      for (const [name, list, path, body] of lists) {
        const refresh: number[] = [];
        const floor: number[] = [];
        for (let i = 0; i < REPEAT; i++) {
          floor.push(await floorPage(path, body));
          const t = performance.now();
          await list.refresh();
          const items = list.getChildren();
          refresh.push(performance.now() - t);
          if (items.length < 2) throw new Error(`${name}: the first page brought ${items.length} items`);
        }
        // 10,000 loaded records: page on, then time what VS Code calls to draw the tree.
        while (list.loaded().length < 10_000 && list.hasMore) await list.loadMore();
        const getChildren: number[] = [];
        const withItems: number[] = [];
        let nodes = 0;
        for (let i = 0; i < REPEAT; i++) {
          let t = performance.now();
          const children = list.getChildren();
          getChildren.push(performance.now() - t);
          t = performance.now();
          for (const n of list.getChildren()) list.getTreeItem(n);
          withItems.push(performance.now() - t);
          nodes = children.length;
        }
        out[name] = {
          refreshMs: refresh,
          floorMs: floor,
          refreshMedianMs: median(refresh),
          floorMedianMs: median(floor),
          loaded: list.loaded().length,
          nodes,
          getChildrenMs: getChildren,
          getChildrenMedianMs: median(getChildren),
          getChildrenAndTreeItemsMs: withItems,
          getChildrenAndTreeItemsMedianMs: median(withItems),
        };
      }
      for (const key of ['pageSize.recommendations', 'pageSize.locations', 'defaultTimeWindow']) await config.update(key, undefined, vscode.ConfigurationTarget.Global);
      writeFileSync(OUT, JSON.stringify(out, null, 2));
    });
  });
}
