/**
 * @module
 * Rewrites vCard 2.1 peculiarities into the 3.0 syntax the parser reads: bare parameters
 * (`EMAIL;INTERNET;PREF:`) become `TYPE=` parameters, quoted-printable values (with their `=`
 * soft line breaks) are decoded in the charset they name, and a base64 value's lines written without
 * the folding space (2.1 ends such a value with a blank line instead) are joined to their property.
 */
import iconv from "iconv-lite";
import { quotedPrintableBytes } from "./quoted-printable.js";

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes = quotedPrintableBytes(value);
  // A charset iconv-lite does not know is read as ISO-8859-1, which keeps every byte as a character.
  return iconv.encodingExists(charset) ? iconv.decode(bytes, charset) : bytes.toString("latin1");
}

/** A line holding nothing but base64 text: no property line can be one, as it has no colon. */
const BASE64_LINE = /^[A-Za-z0-9+/=]+$/;

/** True for a 2.1 property head with a base64 value (`PHOTO;ENCODING=BASE64;JPEG`, `LOGO;BASE64`). */
function isBase64Head(head: string): boolean {
  return head.split(";").slice(1).some((parameter) => /^(encoding=)?(base64|b)$/i.test(parameter.trim()));
}

/** Splits `NAME;PARAM;PARAM:value` at the first colon outside double quotes. */
function splitLine(line: string): { head: string; value: string } | null {
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    if (line[index] === '"') quoted = !quoted;
    if (line[index] === ":" && !quoted) return { head: line.slice(0, index), value: line.slice(index + 1) };
  }
  return null;
}

/**
 * The card's text with 2.1 syntax rewritten; 3.0 and 4.0 cards come back unchanged.
 *
 * @example
 * modernizeVcard("BEGIN:VCARD\r\nVERSION:2.1\r\nEMAIL;INTERNET:a@x.example\r\nEND:VCARD");
 * // "BEGIN:VCARD\r\nVERSION:2.1\r\nEMAIL;TYPE=INTERNET:a@x.example\r\nEND:VCARD"
 */
export function modernizeVcard(text: string): string {
  if (!/^VERSION:2\.1\s*$/im.test(text)) return text;
  const rawLines = text.split(/\r?\n/);
  const lines: string[] = [];
  for (let index = 0; index < rawLines.length; index += 1) {
    let line = rawLines[index]!;
    const head = splitLine(line)?.head ?? "";
    if (/ENCODING=QUOTED-PRINTABLE/i.test(head)) {
      while (line.endsWith("=") && index + 1 < rawLines.length) line = line.slice(0, -1) + rawLines[++index];
    } else if (isBase64Head(head)) {
      // Phones and address books of the 2.1 era wrap a photo's base64 at 76 characters without indenting the lines
      // (the parser read each as a property without a colon, and the whole card failed).
      while (index + 1 < rawLines.length && BASE64_LINE.test(rawLines[index + 1]!.trim())) line += rawLines[++index]!.trim();
    }
    lines.push(line);
  }
  return lines
    .map((line) => {
      if (/^[ \t]/.test(line)) return line;
      const parts = splitLine(line);
      if (!parts) return line;
      const [name, ...parameters] = parts.head.split(";");
      let value = parts.value;
      const kept: string[] = [];
      let quotedPrintable = false;
      let charset = "utf-8";
      for (const parameter of parameters) {
        if (!parameter) continue;
        const [key, ...rest] = parameter.split("=");
        if (rest.length === 0) {
          if (/^quoted-printable$/i.test(key!)) quotedPrintable = true;
          else kept.push(`TYPE=${key}`);
        } else if (/^encoding$/i.test(key!) && /^quoted-printable$/i.test(rest.join("="))) {
          quotedPrintable = true;
        } else if (/^charset$/i.test(key!)) {
          charset = rest.join("=");
        } else {
          kept.push(parameter);
        }
      }
      if (quotedPrintable) value = decodeQuotedPrintable(value, charset);
      return `${[name, ...kept].join(";")}:${value}`;
    })
    .join("\r\n");
}
