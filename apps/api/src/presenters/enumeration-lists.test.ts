/**
 * The API's enumerations are the one list of each (a package's, or the API's own beside its schema), in its order:
 * what the OpenAPI document and the MCP tools show.
 */
import { ENTITY_KINDS, PATH_SORT_FIELDS, SORT_ORDERS, STRENGTH_LABELS } from "@rapport/graph";
import { ACTIVITY_ITEM_KINDS, DELETED_ENTITY_TYPES, DELETION_REASONS, EMAIL_INGEST_STATUSES, ENTITY_TYPES } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { IMPORT_SUMMARY_OUTCOMES } from "../imports/import-summary.js";
import { PERSON_MATCH_KEYS } from "../persons/find-person-match.js";
import { listActivity } from "../routes/activity/list-activity.js";
import { ingestEmails, EMAIL_BATCH_STATUSES } from "../routes/emails/ingest-emails.js";
import { createNotesBatch, NOTE_BATCH_STATUSES } from "../routes/notes/create-notes-batch.js";
import { createPersonsBatch, PERSON_BATCH_STATUSES } from "../routes/persons/create-persons-batch.js";
import { listPersons } from "../routes/persons/list-persons.js";
import { LOOKUP_STATUSES, lookupPersonsBatch } from "../routes/persons/lookup-persons-batch.js";
import { batchCompanyRecommendedPaths, batchPersonRecommendedPaths } from "../routes/relationships/batch-recommended-paths.js";
import { getPersonRecommendedPaths } from "../routes/relationships/get-person-recommended-paths.js";
import { listPathPowerScores } from "../routes/relationships/list-path-power-scores.js";
import { listRelationships } from "../routes/relationships/list-relationships.js";
import { SUMMARY_ENTITY_TYPES } from "../summary/summary-provider.js";
import { activityItemSchema } from "./activity-presenter.js";
import { ACTOR_TYPES, actorSchema } from "./actor-presenter.js";
import { aiSummarySchema } from "./ai-summary-presenter.js";
import { importSummarySchema } from "./import-job-presenter.js";
import { pathPowerScoreSchema } from "./path-power-presenter.js";
import { recordDeletionSchema } from "./record-deletion-presenter.js";
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

  it("an email batch's result status is one of EMAIL_INGEST_STATUSES, SKIPPED (an erased participant's) or ERROR", () => {
    expect(enumsOf(ingestEmails.response!)).toContainEqual([...EMAIL_INGEST_STATUSES, "SKIPPED", "ERROR"]);
  });

  it("a deletions log entry's entity_type and reason are one of DELETED_ENTITY_TYPES and DELETION_REASONS", () => {
    expect(enumsOf(recordDeletionSchema)).toEqual([[...DELETED_ENTITY_TYPES], [...DELETION_REASONS]]);
  });

  it("the activity feed's kind filter is one of ACTIVITY_ITEM_KINDS", () => {
    expect(enumsOf(listActivity.query!)).toEqual([[...ACTIVITY_ITEM_KINDS]]);
  });

  it.each([
    ["a PathPower score", pathPowerScoreSchema],
    ["the PathPower scores query", listPathPowerScores.query!],
    ["the relationships query", listRelationships.query!],
    ["a page of relationships", listRelationships.response!],
  ])("%s names its entity with ENTITY_KINDS", (_label, schema) => {
    expect(enumsOf(schema)).toContainEqual([...ENTITY_KINDS]);
  });

  it.each([
    ["the single-target query", getPersonRecommendedPaths.query!],
    ["the person batch body", batchPersonRecommendedPaths.body!],
    ["the company batch body", batchCompanyRecommendedPaths.body!],
  ])("recommended paths: %s sorts by PATH_SORT_FIELDS in SORT_ORDERS", (_label, schema) => {
    expect(enumsOf(schema)).toEqual([[...PATH_SORT_FIELDS], [...SORT_ORDERS]]);
  });

  it("a list's order is one of SORT_ORDERS", () => {
    expect(enumsOf(listPersons.query!)).toContainEqual([...SORT_ORDERS]);
  });

  it("an AI summary's entity_type is one of SUMMARY_ENTITY_TYPES, each one of the store's ENTITY_TYPES", () => {
    expect(enumsOf(aiSummarySchema)).toEqual([[...SUMMARY_ENTITY_TYPES]]);
    expect(SUMMARY_ENTITY_TYPES.filter((type) => !(ENTITY_TYPES as readonly string[]).includes(type))).toEqual([]);
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

  it("a notes batch's result status is one of NOTE_BATCH_STATUSES", () => {
    expect(enumsOf(createNotesBatch.response!)).toContainEqual([...NOTE_BATCH_STATUSES]);
  });

  it("a matched person's matched_by is one of PERSON_MATCH_KEYS", () => {
    expect(enumsOf(createPersonsBatch.response!)).toContainEqual([...PERSON_MATCH_KEYS]);
  });

  it("an import summary's outcome is one of IMPORT_SUMMARY_OUTCOMES", () => {
    expect(enumsOf(importSummarySchema)).toContainEqual([...IMPORT_SUMMARY_OUTCOMES]);
  });
});
