/**
 * @module Test helper for opportunity activity dates: a tenant with one deal pipeline, numbered companies and
 * persons (person `i` has the address `p{i}@example.com` and works at its employer, if any), and
 * opportunities linked to them by index.
 */
import type { Store } from "../store.js";

export interface LinkedDealsTenant {
  tenantUuid: string;
  typeUuid: string;
  stageUuid: string;
  companies: string[];
  persons: string[];
}

/** An opportunity's links, as indexes into the tenant's persons and companies. */
export interface DealLinks {
  persons: readonly number[];
  companies: readonly number[];
}

/** Creates the tenant: `companyCount` companies, then one person per entry of `employers` (a company index or null). */
export async function createLinkedDealsTenant(store: Store, companyCount: number, employers: ReadonlyArray<number | null>): Promise<LinkedDealsTenant> {
  const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const companies: string[] = [];
  for (let index = 0; index < companyCount; index += 1) companies.push((await store.companies.create({ tenant_uuid: tenantUuid, company_name: `Company ${index}` })).uuid);
  const persons: string[] = [];
  for (const [index, employer] of employers.entries()) {
    const person = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: `Person ${index}`,
      emails: [`p${index}@example.com`],
      ...(employer === null ? {} : { primary_company_uuid: companies[employer] }),
    });
    persons.push(person.uuid);
  }
  return { tenantUuid, typeUuid: type.uuid, stageUuid: stage.uuid, companies, persons };
}

/** Creates one opportunity per entry of `links`, linked to those persons and companies; answers their uuids in order. */
export async function createLinkedOpportunities(store: Store, tenant: LinkedDealsTenant, links: readonly DealLinks[]): Promise<string[]> {
  const uuids: string[] = [];
  for (const link of links) {
    const created = await store.opportunities.create(
      {
        tenant_uuid: tenant.tenantUuid,
        name: "Deal",
        type_uuid: tenant.typeUuid,
        stage_uuid: tenant.stageUuid,
        associations: [
          ...link.persons.map((person) => ({ entity_type: "PERSON" as const, entity_uuid: tenant.persons[person]! })),
          ...link.companies.map((company) => ({ entity_type: "COMPANY" as const, entity_uuid: tenant.companies[company]! })),
        ],
      },
      { user_uuid: null },
    );
    uuids.push(created.uuid);
  }
  return uuids;
}
