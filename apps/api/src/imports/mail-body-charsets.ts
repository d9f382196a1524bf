/**
 * @module
 * Whether a message's text parts are all declared in Windows-1252, found from its `Content-Type` fields:
 * postal-mime joins the text parts into one body, so a repair of that body cannot be traced to one part.
 */
import { isWindows1252Charset } from "./windows-1252-charset.js";

/** A Content-Type field at the start of a line, with its folded continuation lines. */
const CONTENT_TYPE_FIELD = /^content-type:([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)/gim;
const CHARSET_PARAMETER = /;\s*charset\s*=\s*"?([^";\s]+)/i;

/**
 * True when `raw` has at least one `text/*` part and every one names a Windows-1252 charset
 * (`isWindows1252Charset`); a text part without a charset is read as UTF-8, so it makes this false.
 *
 * @example
 * textPartsAreWindows1252(Buffer.from("Content-Type: text/plain; charset=windows-1252\r\n\r\nCaf\xe9", "latin1")); // true
 */
export function textPartsAreWindows1252(raw: Buffer): boolean {
  let textParts = 0;
  for (const field of raw.toString("latin1").matchAll(CONTENT_TYPE_FIELD)) {
    const value = field[1]!;
    if (!/^\s*text\//i.test(value)) continue;
    textParts += 1;
    const charset = CHARSET_PARAMETER.exec(value)?.[1];
    if (charset === undefined || !isWindows1252Charset(charset)) return false;
  }
  return textParts > 0;
}
