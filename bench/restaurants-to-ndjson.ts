// Converts the Fodors–Zagat restaurants CSV to the sandbox's `--load` NDJSON line format, with the
// ground truth as an extra "truth" member (ignored by the sandbox).
// Run: npx tsx bench/restaurants-to-ndjson.ts [OUT.ndjson] [--csv PATH]
//   then: npm run -s build && node dist/cli.js sandbox --load OUT.ndjson
import { writeFileSync } from 'node:fs';
import { findRestaurantsCsv, readRestaurants, restaurantNdjsonLine } from './lib/restaurants';

function main(): void {
  const args = process.argv.slice(2);
  const csvAt = args.indexOf('--csv');
  const csv = csvAt >= 0 ? args[csvAt + 1] : findRestaurantsCsv();
  const out = args.find((a, i) => !a.startsWith('--') && (csvAt < 0 || i !== csvAt + 1));
  if (!csv) {
    console.error('restaurants CSV is absent (looked for ../shared/data/restaurants/restaurant-nophone-training.csv); pass --csv PATH');
    process.exitCode = 1;
    return;
  }
  const rows = readRestaurants(csv);
  const text = rows.map((row, i) => JSON.stringify(restaurantNdjsonLine(row, i))).join('\n') + '\n';
  if (out) {
    writeFileSync(out, text);
    const bySource = rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.source]: (acc[r.source] ?? 0) + 1 }), {});
    console.error(`wrote ${rows.length} records (${Object.entries(bySource).map(([k, v]) => `${k} ${v}`).join(', ')}) to ${out}`);
  } else {
    process.stdout.write(text);
  }
}

main();
