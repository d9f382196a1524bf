import { describe, expect, it } from "vitest";
import { z } from "zod";
import { knownFieldsAt, likelyMeant } from "./known-fields.js";

const body = z.strictObject({
  persons: z
    .array(z.strictObject({ name: z.string().optional(), emails: z.array(z.string()).optional(), job_title: z.string().transform((text) => text.trim()).optional() }))
    .max(5),
  note: z.union([z.strictObject({ a: z.string() }), z.strictObject({ b: z.string() })]).optional(),
});

describe("knownFieldsAt", () => {
  it("reads the object's fields at a path, through arrays and wrappers", () => {
    expect(knownFieldsAt(body, [])).toEqual(["persons", "note"]);
    expect(knownFieldsAt(body, ["persons", 0])).toEqual(["name", "emails", "job_title"]);
    expect(knownFieldsAt(body.optional().nullable(), ["persons", 3])).toEqual(["name", "emails", "job_title"]);
  });

  it("gives null where the path names no single object shape", () => {
    expect(knownFieldsAt(body, ["note"])).toBeNull();
    expect(knownFieldsAt(body, ["persons", 0, "emails"])).toBeNull();
    expect(knownFieldsAt(body, ["nothing"])).toBeNull();
  });
});

describe("likelyMeant", () => {
  it("names the one field a client most likely meant, or none", () => {
    const known = ["name", "emails", "job_title", "linkedin_url"];
    expect(likelyMeant("email", known)).toBe("emails");
    expect(likelyMeant("jobTitle", known)).toBe("job_title");
    expect(likelyMeant("linkedin", known)).toBe("linkedin_url");
    expect(likelyMeant("Name", known)).toBe("name");
    expect(likelyMeant("colour", known)).toBeNull();
    // Two candidates: no guess.
    expect(likelyMeant("na", ["name", "nation"])).toBeNull();
  });

  it("names a field one letter away: missing, extra, replaced or swapped, in names long enough to tell", () => {
    const known = ["title", "starts_at", "ends_at", "attendees", "location"];
    expect(likelyMeant("start_at", known)).toBe("starts_at");
    expect(likelyMeant("atendees", known)).toBe("attendees");
    expect(likelyMeant("attendeees", known)).toBe("attendees");
    expect(likelyMeant("locatoin", known)).toBe("location");
    expect(likelyMeant("titel", known)).toBe("title");
    expect(likelyMeant("lotacion", known)).toBeNull();
    // Short names are too close to one another to guess from one letter.
    expect(likelyMeant("nme", ["name"])).toBeNull();
    expect(likelyMeant("ttle", ["title"])).toBeNull();
  });

  it("guesses nothing for a name of a megabyte, without measuring its distance to each field (that ran the server out of memory)", () => {
    const known = ["title", "starts_at", "ends_at", "attendees", "location"];
    expect(likelyMeant("q".repeat(1_000_000), known)).toBeNull();
    // A long name still starts with the field it extends.
    expect(likelyMeant(`location${"q".repeat(1_000_000)}`, known)).toBe("location");
  });
});
