/**
 * @module
 * Mail text in Windows-1252: which charset labels name it, and the repair of text Node decoded from it.
 * postal-mime decodes with Node's `TextDecoder`, which on Node 20 reads Windows-1252 and every label the
 * WHATWG Encoding Standard maps to it (`iso-8859-1`, `latin1`, `us-ascii`, ...) as ISO-8859-1, so bytes
 * 0x80 to 0x9F (euro sign, curly quotes, dashes) come out as C1 control characters.
 */
import { decodeWindows1252 } from "./text-encoding.js";

/**
 * True when a MIME charset label (case and surrounding spaces aside) names Windows-1252 for a WHATWG
 * decoder: `windows-1252`, `cp1252`, `iso-8859-1`, `latin1`, `us-ascii`, `ascii`, ...
 *
 * @example
 * isWindows1252Charset("ISO-8859-1"); // true
 */
export function isWindows1252Charset(label: string): boolean {
  try {
    return new TextDecoder(label).encoding === "windows-1252";
  } catch {
    return false;
  }
}

/**
 * `text` decoded from Windows-1252 bytes as ISO-8859-1, with each C1 control character (U+0080 to U+009F,
 * the byte it was read from) read again as Windows-1252.
 *
 * @example
 * c1ControlsAsWindows1252("Caf\u00e9 \u0096 \u00805"); // "Café – €5"
 */
export function c1ControlsAsWindows1252(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (control) => decodeWindows1252(Uint8Array.of(control.charCodeAt(0))));
}
