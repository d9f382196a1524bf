/** The person record as the API shows it, and the function that presents store records. */
import type { RelationshipGraph } from "@rapport/graph";
import type { Company, Person } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";
import type { AuthContext } from "../platform/auth/auth-context.js";
import { openRelationshipView } from "../relationships/relationship-view.js";
import type { AppServices } from "../services.js";
import { relationshipFields, relationshipFieldsShape, type RelationshipFields } from "./relationship-fields.js";

export const companyReferenceSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
});

export const affiliationSchema = z
  .object({
    company: companyReferenceSchema.describe("The company."),
    title: z.string().nullable().describe("Job title there."),
    is_current: z.boolean().describe("True while the person works there."),
    started_on: z.string().nullable().describe("Start date, YYYY-MM-DD, when known."),
    ended_on: z.string().nullable().describe("End date, YYYY-MM-DD, when known; null while current."),
  })
  .describe("A current or past tenure at a company.");

export const personSchema = z
  .object({
    uuid: z.string(),
    name: z.string().describe("Display name."),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable().describe("The primary email address."),
    emails: z.array(z.object({ address: z.string(), is_primary: z.boolean() })),
    job_title: z.string().nullable(),
    primary_company: companyReferenceSchema.nullable(),
    linkedin_url: z.string().nullable(),
    twitter_url: z.string().nullable(),
    facebook_url: z.string().nullable(),
    logo_url: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    tags: z.array(z.string()),
    affiliations: z.array(affiliationSchema).describe("Current and past affiliations with companies, current first."),
    is_internal: z.boolean().describe("True for an internal user's own person record."),
    created_at: epochMilliseconds("Creation time."),
    service_updated_at: epochMilliseconds("Last change of the record; what modified_since filters on."),
    merged_person_uuids: z
      .array(z.string())
      .describe(
        "Persons merged into this one (directly or through earlier merges), in uuid order. They are gone: their uuids answer 404. A merge moves this person's service_updated_at, so a modified_since poll brings this record: drop or merge your copies of these persons.",
      ),
    ...relationshipFieldsShape,
  })
  .describe("A person: an external contact, or an internal user's own record.");

export type PersonResponse = z.input<typeof personSchema>;

export function presentPerson(
  person: Person,
  companies: Map<string, Company>,
  fields: RelationshipFields,
  mergedPersonUuids: readonly string[],
): PersonResponse {
  const company = person.primary_company_uuid ? companies.get(person.primary_company_uuid) : undefined;
  return {
    uuid: person.uuid,
    name: person.name,
    first_name: person.first_name,
    last_name: person.last_name,
    email: person.emails.find((email) => email.is_primary)?.address ?? person.emails[0]?.address ?? null,
    emails: person.emails.map(({ address, is_primary }) => ({ address, is_primary })),
    job_title: person.job_title,
    primary_company: company ? { uuid: company.uuid, name: company.company_name, logo_url: company.logo_url } : null,
    linkedin_url: person.linkedin_url,
    twitter_url: person.twitter_url,
    facebook_url: person.facebook_url,
    logo_url: person.logo_url,
    city: person.city,
    state: person.state,
    country: person.country,
    tags: person.tags,
    affiliations: person.affiliations.flatMap((affiliation) => {
      const employer = companies.get(affiliation.company_uuid);
      if (!employer) return [];
      return [
        {
          company: { uuid: employer.uuid, name: employer.company_name, logo_url: employer.logo_url },
          title: affiliation.title,
          is_current: affiliation.is_current,
          started_on: affiliation.started_on,
          ended_on: affiliation.ended_on,
        },
      ];
    }),
    is_internal: person.is_internal,
    created_at: person.created_at,
    service_updated_at: person.service_updated_at,
    merged_person_uuids: [...mergedPersonUuids],
    ...fields,
  };
}

/**
 * Presents many persons: one query for their companies, derived fields from the graph (`graphOf` may swap it for
 * another derived from it, as a merge preview does).
 */
export async function presentPersons(
  services: AppServices,
  auth: AuthContext,
  persons: readonly Person[],
  graphOf?: (graph: RelationshipGraph) => RelationshipGraph,
): Promise<PersonResponse[]> {
  const companyUuids = persons.flatMap((person) => [
    ...(person.primary_company_uuid ? [person.primary_company_uuid] : []),
    ...person.affiliations.map((affiliation) => affiliation.company_uuid),
  ]);
  const [companies, merged] = await Promise.all([
    services.store.companies.getMany(auth.tenant.uuid, companyUuids),
    services.store.persons.mergedPersonUuids(auth.tenant.uuid, persons.map((person) => person.uuid)),
  ]);
  const tenantView = await openRelationshipView(services, auth);
  const view = graphOf ? { ...tenantView, graph: graphOf(tenantView.graph) } : tenantView;
  const userUuid = auth.user?.uuid ?? null;
  return persons.map((person) =>
    presentPerson(person, companies, relationshipFields(view, { entity: "person", uuid: person.uuid }, userUuid), merged.get(person.uuid) ?? []),
  );
}
