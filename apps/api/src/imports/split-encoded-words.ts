/**
 * @module
 * Encoded words (RFC 2047) that split a character between them joined into one (`joinSplitEncodedWords`): a mailer
 * that cuts a long UTF-8 or Shift_JIS name or subject into words by length may cut inside a character, and each word
 * decoded alone gives replacement characters ("王���明" for "王小明").
 */
import { quotedPrintableBytes } from "./quoted-printable.js";

/** A run of encoded words apart only by white space, a folded line's included. */
const ENCODED_WORD_RUN = /=\?[^?\s]+\?[BbQq]\?[^?]*\?=(?:(?:[ \t]|\r?\n[ \t])*=\?[^?\s]+\?[BbQq]\?[^?]*\?=)+/g;
const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?]*)\?=/g;

interface EncodedWord {
  /** The label as written, its language (`*fr`) included. */
  label: string;
  bytes: Buffer;
}

/** The bytes an encoded word's text stands for. */
export function encodedWordBytes(encoding: string, text: string): Buffer {
  if (encoding === "B" || encoding === "b") return Buffer.from(text, "base64");
  // The Q encoding is quoted-printable with "_" for a space (RFC 2047, section 4.2).
  return quotedPrintableBytes(text.replace(/_/g, " "));
}

/** Whether `bytes` are whole characters of the charset `label` names; null when the platform does not know it. */
function decodesWhole(label: string, bytes: Buffer): boolean | null {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label.split("*")[0]!, { fatal: true });
  } catch {
    return null;
  }
  try {
    decoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** `words` with each stretch of the same label whose words split a character between them joined into one. */
function joined(words: readonly EncodedWord[]): EncodedWord[] {
  const result: EncodedWord[] = [];
  for (let start = 0; start < words.length; ) {
    let end = start + 1;
    const label = words[start]!.label.toLowerCase();
    while (end < words.length && words[end]!.label.toLowerCase() === label) end++;
    const stretch = words.slice(start, end);
    const bytes = Buffer.concat(stretch.map((word) => word.bytes));
    const split = stretch.some((word) => decodesWhole(word.label, word.bytes) === false) && decodesWhole(words[start]!.label, bytes) === true;
    result.push(...(split ? [{ label: words[start]!.label, bytes }] : stretch));
    start = end;
  }
  return result;
}

/**
 * `header` with each run of adjacent encoded words of one charset that cut a character between them written as one
 * word holding their bytes (in B encoding); every other word, and the white space between words (which RFC 2047 has a
 * reader drop), left as written.
 *
 * @example joinSplitEncodedWords("=?UTF-8?B?546L5Q==?= =?UTF-8?B?sI/mmI4=?=") // "=?UTF-8?B?546L5bCP5piO?=" (王小明)
 */
export function joinSplitEncodedWords(header: string): string {
  if (header.indexOf("=?") === -1) return header;
  return header.replace(ENCODED_WORD_RUN, (run) => {
    const words = [...run.matchAll(ENCODED_WORD)].map(([, label, encoding, text]) => ({ label: label!, bytes: encodedWordBytes(encoding!, text!) }));
    const result = joined(words);
    if (result.length === words.length) return run;
    return result.map((word) => `=?${word.label}?B?${word.bytes.toString("base64")}?=`).join(" ");
  });
}
