/**
 * Each count limit of count-limits.ts (and the custom-field key length of field-limits.ts) is what its schema
 * checks and what its message and description say.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { companyFieldsShape } from "../../routes/companies/company-input.js";
import { listCompanies } from "../../routes/companies/list-companies.js";
import { messageSchema } from "../../routes/emails/ingest-emails.js";
import { importUploadFields } from "../../routes/imports/create-import.js";
import { addEntityListEntities } from "../../routes/lists/add-entity-list-entities.js";
import { meetingFields } from "../../routes/meetings/meeting-body.js";
import { createOpportunity } from "../../routes/opportunities/create-opportunity.js";
import { opportunityWriteFields } from "../../routes/opportunities/opportunity-body.js";
import { choicesField, createOpportunityCustomField } from "../../routes/opportunity-custom-fields/create-opportunity-custom-field.js";
import { reorderOpportunityStages } from "../../routes/opportunity-types/reorder-opportunity-stages.js";
import { personFieldsShape } from "../../routes/persons/person-input.js";
import { listPathPowerScores } from "../../routes/relationships/list-path-power-scores.js";
import { createTask } from "../../routes/tasks/create-task.js";
import {
  MAX_ASSOCIATIONS_ON_CREATE,
  MAX_COLUMN_MAPPINGS,
  MAX_CUSTOM_FIELD_CHOICES,
  MAX_CUSTOM_FIELDS_PER_RECORD,
  MAX_EMAIL_RECIPIENTS,
  MAX_FILTER_VALUES,
  MAX_FORMER_DOMAINS,
  MAX_LIST_ENTITIES_PER_CALL,
  MAX_MEETING_ATTENDEES,
  MAX_PERSON_AFFILIATIONS,
  MAX_PERSON_EMAIL_ADDRESSES,
  MAX_PIPELINE_STAGES,
  MAX_QUERY_UUIDS,
} from "./count-limits.js";
import { MAX_CUSTOM_FIELD_KEY_LENGTH } from "./field-limits.js";

const uuids = (count: number) => Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);
const messagesOf = (result: z.ZodSafeParseResult<unknown>) => result.error?.issues.map((issue) => issue.message) ?? [];
const inputSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { maxItems?: number; description?: string };

describe("a count limit's check and its text", () => {
  it.each([
    ["a company's custom fields", companyFieldsShape.company_custom_fields],
    ["an opportunity's custom fields", opportunityWriteFields.custom_fields],
  ])("refuse %s beyond MAX_CUSTOM_FIELDS_PER_RECORD, saying so", (_label, schema) => {
    const fields = (count: number) => Object.fromEntries(uuids(count).map((uuid) => [uuid, "value"]));
    expect(schema.safeParse(fields(MAX_CUSTOM_FIELDS_PER_RECORD)).success).toBe(true);
    expect(messagesOf(schema.safeParse(fields(MAX_CUSTOM_FIELDS_PER_RECORD + 1)))).toContain(`at most ${MAX_CUSTOM_FIELDS_PER_RECORD} custom fields`);
  });

  it("refuse a company's former domains beyond MAX_FORMER_DOMAINS, saying so in the message and the description", () => {
    const domains = (count: number) => Array.from({ length: count }, (_, index) => `old${index}.example`);
    expect(companyFieldsShape.former_domains.safeParse(domains(MAX_FORMER_DOMAINS)).success).toBe(true);
    expect(messagesOf(companyFieldsShape.former_domains.safeParse(domains(MAX_FORMER_DOMAINS + 1)))).toContain(`at most ${MAX_FORMER_DOMAINS} domains`);
    expect(inputSchemaOf(companyFieldsShape.former_domains).description).toContain(`at most ${MAX_FORMER_DOMAINS}`);
  });

  it("refuse a person's email addresses beyond MAX_PERSON_EMAIL_ADDRESSES, saying so, and cap the affiliations", () => {
    const addresses = (count: number) => Array.from({ length: count }, (_, index) => `person${index}@example.com`);
    expect(personFieldsShape.emails.safeParse(addresses(MAX_PERSON_EMAIL_ADDRESSES)).success).toBe(true);
    expect(messagesOf(personFieldsShape.emails.safeParse(addresses(MAX_PERSON_EMAIL_ADDRESSES + 1)))).toContain(`at most ${MAX_PERSON_EMAIL_ADDRESSES} addresses`);
    expect(inputSchemaOf(personFieldsShape.affiliations).maxItems).toBe(MAX_PERSON_AFFILIATIONS);
  });

  it.each([
    ["an opportunity's associations on create", createOpportunity.body!.shape.associations],
    ["a task's associations on create", createTask.body!.shape.associations],
  ])("cap %s at MAX_ASSOCIATIONS_ON_CREATE and state it in the description", (_label, schema) => {
    const described = inputSchemaOf(schema);
    expect(described.maxItems).toBe(MAX_ASSOCIATIONS_ON_CREATE);
    expect(described.description).toContain(`(at most ${MAX_ASSOCIATIONS_ON_CREATE})`);
  });

  it.each([
    ["an email's recipients", messageSchema.shape.to, MAX_EMAIL_RECIPIENTS],
    ["an email's copied recipients", messageSchema.shape.cc, MAX_EMAIL_RECIPIENTS],
    ["a meeting's attendees", meetingFields.attendees, MAX_MEETING_ATTENDEES],
    ["a select field's choices", choicesField, MAX_CUSTOM_FIELD_CHOICES],
    ["the stages of a reorder", reorderOpportunityStages.body!.shape.stage_uuids, MAX_PIPELINE_STAGES],
    ["a CSV import's column mappings", importUploadFields.shape.map, MAX_COLUMN_MAPPINGS],
  ])("cap %s", (_label, schema, limit) => {
    expect(limit).toBeGreaterThan(0);
    expect(inputSchemaOf(schema).maxItems).toBe(limit);
  });

  it("cap the entities added to a list, in the check, its message, its description and the operation's", () => {
    const schema = addEntityListEntities.body!.shape.entity_uuids;
    expect(inputSchemaOf(schema)).toMatchObject({ maxItems: MAX_LIST_ENTITIES_PER_CALL, description: `The entities to add, at most ${MAX_LIST_ENTITIES_PER_CALL}.` });
    expect(messagesOf(schema.safeParse(uuids(MAX_LIST_ENTITIES_PER_CALL + 1)))).toContain(`at most ${MAX_LIST_ENTITIES_PER_CALL} UUIDs per call`);
    expect(addEntityListEntities.description).toMatch(new RegExp(`^Adds up to ${MAX_LIST_ENTITIES_PER_CALL} companies or persons`));
  });

  it("cap the values of a company list filter", () => {
    const values = (count: number) => Array.from({ length: count }, (_, index) => `status${index}`).join(",");
    const query = listCompanies.query!;
    expect(messagesOf(query.safeParse({ operating_status: values(MAX_FILTER_VALUES) }))).toEqual([]);
    expect(messagesOf(query.safeParse({ operating_status: values(MAX_FILTER_VALUES + 1) }))).toContain(`at most ${MAX_FILTER_VALUES} values, got ${MAX_FILTER_VALUES + 1}`);
  });

  it("cap the UUIDs of a query list, in the check and in both descriptions", () => {
    const schema = listPathPowerScores.query!.shape.uuids;
    expect(schema.safeParse(uuids(MAX_QUERY_UUIDS).join(",")).success).toBe(true);
    expect(messagesOf(schema.safeParse(uuids(MAX_QUERY_UUIDS + 1).join(",")))).toContain(`at most ${MAX_QUERY_UUIDS} UUIDs, got ${MAX_QUERY_UUIDS + 1}`);
    expect(inputSchemaOf(schema).description).toMatch(new RegExp(`Comma-separated, at most ${MAX_QUERY_UUIDS}\\.$`));
    expect(listPathPowerScores.description).toMatch(new RegExp(`^PathPower of up to ${MAX_QUERY_UUIDS} persons or companies`));
  });

  it("bound a custom field's key at MAX_CUSTOM_FIELD_KEY_LENGTH, in the pattern and its message", () => {
    const key = createOpportunityCustomField.body!.shape.key;
    expect(key.safeParse("k".repeat(MAX_CUSTOM_FIELD_KEY_LENGTH)).success).toBe(true);
    expect(messagesOf(key.safeParse("k".repeat(MAX_CUSTOM_FIELD_KEY_LENGTH + 1)))).toEqual([
      `must start with a lower-case letter and use only a-z, 0-9 and _ (at most ${MAX_CUSTOM_FIELD_KEY_LENGTH})`,
    ]);
  });
});
