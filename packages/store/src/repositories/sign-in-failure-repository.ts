/** The failed sign-ins of the OAuth sign-in page: one row per failure and subject, counted in sliding windows. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { SignInFailureLimit, SignInFailureRepository } from "../store.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";

/**
 * When the subject is below its limit again: once as many of its failures in the window have left it as make it
 * reach the limit, plus one. Null when it is below its limit already.
 */
async function belowLimitFrom(db: Kysely<Database>, at: number, { subject, limit, windowMs }: SignInFailureLimit): Promise<number | null> {
  const counted = await db
    .selectFrom("sign_in_failures")
    .select("failed_at")
    .where("subject", "=", subject)
    .where("failed_at", ">", at - windowMs)
    .orderBy("failed_at")
    .execute();
  if (counted.length < limit) return null;
  return Number(counted[counted.length - limit]!.failed_at) + windowMs;
}

/** When every subject is below its limit again, or null when every one is now. */
async function refusedUntil(db: Kysely<Database>, at: number, limits: SignInFailureLimit[]): Promise<number | null> {
  let retryAt: number | null = null;
  for (const limit of limits) {
    const from = await belowLimitFrom(db, at, limit);
    if (from !== null) retryAt = Math.max(retryAt ?? from, from);
  }
  return retryAt;
}

export function createSignInFailureRepository({ db }: RepositoryContext): SignInFailureRepository {
  return {
    async admit(at, limits) {
      // Refused by a plain read first: a flood of refused attempts then never takes the write lock.
      const refused = await refusedUntil(db, at, limits);
      if (refused !== null) return { admitted: false, retryAt: refused };
      // The store's transactions begin immediate: a server's count and its note are one step for the others.
      return withTransaction(db, async (transaction) => {
        const retryAt = await refusedUntil(transaction, at, limits);
        if (retryAt !== null) return { admitted: false, retryAt };
        const failureIds: number[] = [];
        for (const { subject } of limits) {
          const row = await transaction.insertInto("sign_in_failures").values({ subject, failed_at: at }).returning("id").executeTakeFirstOrThrow();
          failureIds.push(Number(row.id));
        }
        return { admitted: true, failureIds };
      });
    },
    async forget(failureIds) {
      if (failureIds.length === 0) return;
      await db.deleteFrom("sign_in_failures").where("id", "in", failureIds).execute();
    },
    async clear(subject) {
      const result = await db.deleteFrom("sign_in_failures").where("subject", "=", subject).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async deleteBefore(before) {
      const result = await db.deleteFrom("sign_in_failures").where("failed_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
