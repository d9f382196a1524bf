/**
 * @module
 * The encodings a contacts file (CSV, vCard) arrives in: UTF-8; UTF-16, which Outlook and some phones export vCards
 * in and Excel's "Unicode Text" is written in; and Windows-1252, which Excel on Windows writes ("CSV" rather than
 * "CSV UTF-8"), as do older address books, and whose accented letters are not UTF-8. A file whose first bytes are
 * neither UTF-16 nor UTF-8 is read as Windows-1252, which gives every byte a character, rather than with a
 * replacement character for each; unless its bytes are not those of a Latin alphabet's text (`readsAsWindows1252`):
 * Excel writes "CSV" in the Windows code page of its system, Cyrillic, Greek, Japanese..., which read as Windows-1252
 * would be stored garbled ("Èâàí" for "Иван"), so such a file is refused, with how to save it as UTF-8.
 */
import { pipeline, Readable, Transform } from "node:stream";
import iconv from "iconv-lite";
import { ImportFormatError } from "./imported-items.js";
import { utf16EncodingOf, utf16ToUtf8 } from "./utf16-text.js";

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/** How much of a file decides its encoding. */
export const ENCODING_SNIFF_BYTES = 64 * 1024;

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
 * The encoding a file whose first bytes are `head` is read in: UTF-16 by its byte order mark or its pattern of zero
 * bytes, else UTF-8 when `head` is UTF-8 (an empty file is), else Windows-1252.
 *
 * @example
 * detectTextEncoding(Buffer.from("Jos\xe9", "latin1")); // "windows-1252"
 */
export function detectTextEncoding(head: Uint8Array): TextEncodingName {
  return utf16EncodingOf(head) ?? (isUtf8Head(head) ? "utf-8" : "windows-1252");
}

/** Bytes Windows-1252 leaves undefined: lead bytes of Shift_JIS, GBK and Big5, never written by a Latin text. */
const UNDEFINED_IN_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const isAsciiLetter = (byte: number) => (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a;

/**
 * True when `head`, the first bytes of a file that is not UTF-8, reads as Windows-1252 text of a Latin alphabet: its
 * bytes from 0x80 up (accented letters, typographic punctuation) stand mostly alone among ASCII letters ("Müller",
 * "Ação"). False when at least half of the words holding such bytes are written in them as another code page writes
 * its alphabet: three or more in a row, or two or more and no ASCII letter ("Èâàí Ïåòðîâ" is Windows-1251's "Иван
 * Петров"; Greek, Hebrew, Arabic and Thai code pages, EUC-KR and GBK alike), or when a byte Windows-1252 leaves
 * undefined is there (Shift_JIS, GBK, Big5).
 *
 * @example
 * readsAsWindows1252(iconv.encode("José Müller", "windows-1252")); // true
 * readsAsWindows1252(iconv.encode("Иван Петров", "windows-1251")); // false
 */
export function readsAsWindows1252(head: Uint8Array): boolean {
  let words = 0;
  let foreign = 0;
  let high = 0;
  let run = 0;
  let longestRun = 0;
  let asciiLetters = 0;
  const endWord = () => {
    if (high > 0) {
      words += 1;
      if (longestRun >= 3 || (high >= 2 && asciiLetters === 0)) foreign += 1;
    }
    high = run = longestRun = asciiLetters = 0;
  };
  for (const byte of head) {
    if (UNDEFINED_IN_WINDOWS_1252.has(byte)) return false;
    if (byte >= 0x80) {
      high += 1;
      run += 1;
      longestRun = Math.max(longestRun, run);
    } else if (isAsciiLetter(byte)) {
      asciiLetters += 1;
      run = 0;
    } else endWord();
  }
  endWord();
  return foreign * 2 < words;
}

/** Why a file that is neither UTF-8, UTF-16 nor Windows-1252 is refused, and how to save it so that it is read. */
export const NOT_A_KNOWN_TEXT_ENCODING =
  "is not UTF-8 or UTF-16 text, and its letters are not Windows-1252's (it looks written in another code page, such as Cyrillic, Greek or Japanese, which would be read garbled): save it as UTF-8 (Excel: Save As, \"CSV UTF-8\" or \"Unicode Text\") and import it again";

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

/** Reads the first bytes (for sniffing) and hands back a stream that still yields all of them; counts what it reads. */
async function peek(stream: Readable, counter: { bytes: number }): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < ENCODING_SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = typeof next.value === "string" ? Buffer.from(next.value) : (next.value as Buffer);
    chunks.push(chunk);
    size += chunk.length;
    counter.bytes += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay() {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const chunk = typeof next.value === "string" ? Buffer.from(next.value) : (next.value as Buffer);
      counter.bytes += chunk.length;
      yield chunk;
    }
  }
  return { head, whole: Readable.from(replay(), { objectMode: false }) };
}

export interface Utf8Text {
  /** The encoding the file is read in. */
  encoding: TextEncodingName;
  /** The file's first bytes, as they are in the file. */
  head: Buffer;
  /** `head` as text, in the encoding the file is read in. */
  headText: string;
  /** The whole file as UTF-8 bytes. */
  text: Readable;
}

/**
 * `stream` as UTF-8, read in the encoding its first 64 KiB show (`detectTextEncoding`). `counter` counts the bytes
 * read from `stream` (not the UTF-8 bytes handed on), for progress against the file's size. A file that is not UTF-8
 * and does not read as Windows-1252 (`readsAsWindows1252`) is an ImportFormatError naming it as `name` says.
 *
 * @example
 * const { headText, text } = await readAsUtf8(createReadStream("contacts.vcf"), { bytes: 0 });
 */
export async function readAsUtf8(stream: Readable, counter: { bytes: number }, name = "the file"): Promise<Utf8Text> {
  const { head, whole } = await peek(stream, counter);
  const encoding = detectTextEncoding(head);
  if (encoding === "utf-8") return { encoding, head, headText: head.toString("utf8"), text: whole };
  if (encoding === "windows-1252" && !readsAsWindows1252(head)) {
    // `whole` has not started reading `stream`: destroyed alone, it left the file open.
    whole.destroy();
    stream.destroy();
    throw new ImportFormatError(`${name} ${NOT_A_KNOWN_TEXT_ENCODING}`);
  }
  // Joined, so that an error of the file's stream reaches the reader, and a reader that stops early ends both.
  if (encoding === "windows-1252") return { encoding, head, headText: decodeWindows1252(head), text: pipeline(whole, windows1252ToUtf8(), () => {}) };
  // Streaming, so that a code unit or surrogate pair cut at the head's end is left out rather than replaced.
  const headText = new TextDecoder(encoding).decode(head, { stream: true });
  return { encoding, head, headText, text: pipeline(whole, utf16ToUtf8(encoding), () => {}) };
}
