/** Test users' password hashes: checked by verifyPassword as any other, at the low cost they name. */
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../oauth/password-hash.js";
import { hashTestPassword } from "./test-password-hash.js";

describe("hashTestPassword", () => {
  it("makes a hash verifyPassword accepts for the password only, naming N = 2^10", async () => {
    const hash = await hashTestPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery!", hash)).toBe(false);
  });
});
