/**
 * @module
 * A mail message's header block made readable by postal-mime, which reads header bytes as UTF-8 and decodes
 * encoded words in Windows-1252 or in a charset it does not know as ISO-8859-1 (see mail-charsets.ts): a header
 * line that is not UTF-8, or holds ISO-2022-JP's escapes, is read in the message's declared charset, else as
 * Windows-1252 (raw-header-charset.ts), an encoded word in such a charset is written again in UTF-8, and encoded
 * words that split a character between them are joined (split-encoded-words.ts).
 */
import { isAscii, isUtf8 } from "node:buffer";
import { decodeMailText, iconvCharsetFor } from "./mail-charsets.js";
import { holdsIso2022Escapes, rawHeaderDecoder } from "./raw-header-charset.js";
import { encodedWordBytes, joinSplitEncodedWords } from "./split-encoded-words.js";

/** An RFC 2047 encoded word: `=?charset[*language]?B|Q?text?=`. */
const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?]*)\?=/g;
const LINE_FEED = 0x0a;

function misreadWordsAsUtf8(line: string): string {
  return line.replace(ENCODED_WORD, (word, label: string, encoding: string, text: string) => {
    const charset = iconvCharsetFor(label.split("*")[0]!);
    if (charset === null) return word;
    return `=?utf-8?B?${Buffer.from(decodeMailText(encodedWordBytes(encoding, text), charset), "utf8").toString("base64")}?=`;
  });
}

/**
 * Where the header block ends: at the line feed that starts its first empty line (`\n` or `\r\n`), else at the
 * end. A carriage return before that line feed stays with the last header line, which it leaves as it is.
 */
function headerBlockEnd(raw: Buffer): number {
  const bareBlankLine = raw.indexOf("\n\n");
  const crlfBlankLine = raw.indexOf("\n\r\n");
  if (bareBlankLine === -1 && crlfBlankLine === -1) return raw.length;
  if (bareBlankLine === -1 || crlfBlankLine === -1) return Math.max(bareBlankLine, crlfBlankLine);
  return Math.min(bareBlankLine, crlfBlankLine);
}

/**
 * `raw` with its header block (up to the first empty line) as UTF-8 and without encoded words in charsets
 * postal-mime misreads (`iconvCharsetFor`), or null when nothing in it needed changing. The body is left as it is.
 *
 * @example
 * mailHeaderAsUtf8(Buffer.from("Subject: =?windows-1252?Q?=80?=\r\n\r\n")); // "Subject: =?utf-8?B?4oKs?=\r\n\r\n"
 */
export function mailHeaderAsUtf8(raw: Buffer): Buffer | null {
  const headerEnd = headerBlockEnd(raw);
  const header = raw.subarray(0, headerEnd);
  // Most mail: every message of an import passes here, and one check of its bytes spares it the line-by-line work.
  if (isAscii(header) && header.indexOf("=?") === -1 && header.indexOf(0x1b) === -1) return null;
  const decodeRaw = rawHeaderDecoder(header);
  let changed = false;
  const lines: string[] = [];
  for (let start = 0; ; ) {
    const lineFeed = header.indexOf(LINE_FEED, start);
    const bytes = header.subarray(start, lineFeed === -1 ? header.length : lineFeed);
    const isUtf8Line = isUtf8(bytes) && !holdsIso2022Escapes(bytes);
    const decoded = isUtf8Line ? bytes.toString("utf8") : decodeRaw(bytes);
    const rewritten = misreadWordsAsUtf8(decoded);
    if (!isUtf8Line || rewritten !== decoded) changed = true;
    lines.push(rewritten);
    if (lineFeed === -1) break;
    start = lineFeed + 1;
  }
  // Words that cut a character between them, over a folded line too, joined (after the rewriting above, whose
  // words are whole UTF-8 each).
  const text = lines.join("\n");
  const whole = joinSplitEncodedWords(text);
  if (!changed && whole === text) return null;
  return Buffer.concat([Buffer.from(whole, "utf8"), raw.subarray(headerEnd)]);
}
