/** @module A list's total, counted once while what it counts holds still. */
import type { RememberedValues } from "../sqlite/generation-cache.js";

/**
 * The total remembered under `key`, else what `count` counts, then remembered. With no remembered totals (inside a
 * transaction, or a store that remembers nothing) it always counts.
 */
export async function rememberedTotal(totals: RememberedValues<number> | null, key: string, count: () => Promise<number>): Promise<number> {
  const remembered = totals?.get(key);
  if (remembered !== undefined) return remembered;
  const counted = await count();
  totals?.set(key, counted);
  return counted;
}
