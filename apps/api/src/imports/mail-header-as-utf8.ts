/**
 * @module
 * A mail message's header block made readable by postal-mime, which reads header bytes as UTF-8 and decodes
 * Windows-1252 encoded words as ISO-8859-1 (see windows-1252-charset.ts): a header line that is not UTF-8
 * is read as Windows-1252, and an encoded word in a Windows-1252 charset is written again in UTF-8.
 */
import { isUtf8 } from "node:buffer";
import { isWindows1252Charset } from "./windows-1252-charset.js";
import { decodeWindows1252 } from "./text-encoding.js";

/** An RFC 2047 encoded word: `=?charset[*language]?B|Q?text?=`. */
const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?]*)\?=/g;

/** The bytes an encoded word's text stands for. */
function encodedWordBytes(encoding: string, text: string): Buffer {
  if (encoding === "B" || encoding === "b") return Buffer.from(text, "base64");
  const bytes = text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1");
}

function windows1252WordsAsUtf8(line: string): string {
  return line.replace(ENCODED_WORD, (word, label: string, encoding: string, text: string) => {
    const charset = label.split("*")[0]!;
    if (!isWindows1252Charset(charset)) return word;
    return `=?utf-8?B?${Buffer.from(decodeWindows1252(encodedWordBytes(encoding, text)), "utf8").toString("base64")}?=`;
  });
}

/**
 * `raw` with its header block (up to the first empty line) as UTF-8 and without Windows-1252 encoded words,
 * or null when nothing in it needed changing. The body is left as it is.
 *
 * @example
 * mailHeaderAsUtf8(Buffer.from("Subject: =?windows-1252?Q?=80?=\r\n\r\n")); // "Subject: =?utf-8?B?4oKs?=\r\n\r\n"
 */
export function mailHeaderAsUtf8(raw: Buffer): Buffer | null {
  const text = raw.toString("latin1");
  const blankLine = /\r?\n\r?\n/.exec(text);
  const headerEnd = blankLine ? blankLine.index : text.length;
  let changed = false;
  const lines = text.slice(0, headerEnd).split("\n").map((line) => {
    const bytes = Buffer.from(line, "latin1");
    const isUtf8Line = isUtf8(bytes);
    const decoded = isUtf8Line ? bytes.toString("utf8") : decodeWindows1252(bytes);
    const rewritten = windows1252WordsAsUtf8(decoded);
    if (!isUtf8Line || rewritten !== decoded) changed = true;
    return rewritten;
  });
  if (!changed) return null;
  return Buffer.concat([Buffer.from(lines.join("\n"), "utf8"), raw.subarray(headerEnd)]);
}
