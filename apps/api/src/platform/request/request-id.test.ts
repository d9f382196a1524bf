import { describe, expect, it } from "vitest";
import { MAX_REQUEST_ID_LENGTH, requestIdOf } from "./request-id.js";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("requestIdOf", () => {
  it("echoes a short printable id the client sent", () => {
    expect(requestIdOf("trace-42_a=b")).toBe("trace-42_a=b");
  });

  it("echoes the ids clients and proxies make with other visible characters, as sent", () => {
    for (const id of ["req.1234", "svc:orders:42", "a/b/c", "Root=1-5759e988;Parent=53995c3f", "{trace}@host", "~!#$%^&*()+[]|'\"<>?,`"]) {
      expect(requestIdOf(id)).toBe(id);
    }
  });

  it("replaces a missing, too long or unprintable id with a fresh UUID, never the same one twice", () => {
    const made = [undefined, "x".repeat(MAX_REQUEST_ID_LENGTH + 1), "two words", "line\nbreak", "tab\there", "café", "\u0000"].map(requestIdOf);
    // Well past a batch of ids made at once, so that a batch's end and the next one's start are both crossed.
    for (let index = 0; index < 1_000; index++) made.push(requestIdOf(undefined));
    for (const id of made) expect(id).toMatch(UUID_V4);
    expect(new Set(made).size).toBe(made.length);
  });
});
