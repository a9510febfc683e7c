/**
 * Text refused wherever it comes in (README, "No request a client can shape answers 5xx"), whatever the field:
 * - what the database cannot hold: a NUL byte (PostgreSQL's text refuses 0x00) or half of a surrogate pair (not
 *   Unicode; a JSON column refuses it);
 * - the controls that reorder how text is shown (Unicode's bidirectional embeddings, overrides and isolates,
 *   U+202A–U+202E and U+2066–U+2069): stored and shown as typed, "SBP 000111 <U+202E>(ьтаволыв ен) 999888" reads
 *   as another reference than the one stored, in the console, on the claim page and in letters. No one types them in
 *   a reference, a name or a comment of a Russian and English site; a right-to-left script needs none of them.
 * The server refuses it at its boundary for every JSON route (server/input-guard.ts); a page action that reads a form
 * post itself checks its values with the same test.
 */
// A NUL (the one control character PostgreSQL refuses; the others are judged by each field's own rule), a high
// surrogate not followed by a low one, a low surrogate not preceded by a high one, or a bidirectional control.
const refused =
  // eslint-disable-next-line no-control-regex -- matching NUL is the point
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\u202a-\u202e\u2066-\u2069]/;

export const isRefusedText = (text: string): boolean => refused.test(text);

const refusedEverywhere = new RegExp(refused.source, 'g');
/** `text` without what `isRefusedText` refuses. */
export const withoutRefusedText = (text: string): string => text.replace(refusedEverywhere, '');
