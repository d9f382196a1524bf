import fc from "fast-check";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { UTF16_PATTERN_BYTES, utf16EncodingOf, utf16ToUtf8 } from "./utf16-text.js";

const utf16le = (text: string) => Buffer.from(text, "utf16le");
const utf16be = (text: string) => Buffer.from(text, "utf16le").swap16();
const card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jürgen Müller\r\nEMAIL:jurgen@initech.example\r\nEND:VCARD\r\n";

/** `bytes` cut into chunks of `size` bytes (the last one shorter). */
function chunked(bytes: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

async function decoded(chunks: Buffer[], encoding: "utf-16le" | "utf-16be"): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(utf16ToUtf8(encoding))) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("utf16EncodingOf", () => {
  it("knows UTF-16 by its byte order mark, whatever follows it", () => {
    expect(utf16EncodingOf(utf16le(`\uFEFF${card}`))).toBe("utf-16le");
    expect(utf16EncodingOf(utf16be(`\uFEFF${card}`))).toBe("utf-16be");
    expect(utf16EncodingOf(utf16le("\uFEFF東京都千代田区"))).toBe("utf-16le");
    expect(utf16EncodingOf(Buffer.from([0xff, 0xfe]))).toBe("utf-16le");
  });

  it("knows mostly-ASCII UTF-16 without a byte order mark by the zero byte in every other byte", () => {
    expect(utf16EncodingOf(utf16le(card))).toBe("utf-16le");
    expect(utf16EncodingOf(utf16be(card))).toBe("utf-16be");
    // Names in another script are fine while the field names and delimiters around them are ASCII.
    const japanese = "BEGIN:VCARD\r\nFN:山田 太郎\r\nN:山田;太郎;;;\r\nORG:株式会社\r\nEND:VCARD\r\n";
    expect(utf16EncodingOf(utf16le(japanese))).toBe("utf-16le");
    expect(utf16EncodingOf(utf16be(japanese))).toBe("utf-16be");
    // One character is enough to go by.
    expect(utf16EncodingOf(utf16le("A"))).toBe("utf-16le");
  });

  it("takes no UTF-8, Windows-1252, UTF-32, binary or empty file for UTF-16", () => {
    expect(utf16EncodingOf(Buffer.from(card, "utf8"))).toBeNull();
    expect(utf16EncodingOf(Buffer.from(`\uFEFF${card}`, "utf8"))).toBeNull();
    expect(utf16EncodingOf(Buffer.from(card, "latin1"))).toBeNull();
    expect(utf16EncodingOf(Buffer.alloc(0))).toBeNull();
    expect(utf16EncodingOf(Buffer.from("A"))).toBeNull();
    // UTF-32LE without a byte order mark: "A" is 41 00 00 00, whose second code unit is two zero bytes.
    expect(utf16EncodingOf(Buffer.from([0x41, 0, 0, 0, 0x42, 0, 0, 0]))).toBeNull();
    // A PNG's first bytes: a zero here and there, and a run of them.
    expect(utf16EncodingOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]))).toBeNull();
  });

  it("goes by the first bytes only, so that a long file is sniffed in constant time", () => {
    const ascii = Buffer.alloc(UTF16_PATTERN_BYTES, 0x41);
    expect(utf16EncodingOf(Buffer.concat([utf16le("A".repeat(UTF16_PATTERN_BYTES / 2)), ascii]))).toBe("utf-16le");
    expect(utf16EncodingOf(Buffer.concat([ascii, utf16le("A".repeat(UTF16_PATTERN_BYTES))]))).toBeNull();
  });
});

describe("utf16ToUtf8", () => {
  it("joins a surrogate pair and a code unit cut between chunks, and drops the byte order mark", async () => {
    const bytes = utf16le("\uFEFFA😀B");
    // 2 bytes of BOM, 2 of "A", then the pair D83D DE00: a cut after byte 5 splits a code unit, after byte 6 the pair.
    expect(await decoded([bytes.subarray(0, 5), bytes.subarray(5, 7), bytes.subarray(7)], "utf-16le")).toBe("A😀B");
    expect(await decoded([bytes.subarray(0, 6), bytes.subarray(6)], "utf-16le")).toBe("A😀B");
    expect(await decoded(chunked(utf16be("\uFEFFA😀B"), 1), "utf-16be")).toBe("A😀B");
  });

  it("decodes any text, however the chunks fall, as the whole decoded at once", async () => {
    // A leading U+FEFF is a byte order mark, dropped by design.
    const texts = fc.string({ unit: "grapheme", maxLength: 80 }).filter((text) => !text.startsWith("\uFEFF"));
    await fc.assert(
      fc.asyncProperty(texts, fc.integer({ min: 1, max: 9 }), fc.boolean(), async (text, size, littleEndian) => {
        const bytes = littleEndian ? utf16le(text) : utf16be(text);
        expect(await decoded(chunked(bytes, size), littleEndian ? "utf-16le" : "utf-16be")).toBe(text);
      }),
    );
  });

  it("ends a file cut inside a character with a replacement character", async () => {
    expect(await decoded([utf16le("A😀").subarray(0, 4)], "utf-16le")).toBe("A\uFFFD");
  });
});
