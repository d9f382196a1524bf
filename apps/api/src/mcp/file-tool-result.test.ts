/** A downloaded file as a tool result: its bytes and a text file's text, kept to the budget with a preview saying what is left out. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fileToolResult } from "./file-tool-result.js";

const headersOf = (contentType: string) => new Headers({ "content-type": contentType, "content-disposition": 'attachment; filename="f"' });
const restCall = "GET /v1/files/f1/content";
type Json = Record<string, any>;
const answerOf = (contentType: string, bytes: Buffer, budget: number) => {
  const result = fileToolResult(200, headersOf(contentType), bytes, { budget, restCall });
  expect(result.content[0]!.text).toBe(JSON.stringify(result.structuredContent));
  return result.structuredContent as Json;
};

describe("a file as a tool result", () => {
  it("carries a small file's bytes as base64, and a text file's as text too, with no preview", () => {
    const memo = Buffer.from("Northwind: term sheet by Friday — «signed»\n");
    expect(answerOf("text/plain; charset=utf-8", memo, 50_000)).toEqual({
      status: 200,
      content_type: "text/plain; charset=utf-8",
      content_disposition: 'attachment; filename="f"',
      size_bytes: memo.byteLength,
      content_base64: memo.toString("base64"),
      content_text: memo.toString("utf8"),
    });
    // A JSON file is a file: its bytes, not its parsed value.
    expect(answerOf("application/json", Buffer.from('{"a":1}'), 50_000)).toMatchObject({ content_base64: "eyJhIjoxfQ==", content_text: '{"a":1}' });
    // Bytes that are not text, or not UTF-8, come as base64 alone.
    for (const [type, bytes] of [["image/png", Buffer.from([137, 80, 78, 71])], ["text/plain", Buffer.from([0xff, 0xfe, 0x41])]] as const) {
      const answer = answerOf(type, bytes, 50_000);
      expect(answer.content_base64).toBe(bytes.toString("base64"));
      expect(answer).not.toHaveProperty("content_text");
    }
  });

  it("leaves a large file's base64 out and keeps its text's beginning, within the budget, saying what is left out and where the whole is", () => {
    const text = "Revenue grew 40% year over year.\n".repeat(3_000);
    const answer = answerOf("text/csv", Buffer.from(text), 5_000);
    expect(answer).not.toHaveProperty("content_base64");
    expect(text.startsWith(answer.content_text)).toBe(true);
    expect(answer.content_text.length).toBeGreaterThan(3_000);
    expect(answer.preview).toMatchObject({ complete: false, answer_bytes: expect.any(Number) });
    expect(answer.preview.note).toContain(`content_text holds its first ${Buffer.byteLength(answer.content_text)} bytes`);
    expect(answer.preview.note).toContain(restCall);
    expect(answer.size_bytes).toBe(Buffer.byteLength(text));

    const picture = answerOf("image/jpeg", Buffer.alloc(10_000, 7), 5_000);
    expect(picture).not.toHaveProperty("content_base64");
    expect(picture.preview.note).toContain("its bytes are left out");
  });

  it("holds for any text and budget: within the budget, the text's beginning, never half a character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 3_000 }), fc.integer({ min: 700, max: 6_000 }), (text, budget) => {
        const result = fileToolResult(200, headersOf("text/markdown"), Buffer.from(text), { budget, restCall });
        const answer = result.structuredContent as Json;
        expect(Buffer.byteLength(result.content[0]!.text)).toBeLessThanOrEqual(budget);
        // Its UTF-8 is a prefix of the file's bytes (a leading byte order mark dropped): a cut character would not be.
        const bytes = Buffer.from(text.replace(/^\uFEFF/, ""));
        const shown = Buffer.from(answer.content_text as string);
        expect(bytes.subarray(0, shown.byteLength).equals(shown)).toBe(true);
        if (answer.preview === undefined) expect(shown.equals(bytes)).toBe(true);
      }),
    );
  });
});
