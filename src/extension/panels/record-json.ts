// The text of "Open as JSON". A record with a 1 MB value made VS Code take about 15 s to open the
// untitled editor: the editor lays out, tokenizes and folds the one huge line.
// Every string value longer than the limit is cut, with a marker in place saying how much was left
// out, and the document gets a comment on top saying so (it is then JSONC, which allows comments).
// Nothing is lost: the extension offers the whole record on request (openJson's `full`).
// Pure text in, text out: no `vscode` import, unit-tested in plain Node.

/** Characters kept of each long string; under VS Code's default editor.maxTokenizationLineLength (20,000). */
export const JSON_VALUE_LIMIT = 10_000;

export interface RecordJson {
  /** The document: pretty JSON, or with cut values a `//` note line and then the JSON. */
  text: string;
  /** How many string values were cut (0: the text is the whole record, plain JSON). */
  cut: number;
}

export interface RecordJsonWords {
  /** What replaces the rest of a cut value, e.g. "… [990,000 more characters]". */
  marker(more: number): string;
  /** The comment line on top of a document with cut values. */
  note(cut: number, limit: number): string;
}

export function recordJson(record: unknown, words: RecordJsonWords, limit = JSON_VALUE_LIMIT): RecordJson {
  let cut = 0;
  const body = JSON.stringify(
    record,
    (_key, value: unknown) => {
      if (typeof value !== 'string' || value.length <= limit) return value;
      cut++;
      // Never split a surrogate pair: the kept part stays valid text.
      const end = /[\uD800-\uDBFF]/.test(value[limit - 1]) ? limit - 1 : limit;
      return `${value.slice(0, end)}${words.marker(value.length - end)}`;
    },
    2,
  );
  if (!cut) return { text: `${body}\n`, cut };
  // One line whatever the words (a translation with a line break must not end the comment).
  const note = words.note(cut, limit).replace(/[\r\n\u2028\u2029]+/g, ' ');
  return { text: `// ${note}\n${body}\n`, cut };
}
