/**
 * When a text quotes a person: an address or full name counts only where it stands whole, not inside a longer word
 * or address ("dan@initech.example" in "jordan@initech.example", "Dan" in "Jordan" name someone else). The export
 * shows such quotes and erasure redacts them, by this one rule.
 */

/** Characters that continue a word or an address: a needle next to one is part of something longer. */
const CONTINUES = /[\p{L}\p{N}._%+@-]/u;

/**
 * Whether the `length` characters of `text` at `at` stand whole. A full stop after them ends a sentence, not a
 * domain, unless a letter or digit follows.
 */
export function quotedWholeAt(text: string, at: number, length: number): boolean {
  const before = text[at - 1];
  const after = text[at + length];
  const next = text[at + length + 1];
  const endsHere = after === undefined || !CONTINUES.test(after) || (after === "." && (next === undefined || !/[\p{L}\p{N}]/u.test(next)));
  return (before === undefined || !CONTINUES.test(before)) && endsHere;
}

/** Where `text` quotes `needle` whole (both folded alike), as `[start, end)` spans. */
export function wholeQuotesOf(text: string, needle: string): Array<[start: number, end: number]> {
  const spans: Array<[number, number]> = [];
  if (needle.length === 0) return spans;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    if (quotedWholeAt(text, at, needle.length)) spans.push([at, at + needle.length]);
  }
  return spans;
}

/** Whether `text` (folded) quotes `needle` (folded) whole somewhere. */
export function quotesWhole(text: string, needle: string): boolean {
  return wholeQuotesOf(text, needle).length > 0;
}

/** A file name's extension, as a data subject's name or address in the name would otherwise run into it. */
const EXTENSION = /\.[\p{L}\p{N}]{1,10}$/u;

/**
 * Where a file name (folded) quotes `needle` whole: in the name itself, or in the name before its extension
 * ("zelda quintero.vcf", "zelda@quintero.example.mbox": a single contact or a mailbox exported under its owner's name),
 * where the extension would otherwise read as more of the word or address.
 */
export function fileNameQuotesOf(fileName: string, needle: string): Array<[start: number, end: number]> {
  const spans = wholeQuotesOf(fileName, needle);
  const extension = EXTENSION.exec(fileName);
  if (extension === null) return spans;
  for (const span of wholeQuotesOf(fileName.slice(0, extension.index), needle)) {
    if (!spans.some(([start]) => start === span[0])) spans.push(span);
  }
  return spans;
}
