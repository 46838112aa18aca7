// The three lists the service serves, as the CLI's commands, the export and the CSV columns name
// them. Not to be confused with a record panel's kind ('location' | 'event', src/webview) or the
// sandbox's entity kind (src/sandbox/store-ids.ts): those name one record, this names a list.
export type ListKind = 'recommendations' | 'locations' | 'events';

export const LIST_KINDS: readonly ListKind[] = ['recommendations', 'locations', 'events'];
