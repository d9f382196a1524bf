/** The writes sent with an `Idempotency-Key`: claimed while they run, then their answers, kept for a while. */
import { randomUUID } from "node:crypto";
import type { IdempotentClaim, IdempotentRequestRepository } from "../store.js";
import { runMarkingWrites } from "../sqlite/written-claims.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";

/** Between a claim's id and its claimer, in the `claim` column (no uuid holds a space). */
const CLAIMER_SEPARATOR = " ";

/** The claim of a request that wrote and then failed (`release`): no request runs it any more. */
const RELEASED_AFTER_WRITING = "released-after-writing";

/** Whether the claim was made by a claimer `claimerStopped` says stopped: a claim without one never is. */
function stopped(claim: string, claimerStopped: ((claimer: string) => boolean) | undefined): boolean {
  const at = claim.indexOf(CLAIMER_SEPARATOR);
  return at >= 0 && claimerStopped !== undefined && claimerStopped(claim.slice(at + CLAIMER_SEPARATOR.length));
}

export function createIdempotentRequestRepository({ db }: RepositoryContext): IdempotentRequestRepository {
  return {
    claim(tenantUuid, { caller, key, fingerprint, at, keepForMs, staleAfterMs, claimer, claimerStopped }) {
      // The store's transactions begin immediate: two servers never both take one key.
      return withTransaction(db, async (transaction): Promise<IdempotentClaim> => {
        const held = await transaction
          .selectFrom("idempotent_requests")
          .select(["fingerprint", "claim", "claimed_at", "status", "response", "entity_tag", "expires_at", "written"])
          .where("tenant_uuid", "=", tenantUuid)
          .where("caller", "=", caller)
          .where("idempotency_key", "=", key)
          .executeTakeFirst();
        const live = held !== undefined && Number(held.expires_at) > at;
        if (live && held.fingerprint !== fingerprint) return { outcome: "other_request" };
        if (live && held.status !== null) return { outcome: "answered", status: Number(held.status), response: held.response, entity_tag: held.entity_tag ?? null };
        const running = live && held.claim !== RELEASED_AFTER_WRITING && Number(held.claimed_at) > at - staleAfterMs && !stopped(held.claim, claimerStopped);
        if (running) return { outcome: "in_progress", claimedAt: Number(held.claimed_at) };
        // Its request wrote, then died, failed or could not keep its answer: run again, it would write a second time.
        if (live && Number(held.written) === 1) return { outcome: "written", claimedAt: Number(held.claimed_at) };
        const claim = claimer === undefined ? randomUUID() : `${randomUUID()}${CLAIMER_SEPARATOR}${claimer}`;
        const row = { fingerprint, claim, claimed_at: at, status: null, response: null, entity_tag: null, expires_at: at + keepForMs };
        await transaction
          .insertInto("idempotent_requests")
          .values({ tenant_uuid: tenantUuid, caller, idempotency_key: key, ...row })
          .onConflict((conflict) => conflict.columns(["tenant_uuid", "caller", "idempotency_key"]).doUpdateSet(row))
          .execute();
        return { outcome: "claimed", claim };
      });
    },
    async hasAnswer(tenantUuid, { caller, key, at }) {
      const held = await db
        .selectFrom("idempotent_requests")
        .select("status")
        .where("tenant_uuid", "=", tenantUuid)
        .where("caller", "=", caller)
        .where("idempotency_key", "=", key)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      return held !== undefined && held.status !== null;
    },
    async answer(tenantUuid, { caller, key, claim, status, response, entity_tag = null, at, keepForMs }) {
      const result = await db
        .updateTable("idempotent_requests")
        .set({ status, response, entity_tag, expires_at: at + keepForMs })
        .where("tenant_uuid", "=", tenantUuid)
        .where("caller", "=", caller)
        .where("idempotency_key", "=", key)
        .where("claim", "=", claim)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async release(tenantUuid, { caller, key, claim }) {
      const released = db
        .updateTable("idempotent_requests")
        .where("tenant_uuid", "=", tenantUuid)
        .where("caller", "=", caller)
        .where("idempotency_key", "=", key)
        .where("claim", "=", claim)
        .where("status", "is", null);
      // A request that wrote and then failed keeps its claim, no longer running: sent again, it is told it was carried
      // out rather than run a second time. One that wrote nothing gives the key back.
      const keptWritten = await released.set({ claim: RELEASED_AFTER_WRITING }).where("written", "=", 1).executeTakeFirst();
      if (Number(keptWritten.numUpdatedRows) > 0) return;
      await db
        .deleteFrom("idempotent_requests")
        .where("tenant_uuid", "=", tenantUuid)
        .where("caller", "=", caller)
        .where("idempotency_key", "=", key)
        .where("claim", "=", claim)
        .where("status", "is", null)
        .execute();
    },
    markingWrites(mark, work) {
      return runMarkingWrites(mark, work);
    },
    async deleteExpired(before) {
      const result = await db.deleteFrom("idempotent_requests").where("expires_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
