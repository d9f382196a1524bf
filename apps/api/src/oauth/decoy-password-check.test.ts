/** The decoy check of an unknown email's sign-in: at the stored passwords' cost unless told, one hash made and kept. */
import { describe, expect, it } from "vitest";
import { TEST_PASSWORD_COST } from "../testing/test-password-hash.js";
import { createDecoyPasswordCheck } from "./decoy-password-check.js";
import { hashPassword } from "./password-hash.js";

/** `scrypt$<log2 N>$<r>$<p>`: the cost a hash names. */
const costOf = (hash: string) => hash.split("$").slice(0, 4).join("$");

describe("createDecoyPasswordCheck", () => {
  it("hashes its decoy at the cost of the passwords the server and the CLI store (N = 2^15), unless given another", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(costOf(await createDecoyPasswordCheck().hash())).toBe(costOf(stored));
    expect(costOf(stored)).toBe("scrypt$15$8$1");
    expect(costOf(await createDecoyPasswordCheck(TEST_PASSWORD_COST).hash())).toBe("scrypt$10$8$1");
  });

  it("makes its decoy hash once and checks every password against it", async () => {
    const decoy = createDecoyPasswordCheck(TEST_PASSWORD_COST);
    const [first, second] = await Promise.all([decoy.hash(), decoy.hash()]);
    await decoy.check("wrong password!");
    await decoy.check("another wrong one");
    expect(second).toBe(first);
    expect(await decoy.hash()).toBe(first);
  });
});
