/** Email bodies kept on request by an import; stored once per email. */
import { sql } from "kysely";
import { InvalidInputError } from "../errors.js";
import type { EmailBodyRepository } from "../store.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";

export function createEmailBodyRepository({ db, now }: RepositoryContext): EmailBodyRepository {
  return {
    async put(tenantUuid, emailUuid, bodyText) {
      await withTransaction(db, async (transaction) => {
        const email = await transaction.selectFrom("emails").select("uuid").where("tenant_uuid", "=", tenantUuid).where("uuid", "=", emailUuid).executeTakeFirst();
        if (!email) throw new InvalidInputError(`email ${emailUuid} not found`);
        const inserted = await transaction
          .insertInto("email_bodies")
          .values({ email_uuid: emailUuid, tenant_uuid: tenantUuid, body_text: bodyText, created_at: now(tenantUuid) })
          .onConflict((conflict) => conflict.column("email_uuid").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
        // The email now keeps a body (`has_body` changed): it takes a new place in the activity feed, as an email an
        // erasure or a merge changes does, so a poller reading the feed's emails learns it. The clock is read after
        // the insert took the write lock, so the new place follows commit order.
        // Numbered in the insert (migration 0062): the tenant's counter raised, then read.
        await sql`insert into log_sequences (tenant_uuid, log, last_sequence) values (${tenantUuid}, 'activity_feed', 1)
          on conflict (tenant_uuid, log) do update set last_sequence = last_sequence + 1`.execute(transaction);
        await sql`insert or replace into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed, sequence)
          values (${tenantUuid}, 'email', ${emailUuid}, ${now(tenantUuid)}, 1,
            (select last_sequence from log_sequences where tenant_uuid = ${tenantUuid} and log = 'activity_feed'))`.execute(transaction);
      });
    },
    async get(tenantUuid, emailUuid) {
      const row = await db
        .selectFrom("email_bodies")
        .select("body_text")
        .where("tenant_uuid", "=", tenantUuid)
        .where("email_uuid", "=", emailUuid)
        .executeTakeFirst();
      return row?.body_text ?? null;
    },
  };
}
