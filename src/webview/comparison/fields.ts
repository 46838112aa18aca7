// The comparison's row keys and verdicts: plain constants that the page's protocol (protocol.ts),
// what the page posts (from-page.ts) and the extension's view builder share. No schemas here, so the
// extension importing them does not take in the page's schemas.

/** The rows of the comparison, in display order: the interface's entity fields. */
export const FIELD_KEYS = ['name', 'street', 'postalCode', 'locality', 'region', 'country', 'telephone', 'url', 'integration', 'sourceId', 'identifier', 'type'] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

/**
 * Rows only an event comparison has, when an entity carries them: its start
 * (local time, UTC as a note) and its venue (the location's name when sent, and its address), so a
 * curator reads them side by side and not only as ISO strings in the sum below.
 */
export const EVENT_ROW_KEYS = ['start', 'venue'] as const;
export type RowKey = FieldKey | (typeof EVENT_ROW_KEYS)[number];

/** What a curator decides (the service's approve and reject endpoints). */
export const VERDICTS = ['approve', 'reject'] as const;
export type Verdict = (typeof VERDICTS)[number];
