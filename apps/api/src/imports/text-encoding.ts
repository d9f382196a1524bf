/**
 * @module
 * The two encodings a CSV arrives in: UTF-8, and Windows-1252, which Excel on Windows writes ("CSV" rather than
 * "CSV UTF-8") and whose accented letters are not UTF-8. A file whose first bytes are not UTF-8 is read as
 * Windows-1252, which gives every byte a character, rather than with a replacement character for each.
 */
import { Transform } from "node:stream";
import iconv from "iconv-lite";

/** True when `head`, the first bytes of a file (perhaps cut inside a character), is UTF-8. */
export function isUtf8Head(head: Uint8Array): boolean {
  try {
    // Streaming: a character cut at the end of the head is left pending, not an error.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * `bytes` of Windows-1252 as text. Not Node's `TextDecoder("windows-1252")`: it decodes ISO-8859-1 under that
 * name, so bytes 0x80 to 0x9F (the euro sign, curly quotes, dashes) come out as control characters.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), "windows-1252");
}

/** A stream that turns Windows-1252 bytes into UTF-8 bytes (one byte is one character, so chunks need no joining). */
export function windows1252ToUtf8(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, Buffer.from(decodeWindows1252(chunk), "utf8"));
    },
  });
}
