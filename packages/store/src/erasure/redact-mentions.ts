/**
 * Erasure step's text work: every mention of an erased person in a text, or in the texts of a JSON value, gives
 * way to a fixed marker; the rest of the text stays readable.
 */
import { sqliteLower } from "../normalize.js";
import { fileNameQuotesOf, wholeQuotesOf } from "../personal-data/whole-quotes.js";

/** What stands where an erased person's address or name was quoted. */
export const ERASED_MARKER = "[erased]";

/**
 * `text` with each whole quote of the folded `needles` (as `importMentionNeedles` folds them: A–Z only, so the
 * folded text keeps every position; whole as `quotesWhole` reads it, so "jordan@x.example" keeps its letters when
 * "dan@x.example" is erased) replaced by `ERASED_MARKER`; overlapping quotes become one marker.
 */
export function redactMentions(text: string, needles: readonly string[], quotesOf = wholeQuotesOf): string {
  const folded = sqliteLower(text);
  const spans = needles.flatMap((needle) => quotesOf(folded, needle));
  if (spans.length === 0) return text;
  spans.sort((left, right) => left[0] - right[0] || right[1] - left[1]);
  let redacted = "";
  let kept = 0;
  for (const [start, end] of spans) {
    if (end <= kept) continue;
    if (start >= kept) redacted += text.slice(kept, start) + ERASED_MARKER;
    kept = end;
  }
  return redacted + text.slice(kept);
}

/** A file name with each quote `fileNameQuotesOf` finds replaced: "Zelda Quintero.vcf" becomes "[erased].vcf". */
export function redactFileName(fileName: string, needles: readonly string[]): string {
  return redactMentions(fileName, needles, fileNameQuotesOf);
}

/** A JSON value with `redactMentions` applied to each of its strings and object keys, at any depth. */
export function redactMentionsInJson(value: unknown, needles: readonly string[]): unknown {
  if (typeof value === "string") return redactMentions(value, needles);
  if (Array.isArray(value)) return value.map((item) => redactMentionsInJson(item, needles));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [redactMentions(key, needles), redactMentionsInJson(item, needles)]));
  }
  return value;
}
