/** The compact person a lookup returns: enough to decide, without the full record. */
import type { Company, Person } from "@rapport/store";
import { z } from "zod";
import { companyReferenceSchema } from "./person-presenter.js";

export const personMatchSchema = z
  .object({
    uuid: z.string().describe("The person's UUID: use it with POST /v1/notes/batch and GET /v1/persons/{uuid}."),
    name: z.string(),
    email: z.string().nullable().describe("The primary email address."),
    linkedin_url: z.string().nullable(),
    job_title: z.string().nullable(),
    primary_company: companyReferenceSchema.nullable(),
  })
  .describe("A matching person.");

export function presentPersonMatch(person: Person, companies: Map<string, Company>): z.input<typeof personMatchSchema> {
  const company = person.primary_company_uuid ? companies.get(person.primary_company_uuid) : undefined;
  return {
    uuid: person.uuid,
    name: person.name,
    email: person.emails.find((email) => email.is_primary)?.address ?? person.emails[0]?.address ?? null,
    linkedin_url: person.linkedin_url,
    job_title: person.job_title,
    primary_company: company ? { uuid: company.uuid, name: company.company_name, logo_url: company.logo_url } : null,
  };
}
