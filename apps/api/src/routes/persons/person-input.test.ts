/** The person body schemas: email addresses are held to their limit as stored, normalized. */
import { describe, expect, it } from "vitest";
import { MAX_EMAIL_ADDRESS_LENGTH } from "../../platform/request/field-limits.js";
import { personCreateSchema, personUpdateSchema } from "./person-input.js";

/** An address exactly `length` characters long. */
const address = (length: number) => `${"a".repeat(length - "@acme.example".length)}@acme.example`;

describe("a person's email addresses", () => {
  it("are held to their limit once trimmed, as they are stored: the longest address with spaces around is taken", () => {
    const longest = address(MAX_EMAIL_ADDRESS_LENGTH);
    for (const schema of [personCreateSchema, personUpdateSchema]) {
      expect(schema.parse({ emails: [` ${longest} `, { address: `\t${longest.toUpperCase()}  `, is_primary: true }] }).emails).toEqual([
        { address: longest, is_primary: false },
        { address: longest, is_primary: true },
      ]);
    }
  });

  it("refuse an address over the limit once trimmed, as a string or as {address}", () => {
    const tooLong = address(MAX_EMAIL_ADDRESS_LENGTH + 1);
    for (const entry of [` ${tooLong} `, { address: ` ${tooLong} ` }]) {
      const refused = personUpdateSchema.safeParse({ emails: [entry] });
      expect(refused.success, JSON.stringify(entry)).toBe(false);
      expect(JSON.stringify(refused.error?.issues)).toContain(`at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`);
    }
  });
});
