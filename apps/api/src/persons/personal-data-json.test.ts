import { describe, expect, it } from "vitest";
import { jsonPieces, jsonStream } from "./personal-data-json.js";

const documentWith = (emails: number) => ({
  person_uuid: "p",
  empty: [],
  user: null,
  skipped: undefined,
  emails: Array.from({ length: emails }, (_, index) => ({ uuid: `e${index}`, subject: index % 2 ? "Hi \"there\"" : null, body: "é\n" })),
  derived: { relationships: [{ user_uuid: "u", connection_score: 0.5 }] },
});

async function collected(pieces: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const piece of pieces) all.push(piece);
  return all;
}

/** The list in pages of `sizes` items, counting the pages read. */
function pagesOf<T>(items: readonly T[], sizes: readonly number[], reads: { count: number }) {
  return (async function* () {
    let start = 0;
    for (const size of sizes) {
      reads.count += 1;
      yield items.slice(start, start + size);
      start += size;
    }
  })();
}

describe("jsonPieces", () => {
  it.each([0, 1, 500, 501, 1_234])("joins into JSON.stringify of the document with %i list items", async (emails) => {
    const document = documentWith(emails);
    const pieces = await collected(jsonPieces(document));
    expect(pieces.join("")).toBe(JSON.stringify(document));
    if (emails > 500) expect(pieces.length).toBeGreaterThan(Math.ceil(emails / 500) + 2);
  });

  it("writes an empty object", async () => {
    expect((await collected(jsonPieces({}))).join("")).toBe("{}");
  });

  it.each([[[]], [[0, 0]], [[3]], [[0, 500, 0, 501, 2]]])("puts a lazy list's pages %j where the list is, as if it were whole", async (sizes) => {
    const whole = documentWith(sizes.reduce((sum, size) => sum + size, 0));
    const reads = { count: 0 };
    const pieces = jsonPieces({ ...whole, emails: [] }, { field: "emails", pages: pagesOf(whole.emails, sizes, reads) });
    expect((await collected(pieces)).join("")).toBe(JSON.stringify(whole));
    expect(reads.count).toBe(sizes.length);
  });

  it("reads a lazy list's next page only when the pieces get there", async () => {
    const whole = documentWith(1_500);
    const reads = { count: 0 };
    const pieces = jsonPieces({ ...whole, emails: [] }, { field: "emails", pages: pagesOf(whole.emails, [500, 500, 500], reads) });
    let text = "";
    for (let next = await pieces.next(); !next.done && reads.count < 2; next = await pieces.next()) text += next.value;
    // The first page written, the second just read: the third is not.
    expect(reads.count).toBe(2);
    expect(text).toContain('"uuid":"e499"');
    expect(text).not.toContain('"uuid":"e500"');
  });

  it("errors the stream when a page's read fails, telling onError first", async () => {
    const failing = (async function* () {
      yield [{ uuid: "e0" }];
      throw new Error("database closed");
    })();
    const errors: unknown[] = [];
    const stream = jsonStream(jsonPieces({ person_uuid: "p", emails: [] }, { field: "emails", pages: failing }), { onError: (error) => errors.push(error) });
    await expect(new Response(stream).text()).rejects.toThrow("database closed");
    expect(errors).toEqual([new Error("database closed")]);
  });

  it("streams the same text as bytes, and stops reading when the reader leaves", async () => {
    const document = documentWith(1_001);
    expect(await new Response(jsonStream(jsonPieces(document))).text()).toBe(JSON.stringify(document));

    const reads = { count: 0 };
    const stream = jsonStream(jsonPieces({ ...document, emails: [] }, { field: "emails", pages: pagesOf(document.emails, [1, 1, 1, 1], reads) }));
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    expect(reads.count).toBeLessThan(4);
  });
});
