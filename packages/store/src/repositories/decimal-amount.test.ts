import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalAmount } from "./decimal-amount.js";

describe("decimalAmount", () => {
  it("gives a sum of amounts of up to three decimals (Kuwaiti dinars) as the decimal sum, and a weighted amount as written", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(decimalAmount(0.1 + 0.2)).toBe(0.3);
    expect(decimalAmount((2.002 * 50) / 100)).toBe(1.001);
    expect(decimalAmount((2.002 * 0.5) / 100)).toBe(0.01001);
    const thousandths = fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(thousandths, (amounts) => {
        const floatSum = amounts.reduce((sum, amount) => sum + amount / 1000, 0);
        expect(decimalAmount(floatSum)).toBe(amounts.reduce((sum, amount) => sum + amount, 0) / 1000);
      }),
      { numRuns: 500 },
    );
  });

  it("never changes an integer (yen) or an amount written with more digits than the noise it takes away", () => {
    for (const amount of [0, 1_500_000, 999_999_999_999_999, 1e15, 12_345_678_901_234.56, 0.1234567890123456]) expect(decimalAmount(amount)).toBe(amount);
  });
});
