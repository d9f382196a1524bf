import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answerMismatch } from "./answer-mismatch.js";

const person = z.object({
  uuid: z.string().describe("The person."),
  tags: z.array(z.string()).default([]).describe("Tags."),
  company: z.object({ name: z.string() }).nullable().describe("Where they work."),
});

describe("answerMismatch", () => {
  it("takes an answer the schema documents as it is sent", () => {
    expect(answerMismatch(person, { uuid: "p-1", tags: ["a"], company: { name: "Acme" } })).toBeNull();
    expect(answerMismatch(person, { company: null, tags: [], uuid: "p-1" })).toBeNull();
  });

  it("names a field the schema does not list, which parsing alone drops and a documented schema refuses", () => {
    expect(person.safeParse({ uuid: "p-1", tags: [], company: { name: "Acme", secret: 1 } }).success).toBe(true);
    expect(answerMismatch(person, { uuid: "p-1", tags: [], company: { name: "Acme", secret: 1 } })).toBe("'company.secret' is not in the schema");
    expect(answerMismatch(person, { uuid: "p-1", tags: [], company: null, internal_id: 7 })).toBe("'internal_id' is not in the schema");
  });

  it("names a field left out that the schema fills in, which the documented answer requires", () => {
    expect(answerMismatch(person, { uuid: "p-1", company: null })).toBe("'tags' is missing (the schema fills it in)");
  });

  it("checks the answer as JSON, as it is sent", () => {
    expect(answerMismatch(person, { uuid: "p-1", tags: [], company: null, later: undefined })).toBeNull();
    expect(answerMismatch(z.object({ at: z.string() }), { at: new Date(0) })).toBeNull();
  });

  it("passes on the schema's own message for an answer it refuses", () => {
    expect(answerMismatch(person, { uuid: 1, tags: [], company: null })).toMatch(/expected string/);
  });
});
