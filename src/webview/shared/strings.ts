// The strings of the parts every page shares (key → English, {0}… for arguments); each page's
// catalogue includes them.
export const SHARED_STRINGS = {
  showAll: 'Show all ({0} more characters)',
} as const;
