/**
 * The API's enumerations are the one list of each (a package's, or the API's own beside its schema), in its order:
 * what the OpenAPI document and the MCP tools show.
 */
import { STRENGTH_LABELS } from "@rapport/graph";
import { ACTIVITY_ITEM_KINDS, EMAIL_INGEST_STATUSES } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ingestEmails, EMAIL_BATCH_STATUSES } from "../routes/emails/ingest-emails.js";
import { createPersonsBatch, PERSON_BATCH_STATUSES } from "../routes/persons/create-persons-batch.js";
import { LOOKUP_STATUSES, lookupPersonsBatch } from "../routes/persons/lookup-persons-batch.js";
import { listRelationships } from "../routes/relationships/list-relationships.js";
import { activityItemSchema } from "./activity-presenter.js";
import { ACTOR_TYPES, actorSchema } from "./actor-presenter.js";
import { pathPowerScoreSchema } from "./path-power-presenter.js";
import { recommendedPathItemSchema, topExternalContactSchema } from "./recommended-paths-presenter.js";

/** The enums of `schema`'s JSON Schema (as the OpenAPI document and MCP tools show it). */
function enumsOf(schema: z.core.$ZodType): unknown[][] {
  const found: unknown[][] = [];
  JSON.stringify(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }), (key, value: unknown) => {
    if (key === "enum") found.push(value as unknown[]);
    return value;
  });
  return found;
}

describe("enumerations taken from the packages' lists", () => {
  it.each([
    ["a recommended-path item", recommendedPathItemSchema],
    ["a top external contact", topExternalContactSchema],
    ["a PathPower score", pathPowerScoreSchema],
    ["a page of relationships", listRelationships.response!],
  ])("%s labels strength with STRENGTH_LABELS", (_label, schema) => {
    expect(enumsOf(schema)).toContainEqual([...STRENGTH_LABELS]);
  });

  it("an activity timeline row's kind is one of ACTIVITY_ITEM_KINDS", () => {
    expect(enumsOf(activityItemSchema)).toEqual([[...ACTIVITY_ITEM_KINDS]]);
  });

  it("an email batch's result status is one of EMAIL_INGEST_STATUSES, or ERROR", () => {
    expect(enumsOf(ingestEmails.response!)).toContainEqual([...EMAIL_INGEST_STATUSES, "ERROR"]);
  });
});

describe("enumerations listed beside their schema", () => {
  it("an actor's type is one of ACTOR_TYPES", () => {
    expect(actorSchema.shape.type.options).toEqual([...ACTOR_TYPES]);
  });

  it.each([
    ["persons", createPersonsBatch.response!, PERSON_BATCH_STATUSES],
    ["lookup", lookupPersonsBatch.response!, LOOKUP_STATUSES],
    ["emails", ingestEmails.response!, EMAIL_BATCH_STATUSES],
  ])("the %s batch's result status is one of its list", (_label, response, statuses) => {
    expect(enumsOf(response)).toContainEqual([...statuses]);
  });
});
