/**
 * @module
 * Amounts as a user wrote them (`decimalAmount`): a sum or product of decimal amounts in binary floating point carries
 * noise in its last bits (0.1 + 0.2 is 0.30000000000000004; 2.002 × 50 / 100 is 0.010009999999999998), which a total of
 * deals in Kuwaiti dinars (three decimals) or a weighted value showed as written.
 */

/**
 * `amount` without the binary noise of the arithmetic that made it: the nearest number of 15 significant digits when it
 * is within a few units in the last place (what a sum or product of amounts of at most 15 digits picks up), else
 * `amount` as it is, so an integer (yen) or an amount written with 16 digits is never changed.
 *
 * @example decimalAmount(0.1 + 0.2) // 0.3
 */
export function decimalAmount(amount: number): number {
  if (Number.isInteger(amount) || !Number.isFinite(amount)) return amount;
  const rounded = Number(amount.toPrecision(15));
  return Math.abs(rounded - amount) <= Math.abs(amount) * 4 * Number.EPSILON ? rounded : amount;
}
