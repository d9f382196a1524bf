import fc from "fast-check";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { decodeWindows1252, isUtf8Head, windows1252ToUtf8 } from "./text-encoding.js";

describe("isUtf8Head", () => {
  it("accepts UTF-8, even cut inside its last character, and refuses Windows-1252 letters", () => {
    const text = Buffer.from("Jürgen Müller, São Paulo, 東京", "utf8");
    expect(isUtf8Head(text)).toBe(true);
    expect(isUtf8Head(text.subarray(0, text.length - 1))).toBe(true);
    expect(isUtf8Head(Buffer.from("Jürgen Müller", "latin1"))).toBe(false);
  });
});

describe("windows1252ToUtf8", () => {
  it("re-encodes any bytes, however the chunks fall, as the whole decoded at once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 1, max: 50 }), async (bytes, size) => {
        const chunks: Buffer[] = [];
        for (let at = 0; at < bytes.length; at += size) chunks.push(Buffer.from(bytes.subarray(at, at + size)));
        const out: Buffer[] = [];
        for await (const chunk of Readable.from(chunks).pipe(windows1252ToUtf8())) out.push(chunk as Buffer);
        expect(Buffer.concat(out).toString("utf8")).toBe(decodeWindows1252(bytes));
      }),
    );
    expect(decodeWindows1252(Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0x20, 0x80]))).toBe("José €");
  });
});
