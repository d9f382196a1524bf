/** A pair of likely duplicate records as the API shows it: both records, why they look like one, and how to merge them. */
import { DUPLICATE_ENTITY_TYPES, DUPLICATE_REASONS, type DuplicatePair } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";

const sideSchema = (role: string) =>
  z.object({ uuid: z.string(), name: z.string(), created_at: epochMilliseconds("When it was created.") }).describe(role);

export const duplicatePairSchema = z
  .object({
    entity_type: z.enum(DUPLICATE_ENTITY_TYPES).describe("PERSON or COMPANY: both records are of this kind."),
    canonical: sideSchema("The record to keep: a user's own person, else the older record."),
    duplicate: sideSchema("The record to merge into the canonical one."),
    confidence: z.enum(["likely", "possible"]).describe("likely: an identifier, or a name and a company, in common; possible: a name alone (check before merging)."),
    reasons: z
      .array(z.object({ reason: z.enum(DUPLICATE_REASONS), shared: z.string().describe("What the two share: a company uuid, a domain, a LinkedIn key or the folded name.") }))
      .describe("Why the two look like one record."),
    merge: z
      .object({
        operation_id: z.string().describe("The merge operation (its MCP tool)."),
        method: z.literal("POST"),
        path: z.string(),
        body: z.object({ superseded_person_uuid: z.string().optional(), superseded_company_uuid: z.string().optional(), preview: z.boolean() }),
      })
      .describe("The request that merges the duplicate into the canonical record; send preview: true first to see the result."),
  })
  .describe("Two live records of the tenant that look like one.");

export function presentDuplicatePair(pair: DuplicatePair): z.input<typeof duplicatePairSchema> {
  const person = pair.entity_type === "PERSON";
  return {
    entity_type: pair.entity_type,
    canonical: pair.canonical,
    duplicate: pair.duplicate,
    confidence: pair.confidence,
    reasons: pair.evidence.map(({ reason, shared }) => ({ reason, shared })),
    merge: {
      operation_id: person ? "mergePerson" : "mergeCompany",
      method: "POST",
      path: person ? `/v1/persons/${pair.canonical.uuid}/merge` : `/v1/companies/${pair.canonical.uuid}/merge`,
      body: person ? { superseded_person_uuid: pair.duplicate.uuid, preview: false } : { superseded_company_uuid: pair.duplicate.uuid, preview: false },
    },
  };
}
