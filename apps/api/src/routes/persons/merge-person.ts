/**
 * POST /v1/persons/{person_uuid}/merge: merges a superseded person into the canonical person in the
 * path, or with `preview: true` shows what the merge would do without persisting anything.
 */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { MAX_LABELS_PER_LIST, MAX_PERSON_AFFILIATIONS, MAX_PERSON_EMAIL_ADDRESSES } from "../../platform/request/count-limits.js";
import { mergePreviewGraph } from "../../persons/merge-preview-graph.js";
import { personSchema, presentPersons } from "../../presenters/person-presenter.js";
import { getPerson } from "./get-person.js";

const MERGE_DESCRIPTION =
  `Merges the superseded person into the canonical person named in the path, in one transaction: email addresses (the union; the canonical primary stays primary), affiliations, entity-list memberships and every other reference (activity, notes, associations) move to the canonical person, which also takes the superseded person's values for its own empty fields and the union of tags. The superseded record is removed: its uuid then answers 404 naming the canonical person. Every email and meeting it was on is listed again in GET /v1/activity at a new sequence, with the canonical person among its participants. With preview: true nothing persists and the preview field shows the canonical, superseded and merged persons as they would look. 404 if either uuid does not exist; 409 if they are the same person or already merged; 400 for other validation failures: both users' own persons (active or deactivated: two users never share a person), an internal user's own person superseded by a contact, a merged person holding more email addresses (${MAX_PERSON_EMAIL_ADDRESSES}), tags (${MAX_LABELS_PER_LIST}) or affiliations (${MAX_PERSON_AFFILIATIONS}) than a person may.`;

export const mergePerson = defineOperation({
  operationId: "mergePerson",
  method: "post",
  destructive: true,
  path: "/v1/persons/{person_uuid}/merge",
  area: "Person",
  summary: "Merge a duplicate person",
  description: MERGE_DESCRIPTION,
  // MCP hints are per tool, not per call: the tool is marked destructive for the merge, and its text says
  // that a preview is not.
  mcpDescription: `${MERGE_DESCRIPTION} The tool is marked destructive for the merge itself; with preview: true it changes nothing.`,
  params: z.object({ person_uuid: uuidString("The canonical person: the one that remains.") }),
  body: z.strictObject({
    superseded_person_uuid: uuidString("The duplicate person: merged into the canonical one and removed."),
    preview: z.boolean().default(false).describe("True for a read-only dry run: nothing persists."),
  }),
  response: z.object({
    canonical_uuid: z.string().describe("The person that remains."),
    superseded_uuid: z.string().describe("The person merged away."),
    merged: z.boolean().describe("True when the merge was carried out; false for a preview."),
    moved: z.record(z.string(), z.number().int()).describe("Reference kind → how many moved (or would move) to the canonical person."),
    person: personSchema.nullable().describe("The canonical person after the merge; null for a preview."),
    preview: z
      .object({
        canonical: personSchema.describe("The canonical person as it is now."),
        superseded: personSchema.describe("The superseded person as it is now."),
        merged: personSchema.describe("The canonical person as it would be after the merge."),
      })
      .nullable()
      .describe("For preview: true, the persons before and after; null for a real merge."),
  }),
  errors: [404, 409],
  example: { body: { superseded_person_uuid: "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", preview: true } },
  mergeOf: getPerson,
  async handler({ params, body, auth, services, ifMatch }) {
    const tenantUuid = auth.tenant.uuid;
    const outcome = await services.store.personMerges.merge({
      tenant_uuid: tenantUuid,
      canonical_uuid: params.person_uuid,
      superseded_uuid: body.superseded_person_uuid,
      preview: body.preview,
      merged_by_user_uuid: auth.user?.uuid ?? null,
      limits: { emails: MAX_PERSON_EMAIL_ADDRESSES, tags: MAX_LABELS_PER_LIST, affiliations: MAX_PERSON_AFFILIATIONS },
    }, { precondition: ifMatch });
    const [canonical, superseded] = await presentPersons(services, auth, [outcome.canonical, outcome.superseded]);
    // A preview's merge rolled back, so its relationship fields come from a graph that takes the merge; a real
    // merge's graph has taken it already.
    const [merged] = await presentPersons(
      services,
      auth,
      [outcome.merged],
      outcome.preview ? (graph) => mergePreviewGraph(graph, params.person_uuid, body.superseded_person_uuid, outcome.graph_changes) : undefined,
    );
    // The rolled-back merge left the superseded person and those merged into it unmerged: name them as the merge would.
    if (outcome.preview) {
      const mergedAway = [...canonical!.merged_person_uuids, ...superseded!.merged_person_uuids, body.superseded_person_uuid];
      merged!.merged_person_uuids = mergedAway.sort();
    }
    return {
      canonical_uuid: params.person_uuid,
      superseded_uuid: body.superseded_person_uuid,
      merged: !outcome.preview,
      moved: outcome.moved,
      person: outcome.preview ? null : merged!,
      preview: outcome.preview ? { canonical: canonical!, superseded: superseded!, merged: merged! } : null,
    };
  },
});
