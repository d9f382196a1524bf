/**
 * @module
 * How a header line written in raw bytes rather than encoded words is read (`rawHeaderDecoder`): older Japanese, Russian
 * and Chinese mail clients write the names and subject in the message's own charset (`Subject: 会議` in Shift_JIS or
 * in ISO-2022-JP's escape sequences, `From: Иван` in KOI8-R), which read as Windows-1252 were stored garbled. As mail
 * readers do, such bytes are read in the charset the message declares for its text (its `Content-Type`'s `charset`).
 */
import { decodeMailText, iconvCharsetFor } from "./mail-charsets.js";
import { decodeWindows1252 } from "./text-encoding.js";

/** The first `Content-Type` header of a header block, folded lines included, and its `charset` parameter. */
const CONTENT_TYPE_CHARSET = /^content-type:[^\n]*?(?:\n[ \t][^\n]*?)*?;\s*charset\s*=\s*"?([A-Za-z0-9_.:+-]{1,40})/im;
/** ISO-2022-JP's escape sequences into JIS X 0208 (`ESC $ B`, `ESC $ @`) and JIS X 0201 Roman (`ESC ( J`). */
const ISO_2022_JP_ESCAPE = /\x1b(?:\$[@B]|\(J)/;
const UTF8_LABELS = new Set(["utf-8", "utf8", "us-ascii", "ascii"]);

/** True when a header line holds ISO-2022-JP's escape sequences: 7-bit bytes that are text only in that charset. */
export const holdsIso2022Escapes = (line: Buffer): boolean => line.includes(0x1b) && ISO_2022_JP_ESCAPE.test(line.toString("latin1"));

/** The text of `bytes` in the WHATWG charset `label` (Node's decoders: Shift_JIS, EUC-KR, GBK, KOI8-R, ISO-2022-JP...), or null when it has none. */
function whatwgDecode(bytes: Buffer, label: string): string | null {
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * How the raw (not UTF-8, or ISO-2022-JP) header lines of a message whose header block is `header` are read: in the
 * charset its `Content-Type` declares, unless that is UTF-8 or ASCII or unknown, then Windows-1252 as before (a line
 * with ISO-2022-JP's escapes is ISO-2022-JP's whatever is declared).
 *
 * @example
 * rawHeaderDecoder(Buffer.from("Content-Type: text/plain; charset=KOI8-R\r\n"))(Buffer.from([0xe9, 0xd7, 0xc1, 0xce])); // "Иван"
 */
export function rawHeaderDecoder(header: Buffer): (line: Buffer) => string {
  const label = CONTENT_TYPE_CHARSET.exec(header.toString("latin1"))?.[1]?.toLowerCase() ?? null;
  return (line) => {
    if (holdsIso2022Escapes(line)) return whatwgDecode(line, "iso-2022-jp") ?? decodeWindows1252(line);
    if (label === null || UTF8_LABELS.has(label)) return decodeWindows1252(line);
    // The labels postal-mime misreads (Windows-1252's, IBM code pages) with iconv-lite, the others with Node's decoders.
    const iconvCharset = iconvCharsetFor(label);
    return iconvCharset !== null ? decodeMailText(line, iconvCharset) : (whatwgDecode(line, label) ?? decodeWindows1252(line));
  };
}
