/** GET /v1/persons/{person_uuid}/recommended-paths: the team ranked by how warmly it reaches a person. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { recommendedPathsResponseSchema } from "../../presenters/recommended-paths-presenter.js";
import { rankedPathPage, rankingInstant } from "../../relationships/ranked-path-page.js";
import { rankedPaths, type RankedPaths } from "../../relationships/ranked-paths.js";
import { openRelationshipView } from "../../relationships/relationship-view.js";
import { personNotFound } from "../persons/person-not-found.js";
import { pathSortParameter } from "./path-sort-parameter.js";
import { perItemLimits, perItemQuery } from "./per-item-query.js";

const TIES_CHANGED =
  "cursor no longer valid: users tied on the sort are listed by user uuid since this version, so the scan's place among them moved; start the scan again without cursor";

export const getPersonRecommendedPaths = defineOperation({
  operationId: "getPersonRecommendedPaths",
  method: "get",
  path: "/v1/persons/{person_uuid}/recommended-paths",
  area: "Recommended paths",
  summary: "Recommended introduction paths to a person",
  description:
    "Ranks the internal team by connection strength to the person: each item is an internal user with their direct path and two-hop paths (user → bridge → person), strongest first. 404 when the person is not in the tenant. " +
    "paths_per_item and priority_entries_per_item (0-10, default 10 each) bound what each item lists; path_count, connection_score and total stay the same.",
  mcpDescription:
    "The team ranked by connection strength to the person, each user with their direct and two-hop paths (user → bridge → person), strongest first. " +
    "Short answer: paths_per_item=1.",
  params: z.object({ person_uuid: uuidString("The target person's UUID.") }),
  query: cursorListQuery.extend({ sort_by: pathSortParameter, order: sortOrderParameter("desc"), ...perItemQuery }),
  response: recommendedPathsResponseSchema,
  errors: [404],
  cacheable: true,
  async handler({ params, query, auth, services }) {
    // Checked before the view opens: a cold tenant's graph is not loaded for an unknown person.
    const person = (await services.store.persons.displays(auth.tenant.uuid, [params.person_uuid])).get(params.person_uuid);
    if (!person) throw await personNotFound(services, auth.tenant.uuid, params.person_uuid);
    const view = await openRelationshipView(services, auth);
    const ranking = { sortBy: query.sort_by, order: query.order, nameOf: (userUuid: string) => view.users.get(userUuid)?.name ?? null };
    let ranked: RankedPaths | undefined;
    const scan = { operation: "getPersonRecommendedPaths", tenant: auth.tenant.uuid, target: person.uuid, sort_by: query.sort_by, order: query.order };
    const page = await listPage({
      paging: query,
      // ties: users tied on the sort are ordered by user uuid since 2026-12-06 (by person uuid before): an older
      // cursor's last key would place the page among them wrongly, so it is refused, saying why.
      query: scan,
      orderChange: { mark: { ties: "user_uuid" }, refusal: TIES_CHANGED },
      cursors: await cursorCodecFor(services.store),
      async fetch(request) {
        // A cursor scan ranks every page at its first page's instant: scores decay with time.
        const instant = rankingInstant(request, view.now);
        const atInstant = { ...view, now: instant, scoring: { ...view.scoring, now: instant } };
        ranked = await rankedPaths(services, auth, atInstant, { entity: "person", uuid: person.uuid }, { sortBy: query.sort_by, order: query.order, ...perItemLimits(query) });
        return rankedPathPage(ranked.items, request, instant, ranking);
      },
      present: (items) => items,
    });
    const { target } = ranked!;
    return {
      target_uuid: person.uuid,
      target_name: target.name,
      target_logo_url: target.logo_url,
      ...page,
      top_external_contacts: [],
    };
  },
});
