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

describe("jsonPieces", () => {
  it.each([0, 1, 500, 501, 1_234])("joins into JSON.stringify of the document with %i list items", (emails) => {
    const document = documentWith(emails);
    const pieces = [...jsonPieces(document)];
    expect(pieces.join("")).toBe(JSON.stringify(document));
    if (emails > 500) expect(pieces.length).toBeGreaterThan(Math.ceil(emails / 500) + 2);
  });

  it("writes an empty object", () => {
    expect([...jsonPieces({})].join("")).toBe("{}");
  });

  it("streams the same text as bytes", async () => {
    const document = documentWith(1_001);
    expect(await new Response(jsonStream(document)).text()).toBe(JSON.stringify(document));
  });
});
