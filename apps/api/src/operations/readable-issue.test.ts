import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readableIssue } from "./readable-issue.js";

const attendee = z.union([z.string(), z.object({ email: z.string(), response: z.enum(["accepted", "declined"]).optional() }).strict()]);
const firstIssue = (schema: z.ZodType, value: unknown) => readableIssue(schema.safeParse(value).error!.issues[0]!);

describe("readableIssue", () => {
  it("explains a union's refusal by the alternative the value's type matched, with the full path", () => {
    expect(firstIssue(z.array(attendee), [{ email: "a@x.example", response: "maybe" }])).toMatchObject({
      path: [0, "response"],
      message: 'Invalid option: expected one of "accepted"|"declined"',
    });
  });

  it("lists the types a union takes when the value's type matches none", () => {
    expect(firstIssue(attendee, 123)).toMatchObject({ path: [], message: "Invalid input: expected string or object, received number" });
    expect(firstIssue(z.union([z.string(), z.number()]), true).message).toBe("Invalid input: expected string or number, received boolean");
  });

  it("explains a fraction sent for text or an integer by the integer's issue: a number is of the type it takes", () => {
    expect(firstIssue(z.union([z.string(), z.number().int()]), 1.5)).toMatchObject({ path: [], code: "invalid_type", expected: "int" });
  });

  it("leaves other issues as zod wrote them", () => {
    expect(firstIssue(z.object({ title: z.string() }), { title: 1 })).toMatchObject({ path: ["title"], message: "Invalid input: expected string, received number" });
  });
});
