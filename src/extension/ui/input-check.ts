// An input box's check as the user types, from the parser that will read the text: the parser's
// own error under the box, nothing once the text parses. The box and the command that reads its
// answer then never disagree on what is valid.

/** `validateInput` for a box whose answer `parse` reads (`parse` returns `{ error }` on bad text). */
export function validateByParsing(parse: (text: string) => object): (text: string) => string | undefined {
  return (text) => {
    const parsed = parse(text);
    return 'error' in parsed && typeof parsed.error === 'string' ? parsed.error : undefined;
  };
}
