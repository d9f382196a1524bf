/**
 * POST /v1/companies/{company_uuid}/merge: merges a superseded company into the canonical company in the path, or with
 * `preview: true` shows what the merge would do without persisting anything. Ours: the spec defines the person merge
 * only; this one follows its shape.
 */
import type { Company } from "@rapport/store";
import { z } from "zod";
import { companyMergePreviewGraph } from "../../companies/company-merge-preview-graph.js";
import { defineOperation } from "../../operations/operation.js";
import { MAX_CUSTOM_FIELDS_PER_RECORD, MAX_LABELS_PER_LIST } from "../../platform/request/count-limits.js";
import { MAX_BODY_BYTES } from "../../platform/request/json-body.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { companySchema, presentCompany } from "../../presenters/company-presenter.js";
import { relationshipFields } from "../../presenters/relationship-fields.js";
import { openRelationshipView } from "../../relationships/relationship-view.js";
import { getCompany } from "./get-company.js";

const MERGE_DESCRIPTION =
  "Merges the superseded (duplicate) company into the canonical one in the path, in one transaction: its tenures (a person at both keeps one), primary-company persons, list memberships, opportunity/note/task links and domains (as former domains) move; the canonical company fills its empty fields from it, unites tags, adds custom fields it lacks. The superseded uuid then answers 404 naming the canonical company and is listed in GET /v1/deletions. preview: true persists nothing and shows both companies and the merged one. 404 unknown uuid; 409 same company or already merged; 400 a merged company that would hold more custom fields or tags than a company may.";

/** The most bytes of custom fields (as JSON) a `PUT` of them alone carries: its body is `{"company_custom_fields":...}`. */
const LARGEST_CUSTOM_FIELDS_WRITTEN = MAX_BODY_BYTES - Buffer.byteLength('{"company_custom_fields":}');

export const mergeCompany = defineOperation({
  operationId: "mergeCompany",
  method: "post",
  destructive: true,
  path: "/v1/companies/{company_uuid}/merge",
  // An area of its own: in Company, it took the README's 40-tool selection for capped hosts to 41 (api-decisions.md).
  area: "Company merge",
  summary: "Merge a duplicate company",
  description: MERGE_DESCRIPTION,
  mcpDescription: `${MERGE_DESCRIPTION} Marked destructive for the merge; with preview: true it changes nothing.`,
  params: z.object({ company_uuid: uuidString("The canonical company: the one that remains.") }),
  body: z.strictObject({
    superseded_company_uuid: uuidString("The duplicate company: merged into the canonical one and removed."),
    preview: z.boolean().default(false).describe("True for a read-only dry run: nothing persists."),
  }),
  response: z.object({
    canonical_uuid: z.string().describe("The company that remains."),
    superseded_uuid: z.string().describe("The company merged away."),
    merged: z.boolean().describe("True when the merge was carried out; false for a preview."),
    moved: z.record(z.string(), z.number().int()).describe("Reference kind → how many moved (or would move) to the canonical company."),
    company: companySchema.nullable().describe("The canonical company after the merge; null for a preview."),
    preview: z
      .object({
        canonical: companySchema.describe("The canonical company as it is now."),
        superseded: companySchema.describe("The superseded company as it is now."),
        merged: companySchema.describe("The canonical company as it would be after the merge."),
      })
      .nullable()
      .describe("For preview: true, the companies before and after; null for a real merge."),
  }),
  errors: [404, 409],
  example: { body: { superseded_company_uuid: "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", preview: true } },
  mergeOf: getCompany,
  async handler({ params, body, auth, services, ifMatch }) {
    const outcome = await services.store.companyMerges.merge({
      tenant_uuid: auth.tenant.uuid,
      canonical_uuid: params.company_uuid,
      superseded_uuid: body.superseded_company_uuid,
      preview: body.preview,
      merged_by_user_uuid: auth.user?.uuid ?? null,
      // A merged company over the write limits could not be written back whole (api-decisions.md, "Company merge").
      limits: { custom_fields: MAX_CUSTOM_FIELDS_PER_RECORD, tags: MAX_LABELS_PER_LIST, custom_fields_bytes: LARGEST_CUSTOM_FIELDS_WRITTEN },
    }, { precondition: ifMatch });
    const view = await openRelationshipView(services, auth);
    const userUuid = auth.user?.uuid ?? null;
    // A preview's merge rolled back, so the merged company's relationship fields come from a graph that takes it; a
    // real merge's graph has taken it already. The companies before it are shown from the graph before it.
    const mergedView = outcome.preview
      ? { ...view, graph: companyMergePreviewGraph(view.graph, [params.company_uuid, body.superseded_company_uuid], outcome.graph_changes) }
      : view;
    const present = (company: Company, formerDomains: readonly string[], from = view) =>
      presentCompany(company, relationshipFields(from, { entity: "company", uuid: company.uuid }, userUuid), formerDomains);
    const merged = present(outcome.merged, outcome.former_domains.merged, mergedView);
    return {
      canonical_uuid: params.company_uuid,
      superseded_uuid: body.superseded_company_uuid,
      merged: !outcome.preview,
      moved: outcome.moved,
      company: outcome.preview ? null : merged,
      preview: outcome.preview
        ? {
            canonical: present(outcome.canonical, outcome.former_domains.canonical),
            superseded: present(outcome.superseded, outcome.former_domains.superseded),
            merged,
          }
        : null,
    };
  },
});
