/** Email bodies kept on request by an import; stored once per email. */
import { InvalidInputError } from "../errors.js";
import type { EmailBodyRepository } from "../store.js";
import type { RepositoryContext } from "./repository-context.js";

export function createEmailBodyRepository({ db, now }: RepositoryContext): EmailBodyRepository {
  return {
    async put(tenantUuid, emailUuid, bodyText) {
      const email = await db.selectFrom("emails").select("uuid").where("tenant_uuid", "=", tenantUuid).where("uuid", "=", emailUuid).executeTakeFirst();
      if (!email) throw new InvalidInputError(`email ${emailUuid} not found`);
      await db
        .insertInto("email_bodies")
        .values({ email_uuid: emailUuid, tenant_uuid: tenantUuid, body_text: bodyText, created_at: now() })
        .onConflict((conflict) => conflict.column("email_uuid").doNothing())
        .execute();
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
