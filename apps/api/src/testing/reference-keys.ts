/**
 * @module
 * Records found by a key other than their uuid (an email address, a LinkedIn URL, a domain, a meeting's
 * external id, an email's message id, a custom field's key, a name), made on demand in a populated tenant
 * so that table-walking suites can send each key from another tenant. Each builder makes a new record whose
 * key carries `marker`, so no call of a suite finds a key an earlier call copied into the caller's tenant.
 */
import type { AppServices } from "../services.js";
import type { PopulatedTenant } from "./populated-tenant.js";

/** Makes a record in `tenant` and answers the key it is found by. */
export type ReferenceKeyBuilder = (services: AppServices, tenant: PopulatedTenant, marker: string) => Promise<string>;

const slugOf = (marker: string) => marker.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** The builders, by the kind of key they make. */
export const referenceKeyBuilders = {
  /** A contact's email address (local part `contact`). */
  async personEmail(services, tenant, marker) {
    const address = `contact@${slugOf(marker)}.example`;
    await services.store.persons.create({ tenant_uuid: tenant.tenant.uuid, name: `${marker} Contact`, emails: [address] });
    return address;
  },
  /** A user's email address (local part `user`): it resolves to the user's own person. */
  async userEmail(services, tenant, marker) {
    const address = `user@${slugOf(marker)}.example`;
    await services.store.users.create({ tenant_uuid: tenant.tenant.uuid, name: `${marker} User`, email: address, role: "member" });
    return address;
  },
  async personLinkedinUrl(services, tenant, marker) {
    const url = `https://www.linkedin.com/in/${slugOf(marker)}-contact`;
    await services.store.persons.create({ tenant_uuid: tenant.tenant.uuid, name: `${marker} Linked`, linkedin_url: url });
    return url;
  },
  async companyLinkedinUrl(services, tenant, marker) {
    const url = `https://www.linkedin.com/company/${slugOf(marker)}-ventures`;
    await services.store.companies.create({ tenant_uuid: tenant.tenant.uuid, company_name: `${marker} Ventures`, linkedin_url: url });
    return url;
  },
  /** A company's domain, with a person at an address of it. */
  async domain(services, tenant, marker) {
    const domain = `${slugOf(marker)}-domain.example`;
    const company = await services.store.companies.create({ tenant_uuid: tenant.tenant.uuid, company_name: `${marker} Domain Company`, domain });
    await services.store.persons.create({ tenant_uuid: tenant.tenant.uuid, name: `${marker} Staff`, emails: [`staff@${domain}`], primary_company_uuid: company.uuid });
    return domain;
  },
  async externalId(services, tenant, marker) {
    const externalId = `${slugOf(marker)}-calendar-event@example`;
    await services.store.meetings.create(tenant.tenant.uuid, {
      title: `${marker} Calendar meeting`,
      starts_at: Date.UTC(2026, 10, 2),
      attendees: [{ person_uuid: tenant.pathIds.person_uuid! }, { person_uuid: tenant.member.person_uuid }],
      external_id: externalId,
    });
    return externalId;
  },
  async messageId(services, tenant, marker) {
    const messageId = `<${slugOf(marker)}-message@mail.example>`;
    await services.store.emails.ingest(tenant.tenant.uuid, {
      message_id: messageId,
      sent_at: Date.UTC(2026, 10, 3),
      from: { person_uuid: tenant.member.person_uuid },
      to: [{ person_uuid: tenant.pathIds.person_uuid! }],
    });
    return messageId;
  },
  async customFieldKey(services, tenant, marker) {
    const key = `${slugOf(marker).replace(/-/g, "_")}_field`;
    await services.store.opportunityCustomFields.create({ tenant_uuid: tenant.tenant.uuid, key, name: `${marker} Field`, type: "text" });
    return key;
  },
  async customFieldUuid(services, tenant, marker) {
    const key = `${slugOf(marker).replace(/-/g, "_")}_field_by_uuid`;
    return (await services.store.opportunityCustomFields.create({ tenant_uuid: tenant.tenant.uuid, key, name: `${marker} Field`, type: "text" })).uuid;
  },
  async listName(services, tenant, marker) {
    const name = `${marker} Watchlist`;
    await services.store.entityLists.create({ tenant_uuid: tenant.tenant.uuid, name, kind: "persons", owner_user_uuid: tenant.member.uuid });
    return name;
  },
  async typeLabel(services, tenant, marker) {
    const label = `${marker} Fund`;
    await services.store.opportunityTypes.create({ tenant_uuid: tenant.tenant.uuid, label });
    return label;
  },
  async companyName(services, tenant, marker) {
    const name = `${marker} Holdings`;
    await services.store.companies.create({ tenant_uuid: tenant.tenant.uuid, company_name: name });
    return name;
  },
  async opportunityName(services, tenant, marker) {
    const name = `${marker} Buyout`;
    await services.store.opportunities.create(
      { tenant_uuid: tenant.tenant.uuid, name, type_uuid: tenant.pathIds.type_uuid!, stage_uuid: tenant.pathIds.stage_uuid! },
      { user_uuid: null },
    );
    return name;
  },
  /** A person merged into the tenant's person: its uuid names a record no longer there. */
  async mergedPersonUuid(services, tenant, marker) {
    const tenantUuid = tenant.tenant.uuid;
    const merged = await services.store.persons.create({ tenant_uuid: tenantUuid, name: `${marker} Duplicate`, emails: [`duplicate@${slugOf(marker)}.example`] });
    await services.store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: tenant.pathIds.person_uuid!, superseded_uuid: merged.uuid, preview: false, merged_by_user_uuid: null });
    return merged.uuid;
  },
} satisfies Record<string, ReferenceKeyBuilder>;

export type ReferenceKeyName = keyof typeof referenceKeyBuilders;
export type ReferenceKeys = Record<ReferenceKeyName, string>;

/** One record of every kind of key in `tenant`, named after `marker`. */
export async function buildReferenceKeys(services: AppServices, tenant: PopulatedTenant, marker: string): Promise<ReferenceKeys> {
  const keys: Partial<ReferenceKeys> = {};
  for (const [name, build] of Object.entries(referenceKeyBuilders)) keys[name as ReferenceKeyName] = await build(services, tenant, marker);
  return keys as ReferenceKeys;
}
