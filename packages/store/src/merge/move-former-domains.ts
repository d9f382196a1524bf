/**
 * Company merge step: the superseded company's domain (left at the merge's instant) and its former domains join the
 * canonical company's former domains, so mail, a card or a row naming them finds the canonical company; its current
 * domain excepted, and the newest FORMER_DOMAINS_KEPT kept, as a domain change keeps them. Run after the canonical
 * company took its fields (a canonical company without a domain takes the superseded one's as current).
 */
import { sql } from "kysely";
import { FORMER_DOMAINS_KEPT } from "../repositories/company-repository.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveFormerDomains: PersonReferenceMover = {
  kind: "former_domains",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const companies = await db
      .selectFrom("companies")
      .select(["uuid", "domain"])
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "in", [canonicalUuid, supersededUuid])
      .execute();
    const domainOf = (uuid: string) => companies.find((company) => company.uuid === uuid)?.domain ?? null;
    const former = await db.selectFrom("company_former_domains").select(["domain", "left_at"]).where("company_uuid", "=", supersededUuid).execute();
    const supersededDomain = domainOf(supersededUuid);
    const joining = [...former.map((row) => ({ domain: row.domain, left_at: Number(row.left_at) })), ...(supersededDomain ? [{ domain: supersededDomain, left_at: now }] : [])]
      .filter((row) => row.domain !== domainOf(canonicalUuid));
    await db.deleteFrom("company_former_domains").where("company_uuid", "=", supersededUuid).execute();
    for (const row of joining) {
      await db
        .insertInto("company_former_domains")
        .values({ tenant_uuid: tenantUuid, company_uuid: canonicalUuid, domain: row.domain, left_at: row.left_at })
        .onConflict((conflict) => conflict.columns(["company_uuid", "domain"]).doUpdateSet({ left_at: sql`max(left_at, excluded.left_at)` }))
        .execute();
    }
    const kept = db
      .selectFrom("company_former_domains")
      .select("domain")
      .where("company_uuid", "=", canonicalUuid)
      .orderBy("left_at", "desc")
      .orderBy("domain")
      .limit(FORMER_DOMAINS_KEPT);
    await db.deleteFrom("company_former_domains").where("company_uuid", "=", canonicalUuid).where("domain", "not in", kept).execute();
    return joining.length;
  },
};
