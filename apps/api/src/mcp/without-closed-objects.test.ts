import { describe, expect, it } from "vitest";
import { withoutClosedObjects } from "./without-closed-objects.js";

describe("withoutClosedObjects", () => {
  it("leaves out additionalProperties: false at every depth, and keeps a record's value schema and a field so named", () => {
    const closed = {
      type: "object",
      properties: {
        body: { type: "object", properties: { name: { type: "string" } }, additionalProperties: false },
        tags: { type: "array", items: { type: "object", properties: {}, additionalProperties: false } },
        counts: { type: "object", additionalProperties: { type: "integer" } },
        additionalProperties: { type: "boolean", enum: [false] },
      },
      $defs: { Actor: { type: "object", additionalProperties: false } },
      additionalProperties: false,
    };
    expect(withoutClosedObjects(closed)).toEqual({
      type: "object",
      properties: {
        body: { type: "object", properties: { name: { type: "string" } } },
        tags: { type: "array", items: { type: "object", properties: {} } },
        counts: { type: "object", additionalProperties: { type: "integer" } },
        additionalProperties: { type: "boolean", enum: [false] },
      },
      $defs: { Actor: { type: "object" } },
    });
  });
});
