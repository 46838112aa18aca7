// Find Location… (issue 18): "Sync Mirror" copies the service's locations and events into the local
// mirror (the status bar then says "Mirror: just now"); "Find Location…" searches it as the user
// types. Part of a location's name with a typo in it must bring that location up in the quick pick,
// and Enter on it opens its record panel. Kept apart from e2e-walk.mjs so steps added there by
// others merge without touching these.
import { StepError, expect, runCommand, until, webviewFrame } from './e2e-walk.mjs';

export async function findLocationWithATypo(page, { screenshot, say }) {
  await runCommand(page, 'Dedup Curator: Sync Mirror');
  const mirrorStatus = page.locator('.part.statusbar').getByText(/Mirror: (just now|\d+ min ago)/).first();
  await expect('"Mirror: just now" in the status bar after Sync Mirror', mirrorStatus.waitFor({ timeout: 60000 }));
  say(`Sync Mirror: the status bar reads "${(await mirrorStatus.innerText()).trim()}"`);

  await runCommand(page, 'Dedup Curator: Find Location…');
  const title = page.locator('.quick-input-widget .quick-input-title');
  await until('the Find Location quick pick', async () => /Find Location among [\d,]+/.test(await title.innerText()));
  // Before anything is typed the quick pick lists the mirror's locations: a name from there is one
  // the mirror holds (a location listed in the view earlier may have been merged away since).
  const names = page.locator('.quick-input-widget .quick-input-list .monaco-list-row .label-name');
  await expect('locations listed before typing', names.first().waitFor());
  const target = pickLocation(await names.allInnerTexts());
  if (!target) throw new StepError('no listed location has a word of five letters or more to misspell');
  const { name, query } = target;
  const unfiltered = (await names.allInnerTexts()).join('\n');
  await page.keyboard.type(query, { delay: 20 });
  // The list answers each keystroke: wait for the query's own answer (the list changed from the
  // unfiltered one, then held still for a second), so the name is not found in a list not yet redrawn.
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await until(`"${query}" in the search box`, async () => (await input.inputValue()) === query);
  let shown = unfiltered;
  let stableSince = Date.now();
  await until(`the results for "${query}"`, async () => {
    const now = (await names.allInnerTexts()).join('\n');
    if (now !== shown) [shown, stableSince] = [now, Date.now()];
    return now !== unfiltered && Date.now() - stableSince >= 1000;
  });
  const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  const offered = rows.filter({ has: page.locator('.label-name', { hasText: exactly(name) }) }).first();
  await expect(`"${name}" offered for "${query}"`, offered.waitFor({ timeout: 30000 }));
  const position = Number(await offered.getAttribute('data-index'));
  say(`Find Location "${query}" (typo of "${name}"): offered at position ${position + 1}, title "${(await title.innerText()).trim()}"`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(500);
  await screenshot('e2e-find-location');

  // Down to it with the keyboard (the first row is active), then Enter.
  for (let i = 0; i < position; i++) await page.keyboard.press('ArrowDown');
  const active = page.locator('.quick-input-widget .quick-input-list .monaco-list-row.focused .label-name').first();
  await until(`"${name}" to be the active row`, async () => (await active.innerText()).trim() === name);
  await page.keyboard.press('Enter');
  const panel = await webviewFrame(page, `the location panel of "${name}"`, (f) => f.locator('main.record.location h1', { hasText: exactly(name) }).first());
  say(`Enter opened the location panel "${(await panel.locator('main.record.location h1').innerText()).trim()}"`);
}

/** The first location with a word of ≥ 5 letters: its name and a query with one letter changed. */
function pickLocation(names) {
  for (const raw of names) {
    const name = raw.trim();
    const words = name.split(/\s+/);
    const long = words.filter((w) => /^\p{L}{5,}$/u.test(w)).sort((a, b) => b.length - a.length)[0];
    if (!long) continue;
    // One substituted letter in the middle: within the search's typo allowance (one edit per four letters).
    const i = Math.floor(long.length / 2);
    const typo = long.slice(0, i) + (long[i].toLowerCase() === 'x' ? 'q' : 'x') + long.slice(i + 1);
    // Another word of the name, typed only in part, narrows it down as a user would.
    const other = words.find((w) => w !== long && /^\p{L}{3,}/u.test(w));
    return { name, query: other ? `${typo} ${other.slice(0, 3)}` : typo };
  }
  return undefined;
}

function exactly(text) {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
