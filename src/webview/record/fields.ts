// The record pages' plain constants, shared by the page's protocol (protocol.ts), what the page
// posts (from-page.ts) and the extension's view builders. No schemas here, so the extension
// importing them does not take in the page's schemas.

export const RECORD_KINDS = ['location', 'event'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The parts of an address, in display order (the interface's names). */
export const ADDRESS_FIELDS = ['streetAddress', 'postalCode', 'addressLocality', 'addressRegion', 'addressCountry'] as const;
