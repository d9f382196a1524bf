/** Who belongs to a company now: the persons whose primary company it is. */
import type { CompanyMemberRepository } from "../store.js";
import type { RepositoryContext } from "./repository-context.js";

export function createCompanyMemberRepository({ db }: RepositoryContext): CompanyMemberRepository {
  return {
    async personUuids(tenantUuid, companyUuid) {
      const rows = await db
        .selectFrom("persons")
        .select("uuid")
        .where("tenant_uuid", "=", tenantUuid)
        .where("primary_company_uuid", "=", companyUuid)
        .where("deleted_at", "is", null)
        .orderBy("uuid")
        .execute();
      return rows.map((row) => row.uuid);
    },
  };
}
