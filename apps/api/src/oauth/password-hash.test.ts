/** scrypt password hashes: salted, self-describing, verified in constant time, never reversible. */
import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./password-hash.js";

const cheap = { logN: 10, r: 8, p: 1 };

describe("password hashes", () => {
  it("verify the right password only, and differ for the same password", async () => {
    const first = await hashPassword("correct horse battery", cheap);
    const second = await hashPassword("correct horse battery", cheap);
    expect(first).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse battery", first)).toBe(true);
    expect(await verifyPassword("correct horse batterY", first)).toBe(false);
    expect(await verifyPassword("", first)).toBe(false);
  });

  it("use the default cost unless told otherwise", async () => {
    expect(await hashPassword("correct horse battery")).toMatch(/^scrypt\$15\$8\$1\$/);
  });

  it("reject hashes they cannot read instead of throwing", async () => {
    for (const hash of ["", "plain", "bcrypt$2b$10$abc", "scrypt$x$8$1$c2FsdA$aGFzaA", "scrypt$40$8$1$c2FsdA$aGFzaA"]) {
      expect(await verifyPassword("anything", hash), hash).toBe(false);
    }
  });

  it("say what is wrong with a new password", () => {
    expect(passwordProblem("short")).toMatch(/at least 10 characters/);
    expect(passwordProblem("x".repeat(1025))).toMatch(/at most 1024/);
    expect(passwordProblem("long enough password")).toBeNull();
  });
});
