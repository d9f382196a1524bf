/** The opportunity list envelope (shared by both opportunity lists) and the handler body that fills it. */
import type { OpportunityListFilters, OpportunityPage } from "@rapport/store";
import { z } from "zod";
import type { AuthContext } from "../../platform/auth/auth-context.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { listPage } from "../../platform/listing/list-page.js";
import { customFieldMappingSchema, opportunitySchema, presentCustomFieldMapping, presentOpportunity } from "../../presenters/opportunity-presenter.js";
import type { AppServices } from "../../services.js";
import type { OpportunityListQuery } from "./opportunity-list-query.js";

export const opportunityListSchema = listEnvelopeSchema(opportunitySchema).extend({
  custom_field_mapping: customFieldMappingSchema,
  total_value: z.number().describe("Sum of value over the whole filtered set, not only this page."),
  total_weighted_value: z.number().describe("Sum of weighted_value over the whole filtered set."),
  search_match: z.enum(["exact", "fuzzy"]).optional(),
});

/** The sorts by text, alphabetical since store migration 0080 (case-folded text by code point before). */
const TEXT_SORTS: ReadonlySet<string> = new Set(["name", "details", "next_step", "owner", "intro_person"]);

const TEXT_ORDER_CHANGED =
  "cursor no longer valid: opportunities sorted by text are listed alphabetically since this version (accents no longer sort after z), so the scan's place moved; start the scan again without cursor";

const FUZZY_WALK_CHANGED =
  "cursor no longer valid: a search scan keeps its place by each match's own closeness since this version, not by its rank among the matches; start the scan again without cursor";

export async function listOpportunityPage(options: {
  services: AppServices;
  auth: AuthContext;
  query: OpportunityListQuery;
  /** Binds cursors: the operation and every parameter that shapes the result. */
  fingerprint: Record<string, unknown>;
  filters: OpportunityListFilters;
}) {
  const { services, auth, query, filters } = options;
  const { store } = services;
  const tenantUuid = auth.tenant.uuid;
  const fields = await store.opportunityCustomFields.list(tenantUuid);
  let fetched: OpportunityPage | null = null;
  const scan = { ...options.fingerprint, tenant: tenantUuid, sort_by: query.sort_by, order: query.order };
  // text_order: a text sort's cursor of an earlier release carries a value of the order before; it is refused, saying why.
  const byText = query.sort_by !== undefined && TEXT_SORTS.has(query.sort_by);
  const envelope = await listPage({
    paging: { page: query.page, per_page: query.per_page, cursor: query.cursor },
    query: scan,
    orderChange: [
      ...(byText ? [{ mark: { text_order: "alphabetical" }, refusal: TEXT_ORDER_CHANGED }] : []),
      // Only where the search applies: a company's list ignores it, and an ignored filter binds no cursor.
      ...(filters.search?.trim() ? [{ mark: { fuzzy_walk: "score" }, refusal: FUZZY_WALK_CHANGED }] : []),
    ],
    cursors: await cursorCodecFor(store),
    fetch: async (request) => {
      fetched = await store.opportunities.list(tenantUuid, {
        ...request,
        filters,
        sort_by: query.sort_by,
        order: query.order,
        viewer: viewerOf(auth),
      });
      return fetched;
    },
    present: (opportunities) => opportunities.map((opportunity) => presentOpportunity(opportunity, fields)),
  });
  const page = fetched as OpportunityPage | null;
  return {
    ...envelope,
    custom_field_mapping: presentCustomFieldMapping(fields, page?.rows ?? []),
    total_value: page?.total_value ?? 0,
    total_weighted_value: page?.total_weighted_value ?? 0,
    ...(page?.searchMatch !== undefined && { search_match: page.searchMatch }),
  };
}
