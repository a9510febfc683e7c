/**
 * Text the database cannot hold (README, "No request a client can shape answers 5xx"): a NUL byte
 * (PostgreSQL's text refuses 0x00) or half of a surrogate pair (not Unicode; a JSON column refuses it). The server
 * refuses it at its boundary for every JSON route (server/input-guard.ts); a page action that reads a form post
 * itself checks its values with the same test.
 */
// A NUL (the one control character PostgreSQL refuses; the others are judged by each field's own rule), or a high
// surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const unholdable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isUnholdableText = (text: string): boolean => unholdable.test(text);
