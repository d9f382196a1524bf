/**
 * A count and its noun, the noun in the singular for exactly one: "1 problem", "3 problems", "0 problems".
 *
 * @example
 * counted(1, "sign-in", "sign-ins"); // "1 sign-in"
 */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
