/** GET /v1/duplicates: the tenant's likely duplicate persons and companies, each pair with why and how to merge it. Ours. */
import { DUPLICATE_ENTITY_TYPES } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorListQuery } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { duplicatePairSchema, presentDuplicatePair } from "../../presenters/duplicate-pair-presenter.js";

export const listDuplicates = defineOperation({
  operationId: "listDuplicates",
  method: "get",
  path: "/v1/duplicates",
  area: "Duplicates",
  summary: "List likely duplicate persons and companies",
  description:
    "Pairs of live records that look like one (persons, then companies). Persons: one LinkedIn profile; one full name (case, accents ignored) with a company or company email domain in common; a full name only the two hold (possible). Companies: one name without legal form (Acme, ACME GmbH) or one domain. Each names the record to keep and its merge request.",
  query: cursorListQuery.extend({
    entity_type: z.enum(DUPLICATE_ENTITY_TYPES).optional().describe("Only pairs of persons or of companies."),
  }),
  response: listEnvelopeSchema(duplicatePairSchema),
  cacheable: true,
  example: { query: { entity_type: "PERSON", per_page: "20" } },
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, entity_type } = query;
    return listPage({
      paging: { page, per_page, cursor },
      query: { operation: "listDuplicates", tenant: auth.tenant.uuid, entity_type },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.duplicates.list(auth.tenant.uuid, { ...request, ...(entity_type ? { entityType: entity_type } : {}) }),
      present: (pairs) => pairs.map(presentDuplicatePair),
    });
  },
});
