/**
 * @module
 * How many imports one tenant may have under way in this process at once, from the first byte of the upload to the
 * end of its job: each holds a saved file, a job's batches and the event loop's turns (shared with every other tenant),
 * and until 2026-12-06 reading a multipart upload held about five times its size in memory.
 */

/** Imports a tenant may have under way in one API process: uploads being read and jobs running. */
export const MAX_IMPORTS_PER_TENANT = 2;

/** One import's place among its tenant's; released once (a second call does nothing). */
export interface ImportSlot {
  release(): void;
}

export interface ImportSlots {
  /** A place for one more import of `tenantUuid`, or null when its imports under way are at the limit. */
  take(tenantUuid: string): ImportSlot | null;
}

/**
 * The places of each tenant's imports in one process.
 *
 * @example
 * const slot = slots.take(tenantUuid);
 * if (slot === null) throw new ApiError(429, "wait for an import to finish");
 * try { await work(); } finally { slot.release(); }
 */
export function createImportSlots(limit = MAX_IMPORTS_PER_TENANT): ImportSlots {
  const taken = new Map<string, number>();
  return {
    take(tenantUuid) {
      const count = taken.get(tenantUuid) ?? 0;
      if (count >= limit) return null;
      taken.set(tenantUuid, count + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const left = (taken.get(tenantUuid) ?? 1) - 1;
          if (left === 0) taken.delete(tenantUuid);
          else taken.set(tenantUuid, left);
        },
      };
    },
  };
}
