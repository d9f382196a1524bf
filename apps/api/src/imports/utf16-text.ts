/**
 * @module
 * UTF-16 contacts files: Outlook and some phones export vCards in UTF-16, and Excel's "Unicode Text" is
 * tab-separated UTF-16LE. Recognized by their byte order mark, or without one by the zero byte that mostly-ASCII
 * text has in every other byte; decoded with Node's `TextDecoder`.
 */
import { Transform } from "node:stream";

export type Utf16Encoding = "utf-16le" | "utf-16be";

/** How many of a file's first bytes the pattern of zero bytes is looked for in (a contacts file's header line). */
export const UTF16_PATTERN_BYTES = 1024;

/**
 * `utf-16le` or `utf-16be` when `head`, a file's first bytes, starts with that byte order mark or, without one,
 * reads as UTF-16 text that is mostly ASCII (as the field names and delimiters of a vCard or CSV are): at least
 * half of the first code units have one zero byte, all on the same side, and none is two zero bytes (which text
 * never holds, but UTF-32 and binary files do). Null for anything else; a UTF-8 or Windows-1252 file holds no
 * zero byte at all.
 *
 * @example
 * utf16EncodingOf(Buffer.from("\uFEFFBEGIN:VCARD", "utf16le")); // "utf-16le"
 */
export function utf16EncodingOf(head: Uint8Array): Utf16Encoding | null {
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  const units = Math.floor(Math.min(head.length, UTF16_PATTERN_BYTES) / 2);
  let zeroSecond = 0;
  let zeroFirst = 0;
  for (let unit = 0; unit < units; unit += 1) {
    const first = head[2 * unit]!;
    const second = head[2 * unit + 1]!;
    if (first === 0 && second === 0) return null;
    if (second === 0) zeroSecond += 1;
    else if (first === 0) zeroFirst += 1;
  }
  if (units === 0) return null;
  if (zeroSecond * 2 >= units && zeroFirst * 8 <= zeroSecond) return "utf-16le";
  if (zeroFirst * 2 >= units && zeroSecond * 8 <= zeroFirst) return "utf-16be";
  return null;
}

/**
 * A stream that turns UTF-16 bytes into UTF-8 bytes. The decoder streams, so a code unit or a surrogate pair cut
 * between two chunks is joined, not replaced; a leading byte order mark is dropped, and a file that ends inside a
 * character ends with a replacement character.
 *
 * @example
 * pipeline(createReadStream("contacts.vcf"), utf16ToUtf8("utf-16le"), ...);
 */
export function utf16ToUtf8(encoding: Utf16Encoding): Transform {
  const decoder = new TextDecoder(encoding);
  // A chunk of one byte, or half a surrogate pair, decodes to nothing yet: nothing is pushed for it.
  const utf8 = (text: string) => (text === "" ? undefined : Buffer.from(text, "utf8"));
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, utf8(decoder.decode(chunk, { stream: true })));
    },
    flush(done) {
      done(null, utf8(decoder.decode()));
    },
  });
}
