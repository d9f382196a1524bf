/**
 * @module
 * Which mail charsets iconv-lite decodes instead of postal-mime. postal-mime decodes with the platform's
 * `TextDecoder` and reads a label it cannot resolve (`windows1252`, `cp437`, `ibm850`) as Windows-1252,
 * which Node 20 decodes as ISO-8859-1; Windows-1252 itself comes out as ISO-8859-1 too (bytes 0x80 to
 * 0x9F as control characters). Text in those labels is decoded here: in Windows-1252 for a label the
 * WHATWG Encoding Standard maps to it, else in the charset iconv-lite knows by that name. A label iconv-lite
 * does not know either stays ISO-8859-1, every byte kept as a character.
 */
import { isAscii } from "node:buffer";
import iconv from "iconv-lite";
import { decodeWords } from "postal-mime";

/** Bytes 0x80 to 0xFF, which postal-mime's ISO-8859-1 reading turns into U+0080 to U+00FF one for one. */
const HIGH_BYTES = Buffer.from(Array.from({ length: 128 }, (_unused, index) => 0x80 + index));
const HIGH_BYTES_AS_ISO_8859_1 = HIGH_BYTES.toString("latin1");
const HIGH_BYTES_WORD = HIGH_BYTES.toString("base64");
/** iconv-lite codecs that are not charsets: a message naming them gets ISO-8859-1, as before. */
const NOT_CHARSETS = new Set(["base64", "hex"]);
/** A code page written with a vendor prefix (`dos-437`, `IBM_850`, `ms-1250`), which iconv-lite knows as `cpNNN`. */
const CODE_PAGE = /^(?:cp|ibm|ms|dos|windows)[\s._-]*(\d{3,5})$/;

/** Verdicts by label, bounded because a message chooses its labels: an unknown label costs a thrown `TextDecoder`. */
const verdicts = new Map<string, string | null>();
const MAX_VERDICTS = 512;

function postalMimeReadsAsIso88591(label: string): boolean {
  if (/[?\s]/.test(label)) return false;
  return decodeWords(`=?${label}?B?${HIGH_BYTES_WORD}?=`) === HIGH_BYTES_AS_ISO_8859_1;
}

function whatwgEncoding(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

function iconvName(label: string): string | null {
  const unprefixed = label.replace(/^(?:x-ms-|x-|cs)/, "");
  const codePage = CODE_PAGE.exec(unprefixed)?.[1];
  for (const candidate of [label, unprefixed, ...(codePage ? [`cp${codePage}`] : [])]) {
    if (whatwgEncoding(candidate) === "windows-1252" || whatwgEncoding(candidate.replace(/[\s._-]+/g, "")) === "windows-1252") return "windows-1252";
    if (!NOT_CHARSETS.has(candidate) && iconv.encodingExists(candidate)) return candidate;
  }
  return null;
}

function verdictFor(label: string): string | null {
  if (!postalMimeReadsAsIso88591(label)) return null;
  return iconvName(label);
}

/**
 * The iconv-lite encoding text in MIME charset `label` is decoded in, or null when postal-mime decodes it
 * right itself or no decoder knows the label (then postal-mime's ISO-8859-1 reading stands).
 *
 * @example
 * iconvCharsetFor("IBM437"); // "ibm437"
 * iconvCharsetFor("iso-8859-1"); // "windows-1252"
 * iconvCharsetFor("utf-8"); // null
 */
export function iconvCharsetFor(label: string): string | null {
  const key = label.trim().toLowerCase();
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const verdict = verdictFor(key);
  if (verdicts.size < MAX_VERDICTS) verdicts.set(key, verdict);
  return verdict;
}

const asciiCompatible = new Map<string, boolean>();
const ASCII = Buffer.from(Array.from({ length: 128 }, (_unused, index) => index));

/** True when `bytes` decode in `encoding` (from iconvCharsetFor) to the same text as in UTF-8, so need no work. */
export function decodesAsItself(bytes: Uint8Array, encoding: string): boolean {
  if (!isAscii(bytes)) return false;
  let compatible = asciiCompatible.get(encoding);
  if (compatible === undefined) {
    compatible = iconv.decode(ASCII, encoding) === ASCII.toString("latin1");
    if (asciiCompatible.size < MAX_VERDICTS) asciiCompatible.set(encoding, compatible);
  }
  return compatible;
}

/** `bytes` as text in `encoding`, an encoding iconvCharsetFor gave. */
export function decodeMailText(bytes: Uint8Array, encoding: string): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
}
