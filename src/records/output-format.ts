// The file formats a list is written in: NDJSON (one record per line, the default), a JSON array,
// or CSV.
export type OutputFormat = 'ndjson' | 'json' | 'csv';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['ndjson', 'json', 'csv'];

/** The format a file name asks for: .csv, .json, otherwise NDJSON (.ndjson, .jsonl, anything else). */
export function formatFromPath(path: string): OutputFormat {
  const lower = path.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return 'ndjson';
}
