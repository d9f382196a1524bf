/** @module The bytes a quoted-printable text stands for, shared by vCard 2.1 values and mail's Q encoded words. */

/**
 * The bytes of `text` with each `=XX` read as the byte it names; any other character stands for its UTF-8 bytes
 * (a soft line break's `=` is the caller's to have removed).
 *
 * @example
 * quotedPrintableBytes("Caf=E9"); // <Buffer 43 61 66 e9>
 */
export function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    const hex = text.slice(index + 1, index + 3);
    if (character === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      for (const byte of Buffer.from(character, "utf8")) bytes.push(byte);
    }
  }
  return Buffer.from(bytes);
}
