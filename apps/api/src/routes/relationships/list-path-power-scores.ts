/** GET /v1/pathpower/scores: PathPower of up to MAX_QUERY_UUIDS persons or companies. */
import { ENTITY_KINDS, pathPower } from "@rapport/graph";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { uuidListQuery } from "../../platform/request/common-schemas.js";
import { MAX_QUERY_UUIDS } from "../../platform/request/count-limits.js";
import { pathPowerScoreSchema, presentPathPower } from "../../presenters/path-power-presenter.js";
import { openRelationshipView } from "../../relationships/relationship-view.js";
import { asOfQuery, scoredAtField, scoringInstant } from "../../relationships/scoring-instant.js";

export const listPathPowerScores = defineOperation({
  operationId: "listPathPowerScores",
  method: "get",
  path: "/v1/pathpower/scores",
  area: "PathPower",
  summary: "PathPower scores",
  description:
    `PathPower of up to ${MAX_QUERY_UUIDS} persons or companies (all of one type). Every input UUID gets an entry, in input order; one with no data (or not visible to the tenant) has score and strength_label null. No uuids gives an empty list.`,
  query: z.object({
    entity: z.enum(ENTITY_KINDS).describe("The type of every UUID in the request."),
    uuids: uuidListQuery("UUIDs to score; a repeat gets its own entry.", { records: { kindIn: "entity" }, keepRepeats: true }).optional(),
    as_of: asOfQuery(),
  }),
  response: z.object({ scores: z.array(pathPowerScoreSchema), scored_at: scoredAtField() }),
  example: { query: { entity: "person", uuids: "06efa435-6c62-4cb7-9770-f221a0bcd7c6" } },
  async handler({ query, auth, services }) {
    const uuids = query.uuids ?? [];
    if (uuids.length === 0) return { scores: [], scored_at: scoringInstant(query.as_of, services.clock.now()) };
    const view = await openRelationshipView(services, auth, { asOf: query.as_of });
    const scores = new Map<string, ReturnType<typeof presentPathPower>>();
    for (const uuid of uuids) if (!scores.has(uuid)) scores.set(uuid, presentPathPower(pathPower(view.graph, { entity: query.entity, uuid }, view.scoring)));
    return { scores: uuids.map((uuid) => scores.get(uuid)!), scored_at: view.now };
  },
});
