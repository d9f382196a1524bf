/**
 * Walks the whole operation table for the references a request carries outside its path: every query
 * parameter, body field and form field that names a record (a uuid, an email address, a domain, a
 * LinkedIn URL, an external or message id, a custom field key, a list name, a filter by name) and the
 * `x-service-user-id` header. Sent over REST and MCP with another tenant's value, each answers exactly as
 * it does for a value of the same shape that names nothing, and writes the same rows (none pointing at
 * the other tenant); sent with the caller's own value, it answers otherwise, so the field was reached.
 * A new field whose name says it names a record fails here until it is classified below.
 */
import { randomUUID } from "node:crypto";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { callMcpTool } from "../testing/mcp-call.js";
import type { AnyOperation } from "../operations/operation.js";
import { recordDatabaseChanges, type ChangeRecorder, type DatabaseChanges } from "../testing/database-changes.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { buildReferenceKeys, referenceKeyBuilders, type ReferenceKeyName, type ReferenceKeys } from "../testing/reference-keys.js";
import { enumValues, requestFields, schemaKind, type RequestField } from "../testing/request-fields.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { messageSchema } from "./emails/ingest-emails.js";
import { operations } from "./operations.js";

/** What a reference names; each kind knows the other tenant's values, the caller's own and a value naming nothing. */
type ReferenceKind =
  | "person"
  | "company"
  | "user"
  | "owner"
  | "opportunityType"
  | "stage"
  | "opportunity"
  | "entity"
  | "customField"
  | "customFieldKey"
  | "email"
  | "personLinkedinUrl"
  | "companyLinkedinUrl"
  | "domain"
  | "externalId"
  | "messageId"
  | "listName"
  | "typeLabel"
  | "companyName"
  | "opportunityName";

/** A field that looks like a reference and is not one, with the reason. */
interface NotAReference {
  notAReference: string;
}

/** A field needs classifying when its name says it may name a record. */
const LOOKS_LIKE_A_REFERENCE = /uuid|(^|_)id$|email|address|domain|linkedin|external|(^|_)key$|^name$|^label$|^search$|^from$|^to$|^cc$|^organizer$|^attendees$|\{\}$/;

/** Classification by the field's own name (with `[]`/`{}` after it), unless an operation-specific entry says otherwise. */
const BY_NAME: Record<string, ReferenceKind | NotAReference> = {
  person_uuid: "person",
  intro_person_uuid: "person",
  related_person_uuid: "person",
  superseded_person_uuid: "person",
  company_uuid: "company",
  related_company_uuid: "company",
  primary_company_uuid: "company",
  superseded_company_uuid: "company",
  user_uuid: "user",
  assignee_user_uuid: "user",
  owner_user_uuid: "owner",
  type_uuid: "opportunityType",
  opportunity_type_uuid: "opportunityType",
  stage_uuid: "stage",
  opportunity_stage_uuid: "stage",
  opportunity_stage_uuids: "stage",
  "stage_uuids[]": "stage",
  parent_uuid: "opportunity",
  entity_uuid: "entity",
  "entity_uuids[]": "entity",
  "custom_fields{}": "customField",
  "company_custom_fields{}": { notAReference: "an opaque object stored as sent: no company custom field is defined anywhere to name" },
  email: "email",
  address: "email",
  "emails[]": "email",
  from: "email",
  "to[]": "email",
  "cc[]": "email",
  organizer: "email",
  "attendees[]": "email",
  emails: { notAReference: "a list: its items are classified" },
  to: { notAReference: "a list: its items are classified" },
  cc: { notAReference: "a list: its items are classified" },
  attendees: { notAReference: "a list: its items are classified" },
  linkedin_url: "personLinkedinUrl",
  street_address: { notAReference: "a postal address" },
  top_external_contacts_limit: { notAReference: "a count of contacts to list" },
  uuids: { notAReference: "a list: its items are classified" },
  entity_uuids: { notAReference: "a list: its items are classified" },
  stage_uuids: { notAReference: "a list: its items are classified" },
  domain: "domain",
  former_domains: { notAReference: "a list: its items are classified" },
  "former_domains[]": "domain",
  external_id: "externalId",
  message_id: "messageId",
  key: "customFieldKey",
  name: { notAReference: "a display name, not unique and never looked up" },
  label: { notAReference: "a display name, not unique and never looked up" },
};

/** Operation-specific classification, by `operationId place`. */
const BY_PLACE: Record<string, ReferenceKind | NotAReference> = {
  "listPersons query.uuids": "person",
  "listCompanies query.uuids": "company",
  "listPathPowerScores query.uuids": "person",
  "batchPersonRecommendedPaths body.uuids[]": "person",
  "batchCompanyRecommendedPaths body.uuids[]": "company",
  "batchPersonActivityStats body.uuids[]": "person",
  "listCompanies query.name": "companyName",
  "listCompanies query.linkedin_url": "companyLinkedinUrl",
  "createCompany body.linkedin_url": "companyLinkedinUrl",
  "updateCompany body.linkedin_url": "companyLinkedinUrl",
  "listOpportunities query.name": "opportunityName",
  "listOpportunities query.search": "opportunityName",
  "listCompanyOpportunities query.name": "opportunityName",
  "listCompanyOpportunities query.search": { notAReference: "accepted and ignored by this operation (only name, type and stage filters apply)" },
  "createEntityList body.name": "listName",
  "updateEntityList body.name": "listName",
  "createOpportunityType body.label": "typeLabel",
  "updateOpportunityType body.label": "typeLabel",
};

/** Schemas of fields an operation declares as unknown and validates itself. */
const DECLARED_SCHEMAS: Record<string, z.ZodType> = {
  "ingestEmails body.messages[]": messageSchema,
};

/**
 * Calls whose own-value answer is, by design, the answer to a value naming nothing: the field was reached
 * all the same. `operationId place` → why.
 */
const OWN_ANSWERS_ALIKE: Record<string, string> = {
  "createNote body.associations[].entity_uuid (NOTE)": "a note is not linked to a note, whichever",
  "createNoteAssociation body.entity_uuid (NOTE)": "a note is not linked to a note, whichever",
  "listNotes query.entity_uuid (NOTE)": "notes are not attached to notes",
  "createTask body.associations[].entity_uuid (TASK)": "a task is not linked to a task, whichever",
  "createTaskAssociation body.entity_uuid (TASK)": "a task is not linked to a task, whichever",
  "listTasks query.entity_uuid (TASK)": "tasks are not attached to tasks",
  "createEntityList body.name": "list names need not be unique",
  "createOpportunityType body.label": "type labels need not be unique",
  "updateOpportunityType body.label": "type labels need not be unique",
  "updateEntityList body.name": "list names need not be unique",
  "createPerson body.linkedin_url": "a person's LinkedIn URL is stored as given, not held unique",
  "updatePerson body.linkedin_url": "a person's LinkedIn URL is stored as given, not held unique",
  "createCompany body.domain": "a company's domain is stored as given, not held unique",
  "updateCompany body.domain": "a company's domain is stored as given, not held unique",
  "createCompany body.former_domains[]": "a company's former domains are stored as given, not held unique",
  "updateCompany body.former_domains[]": "a company's former domains are stored as given, not held unique",
  "createCompany body.email": "a company's address is stored as given, not held unique",
  "updateCompany body.email": "a company's address is stored as given, not held unique",
  "createCompany body.linkedin_url": "a company's LinkedIn URL is stored as given, not held unique",
  "updateCompany body.linkedin_url": "a company's LinkedIn URL is stored as given, not held unique",
  "addEntityListEntities body.entity_uuids[] (COMPANY)": "the fixture list holds persons: a company is refused, whichever",
  "listCompanyOpportunities query.name": "the caller's named opportunity is not associated with the company in the path",
  "listOpportunities query.intro_person_uuid": "no fixture opportunity has an intro person",
  "listOpportunities query.related_company_uuid": "no fixture sub-opportunity is associated with a company",
  "listOpportunities query.related_person_uuid": "no fixture sub-opportunity is associated with a person",
  "listTasks query.entity_uuid (PERSON)": "the fixture task is linked to its opportunity only",
  "listTasks query.entity_uuid (COMPANY)": "the fixture task is linked to its opportunity only",
  "listTasks query.entity_uuid (FILE)": "the fixture task is linked to its opportunity only",
  "createPersonsBatch body.persons[].primary_company_uuid": "an item names its person by a new address, so it is CREATED with either company",
  "createPersonsBatch body.persons[].affiliations[].company_uuid": "an item names its person by a new address, so it is CREATED with either company",
  "listCompanyOpportunities query.company_uuid": "accepted and ignored (only name, type and stage filters apply)",
  "listCompanyOpportunities query.person_uuid": "accepted and ignored",
  "listCompanyOpportunities query.owner_user_uuid": "accepted and ignored",
  "listCompanyOpportunities query.intro_person_uuid": "accepted and ignored",
  "listCompanyOpportunities query.related_company_uuid": "accepted and ignored",
  "listCompanyOpportunities query.related_person_uuid": "accepted and ignored",
  "listCompanyOpportunities query.parent_uuid": "accepted and ignored",
};

/**
 * Tables that change whatever a request names (usage counts, change counters, a secret made on first use): left
 * out of the comparison of two calls' writes, not of the check that no write touches the other tenant. The month's
 * counts and the keys' last uses are written by the store's timer a minute after a first use (key-use-buffer.ts), in
 * whichever call awaits the disk then: a walk slowed past that minute saw `api_key_uses` in one call of a pair.
 */
const BOOKKEEPING_TABLES = ["monthly_usage", "api_keys", "api_key_uses", "settings", "change_generations"];
/**
 * Tables that keep what a record held before the request, by `operationId place`: a changed domain joins the company's
 * former domains, so the row written names the value the call before sent, whatever this one names. Left out of the
 * comparison of two calls' writes for that field only, not of the check that no write touches the other tenant.
 */
const PREVIOUS_VALUE_TABLES: Record<string, string[]> = {
  "updateCompany body.domain": ["company_former_domains"],
};
/** The name search indexes, rebuilt on first use: their rows hold tokens, not records. */
const isSearchIndex = (table: string) => table.includes("_name_search");

let context: TestContext;
let recorder: ChangeRecorder;
let mine: PopulatedTenant & { keys: ReferenceKeys };
let theirs: PopulatedTenant;
/** The other tenant's merged-away person. */
let theirMergedPerson: string;
/**
 * Every uuid of the other tenant's records (lower case): none may appear in a row the caller's request writes. A set:
 * it grows with each case, and every uuid of every answer and row is looked up in it (as a list, the lookups took 8% of
 * the walk's processor time).
 */
let theirUuids: Set<string>;

const UUIDS = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;

beforeAll(async () => {
  context = await createTestContext();
  const own = await buildPopulatedTenant(context.services, "Mine");
  mine = { ...own, keys: await buildReferenceKeys(context.services, own, "Mine") };
  theirs = await buildPopulatedTenant(context.services, "Theirs");
  theirMergedPerson = await referenceKeyBuilders.mergedPersonUuid(context.services, theirs, "Theirs");
  // Every call of the walk falls in the same second of the manual clock, which stays still so that two calls
  // write the same timestamps: the per-second limit must not be what answers.
  const database = new SqliteDatabase(context.databasePath);
  database.prepare("update tenants set per_second_limit = 1000000 where uuid = ?").run(mine.tenant.uuid);
  database.close();
  recorder = recordDatabaseChanges(context.databasePath, isSearchIndex);
  const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  theirUuids = new Set([...theirs.secrets, theirMergedPerson, theirs.admin.person_uuid, theirs.member.person_uuid].join(" ").match(uuidPattern) ?? []);
});
afterAll(async () => {
  recorder?.close();
  await context.close();
});

const ENTITY_ID_NAMES: Record<string, string> = {
  PERSON: "person_uuid",
  COMPANY: "company_uuid",
  NOTE: "note_uuid",
  FILE: "file_uuid",
  TASK: "task_id",
  OPPORTUNITY: "opportunity_uuid",
};

interface KindValues {
  theirs: string[];
  own: string;
  /** A value of the same shape as `like` that names nothing. */
  nowhere(like: string): string;
  /** A request naming no such record stops at it: the caller's own record fills the field in other calls. */
  mustExist: boolean;
}

const anyUuid = () => randomUUID();
const token = () => randomUUID().slice(0, 8);

/** Keys of new records of the other tenant: a key sent earlier may since name a copy the caller made. */
async function theirNewKeys(...names: ReferenceKeyName[]): Promise<string[]> {
  const marker = `Theirs ${token()}`;
  recorder.take();
  const keys: string[] = [];
  for (const name of names) keys.push(await referenceKeyBuilders[name](context.services, theirs, marker));
  // The new records' uuids join the ones no write of the caller may name.
  const rows = Object.values(recorder.take()).flatMap(({ added }) => added);
  const theirRows = rows.filter((row) => (JSON.parse(row) as { tenant_uuid?: string }).tenant_uuid === theirs.tenant.uuid);
  for (const uuid of theirRows.join(" ").match(UUIDS) ?? []) theirUuids.add(uuid.toLowerCase());
  return keys;
}

/** The same text with another marker: an unknown address keeps its local part, which names the person it makes. */
function elsewhere(like: string): string {
  const replacement = token();
  return like.replace(/(theirs|mine)(?:([-_ ])[0-9a-f]{8})?/gi, (_whole, word: string, separator?: string) => `${/^[A-Z]/.test(word) ? "Nowhere" : "nowhere"}${separator ?? "-"}${replacement}`);
}

const UUID_KINDS: ReadonlySet<ReferenceKind> = new Set(["person", "company", "user", "owner", "opportunityType", "stage", "opportunity", "entity", "customField"]);

/** Keys an operation holds unique per tenant, so a request the walk sends more than once needs a new one each time. */
const ONCE_ONLY_KINDS: ReadonlySet<ReferenceKind> = new Set(["messageId", "externalId", "email"]);

async function valuesOf(kind: ReferenceKind, entityType?: string): Promise<KindValues> {
  const uuids = (theirValues: string[], own: string): KindValues => ({ theirs: theirValues, own, nowhere: anyUuid, mustExist: true });
  const keys = async (names: ReferenceKeyName[], own: string): Promise<KindValues> => ({ theirs: await theirNewKeys(...names), own, nowhere: elsewhere, mustExist: false });
  switch (kind) {
    case "person":
      return uuids([theirs.pathIds.person_uuid!, theirs.member.person_uuid, theirMergedPerson], mine.pathIds.person_uuid!);
    case "company":
      return uuids([theirs.pathIds.company_uuid!], mine.pathIds.company_uuid!);
    case "user":
      return uuids([theirs.member.uuid, theirs.admin.uuid], mine.member.uuid);
    case "owner":
      return uuids([theirs.member.uuid, theirs.member.person_uuid], mine.member.uuid);
    case "opportunityType":
      return uuids([theirs.pathIds.type_uuid!], mine.pathIds.type_uuid!);
    case "stage":
      return uuids([theirs.pathIds.stage_uuid!], mine.pathIds.stage_uuid!);
    case "opportunity":
      return uuids([theirs.pathIds.opportunity_uuid!], mine.pathIds.opportunity_uuid!);
    case "entity": {
      const name = ENTITY_ID_NAMES[entityType ?? ""];
      if (!name) throw new Error(`no fixture record for entity type '${entityType}': add one to ENTITY_ID_NAMES`);
      return uuids([theirs.pathIds[name]!], mine.pathIds[name]!);
    }
    case "customField": {
      const [byUuid, byKey] = await theirNewKeys("customFieldUuid", "customFieldKey");
      return { theirs: [byUuid!, byKey!], own: mine.keys.customFieldKey, nowhere: (like) => (like.includes("-") ? anyUuid() : elsewhere(like)), mustExist: true };
    }
    case "customFieldKey":
      return keys(["customFieldKey"], mine.keys.customFieldKey);
    case "email":
      return keys(["personEmail", "userEmail"], mine.keys.personEmail);
    case "personLinkedinUrl":
      return keys(["personLinkedinUrl"], mine.keys.personLinkedinUrl);
    case "companyLinkedinUrl":
      return keys(["companyLinkedinUrl"], mine.keys.companyLinkedinUrl);
    case "domain":
      return keys(["domain"], mine.keys.domain);
    case "externalId":
      return keys(["externalId"], mine.keys.externalId);
    case "messageId":
      return keys(["messageId"], mine.keys.messageId);
    case "listName":
      return keys(["listName"], mine.keys.listName);
    case "typeLabel":
      return keys(["typeLabel"], mine.keys.typeLabel);
    case "companyName":
      return keys(["companyName"], mine.keys.companyName);
    case "opportunityName":
      return keys(["opportunityName"], mine.keys.opportunityName);
  }
}

/** The field's name with the `[]`/`{}` steps after it: what BY_NAME is keyed by. */
function nameOf(field: RequestField): string {
  const last = field.steps.findLastIndex((step) => step !== "[]" && step !== "{}");
  return `${field.steps[last] ?? ""}${field.steps.slice(last + 1).join("")}`;
}

function classify(operation: AnyOperation, field: RequestField): ReferenceKind | NotAReference | undefined {
  return BY_PLACE[`${operation.operationId} ${field.place}`] ?? BY_NAME[nameOf(field)];
}

/** The operation's fields, with the fields it declares as unknown read through their declared schemas. */
function fieldsOf(operation: AnyOperation): RequestField[] {
  return requestFields(operation).flatMap((field) => {
    const declared = DECLARED_SCHEMAS[`${operation.operationId} ${field.place}`];
    if (!declared) return [field];
    const inner = requestFields({ ...operation, query: undefined, multipart: undefined, body: declared } as AnyOperation);
    return [field, ...inner.map((child) => ({ ...child, steps: [...field.steps, ...child.steps], place: `${field.place}.${child.steps.join(".").replace(/\.\[\]/g, "[]")}` }))];
  });
}

/** The steps to the object that holds a field: `associations[]` for `associations[].entity_uuid`, none for `entity_uuids[]`. */
function holderSteps(field: RequestField): string[] {
  return field.steps.slice(0, field.steps.findLastIndex((step) => step !== "[]" && step !== "{}"));
}

/** The values of the `entity_type` beside a field, when it chooses the kind of record the field's uuid names. */
function entityTypesBeside(operation: AnyOperation, field: RequestField): string[] {
  const holder = holderSteps(field).join(".");
  const sibling = fieldsOf(operation).find(
    (candidate) => candidate.location === field.location && nameOf(candidate) === "entity_type" && holderSteps(candidate).join(".") === holder,
  );
  return sibling?.schema ? enumValues(sibling.schema) : [];
}

interface ReferenceCase {
  field: RequestField;
  kind: ReferenceKind;
  entityType?: string;
}

function casesOf(operation: AnyOperation): ReferenceCase[] {
  const cases: ReferenceCase[] = [];
  for (const field of fieldsOf(operation)) {
    const classified = classify(operation, field);
    if (classified === undefined || typeof classified !== "string") continue;
    if (classified === "entity") {
      const types = entityTypesBeside(operation, field);
      for (const entityType of types.length > 0 ? types : ["PERSON"]) cases.push({ field, kind: classified, entityType });
    } else cases.push({ field, kind: classified });
  }
  return cases;
}

/** A copy of `value` with `replacement` at `steps`; a list becomes one element, an object of free keys one key. */
function withValueAt(value: unknown, steps: string[], replacement: unknown): unknown {
  if (steps.length === 0) return replacement;
  const [step, ...rest] = steps;
  if (step === "[]") {
    // An example element that has the field keeps its other fields; one without it would mix two ways of naming a record.
    const elements: unknown[] = Array.isArray(value) ? value : [];
    const holder = rest.length === 0 ? undefined : elements.find((element) => typeof element === "object" && element !== null && rest[0]! in element);
    return [withValueAt(holder ?? {}, rest, replacement)];
  }
  if (step === "{}") return { [replacement as string]: rest.length === 0 ? "Fund I" : withValueAt(undefined, rest.slice(1), replacement) };
  const object = typeof value === "object" && value !== null && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  object[step!] = withValueAt(object[step!], rest, replacement);
  return object;
}

/** The value at `steps` (the first element of a list), or undefined. */
function valueAt(value: unknown, steps: string[]): unknown {
  let current = value;
  for (const step of steps) {
    if (current === undefined || current === null) return undefined;
    if (step === "[]") current = Array.isArray(current) ? current[0] : undefined;
    else if (step === "{}") current = typeof current === "object" ? Object.keys(current as object)[0] : undefined;
    else current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/** The caller's own record of `kind`, one of the `entityType` given for an entity. */
function ownValue(kind: ReferenceKind, entityType?: string): string {
  switch (kind) {
    case "person":
      return mine.pathIds.person_uuid!;
    case "company":
      return mine.pathIds.company_uuid!;
    case "user":
    case "owner":
      return mine.member.uuid;
    case "opportunityType":
      return mine.pathIds.type_uuid!;
    case "stage":
      return mine.pathIds.stage_uuid!;
    case "opportunity":
      return mine.pathIds.opportunity_uuid!;
    case "entity":
      return mine.pathIds[ENTITY_ID_NAMES[entityType ?? "PERSON"]!]!;
    case "customField":
      return mine.keys.customFieldKey;
    case "email":
      return mine.keys.personEmail;
    default:
      return mine.keys[kind];
  }
}

/**
 * The operation's example body with each record it names replaced by one of the caller's own, and each key it
 * holds unique replaced by a new one (listed in `fresh`).
 */
function ownExampleBody(operation: AnyOperation, fresh: string[]): unknown {
  let body: unknown = operation.example?.body ?? (operation.body ? {} : undefined);
  if (body === undefined) return undefined;
  for (const field of fieldsOf(operation)) {
    const classified = classify(operation, field);
    if (field.location !== "body" || typeof classified !== "string") continue;
    const present = valueAt(body, field.steps);
    if (typeof present !== "string") continue;
    if (UUID_KINDS.has(classified)) {
      const entityType = valueAt(body, [...field.steps.slice(0, -1), "entity_type"]);
      body = withValueAt(body, field.steps, ownValue(classified, typeof entityType === "string" ? entityType : undefined));
    } else if (ONCE_ONLY_KINDS.has(classified)) {
      const value = classified === "email" ? `fresh-${token()}@fresh.example` : `<fresh-${token()}@example>`;
      fresh.push(value);
      body = withValueAt(body, field.steps, value);
    }
  }
  // A dry run writes nothing even where a real merge would: the walk wants the real one.
  if (operation.operationId === "mergePerson" || operation.operationId === "mergeCompany") body = { ...(body as object), preview: false };
  return body;
}

interface Sent {
  key: string;
  /** New values the request carries besides the one under test: masked when answers are compared. */
  fresh: string[];
  query: Record<string, string>;
  body: unknown;
  form?: Record<string, string | string[]>;
  headers?: Record<string, string>;
}

/** The operation's example request as the caller's, naming only the caller's own records. */
function ownRequest(operation: AnyOperation): Sent {
  const query: Record<string, string> = {};
  for (const [name, example] of Object.entries(operation.example?.query ?? {})) {
    const schema = (operation.query?.shape as Record<string, z.ZodType>)[name];
    // Only what the operation needs: an example's optional filters would hide the caller's own records.
    if (schema && !schema.safeParse(undefined).success) query[name] = example;
  }
  const fresh: string[] = [];
  return { key: mine.key, fresh, query, body: ownExampleBody(operation, fresh), form: operation.multipart ? { ...operation.example?.form } : undefined };
}

/** The request of `operation` naming `value` in the case's field, everything else the caller's own. */
function requestNaming(operation: AnyOperation, referenceCase: ReferenceCase, value: string): Sent {
  const { field, entityType } = referenceCase;
  const sent = ownRequest(operation);
  const parent = holderSteps(field);
  if (field.location === "query") {
    sent.query[field.steps[0]!] = value;
    if (entityType) sent.query.entity_type = entityType;
  } else if (field.location === "body") {
    if (!entityType) sent.body = withValueAt(sent.body, field.steps, value);
    else if (parent.length === 0) sent.body = withValueAt({ ...(sent.body as object), entity_type: entityType }, field.steps, value);
    // The element that names the record gets its type beside it.
    else sent.body = withValueAt(sent.body, parent, { entity_type: entityType, [field.steps.at(-1)!]: value });
  } else {
    sent.form = { ...sent.form, [field.steps[0]!]: value };
  }
  return sent;
}

async function sendOverRest(operation: AnyOperation, sent: Sent): Promise<{ status: number; text: string }> {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => mine.pathIds[name]!);
  const search = new URLSearchParams(sent.query).toString();
  const url = `${path}${search ? `?${search}` : ""}`;
  if (sent.form) {
    const form = new FormData();
    form.append("file", new File(["Email,Org\nnobody@example.com,Nowhere\n"], "contacts.csv"));
    for (const [name, value] of Object.entries(sent.form)) for (const entry of [value].flat()) form.append(name, entry);
    const response = await context.app.request(url, { method: "POST", headers: { "x-api-key": sent.key, ...sent.headers }, body: form });
    return { status: response.status, text: await response.text() };
  }
  const response = await context.request(url, { key: sent.key, method: operation.method.toUpperCase(), body: sent.body, headers: sent.headers });
  return { status: response.status, text: await response.text() };
}

async function sendOverMcp(operation: AnyOperation, sent: Sent): Promise<{ status: number; text: string }> {
  const args: Record<string, unknown> = { ...sent.query };
  for (const [, name] of operation.path.matchAll(/\{([^}]+)\}/g)) args[name!] = mine.pathIds[name!];
  if (sent.body !== undefined) args.body = sent.body;
  const result = await callMcpTool(context, { name: operation.operationId, args, headers: { "x-api-key": sent.key, ...sent.headers } });
  // A tool result carries no status of its own: an error's text starts with the HTTP one ("HTTP 404: ...").
  return { status: result.isError ? 400 : 200, text: result.content.map((part) => part.text).join("\n") };
}

interface Answer {
  status: number;
  text: string;
  /** What the call wrote; not read for calls whose writes are not compared. */
  changes: DatabaseChanges;
  fresh: string[];
}

/** Sends `sent` and reads what it answered and, when `watch` is set, what it wrote. */
async function answerTo(operation: AnyOperation, sent: Sent, over: "rest" | "mcp", watch = false): Promise<Answer> {
  recorder.take();
  const { status, text } = over === "rest" ? await sendOverRest(operation, sent) : await sendOverMcp(operation, sent);
  await context.services.importJobs.settled();
  const changes = watch ? recorder.take() : {};
  return { status, text, changes, fresh: sent.fresh };
}

/**
 * `text` with the value sent shown as `<value>` (and its domain, for an address), the new keys the request
 * carried as `<fresh>`, the caller's uuids as `<uuid>` (a call makes records with new ones) and running
 * numbers as `<number>`. The other tenant's uuids stay as they are: none may show.
 */
function normalized(text: string, value: string, answer: Answer): string {
  let result = text;
  const domain = value.includes("@") ? value.split("@")[1]! : "";
  // Forms the service derives from a value: an address's domain, a URL without its scheme.
  const withoutScheme = value.replace(/^https?:\/\/(www\.)?/, "");
  const replacements = [...answer.fresh.map((fresh) => [fresh, "<fresh>"]), [value, "<value>"], [value.toLowerCase(), "<value>"], [withoutScheme, "<value>"], [domain.includes(".") ? domain : "", "<domain>"]];
  for (const [from, to] of replacements as Array<[string, string]>) {
    if (from) result = result.split(from).join(to);
  }
  return result
    .replace(UUIDS, (uuid) => (theirUuids.has(uuid.toLowerCase()) ? uuid : "<uuid>"))
    .replace(/"(id|sequence|last_sequence|generation|position)":\d+/g, '"$1":"<number>"')
    // The folded name the store keeps beside a name (store migration 0064): the row's `name` beside it is compared.
    .replace(/"(name_sort_key|company_name_sort_key)":"[^"]*"/g, '"$1":"<name key>"');
}

/** What must be alike between two calls: status, answer, rows added and how many rows went, each normalized. */
function comparable(answer: Answer, value: string, previousValueTables: readonly string[] = []) {
  const changes = Object.fromEntries(
    Object.entries(answer.changes)
      .filter(([table]) => !BOOKKEEPING_TABLES.includes(table) && !previousValueTables.includes(table))
      .map(([table, { added, removed }]) => [table, { added: added.map((row) => normalized(row, value, answer)).sort(), removed: removed.length }]),
  );
  return { status: answer.status, text: normalized(answer.text, value, answer), changes };
}

function expectNothingOfTheirsTouched(answer: Answer, label: string) {
  for (const [table, { added, removed }] of Object.entries(answer.changes)) {
    for (const row of [...added, ...removed]) {
      // Any uuid in the row, in any case, looked up in the set (a list's `row.includes` of each was a quadratic walk).
      const named = row.match(UUIDS)?.find((uuid) => theirUuids.has(uuid.toLowerCase()));
      expect(named, `${label}: a ${table} row written names the other tenant's ${named}: ${row}`).toBeUndefined();
    }
  }
}

describe.each(operations.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it("classifies every field whose name says it may name a record", () => {
    const unclassified = fieldsOf(operation)
      .filter((field) => LOOKS_LIKE_A_REFERENCE.test(nameOf(field)) && classify(operation, field) === undefined)
      .map((field) => field.place);
    expect(unclassified, "classify these in BY_NAME or BY_PLACE").toEqual([]);
    for (const field of fieldsOf(operation)) {
      if (field.schema && schemaKind(field.schema) === "unknown" && !field.place.endsWith("{}.value")) {
        expect(DECLARED_SCHEMAS[`${operation.operationId} ${field.place}`], `${field.place} is unknown: declare the schema the handler applies`).toBeDefined();
      }
    }
  });

  const cases = casesOf(operation);
  const over: Array<"rest" | "mcp"> = operation.multipart ? ["rest"] : ["rest", "mcp"];
  it.each(cases.flatMap((referenceCase) => over.map((via) => [`${referenceCase.field.place}${referenceCase.entityType ? ` (${referenceCase.entityType})` : ""} over ${via}`, referenceCase, via] as const)))(
    "answers another tenant's record in %s as a record that exists nowhere",
    async (_label, referenceCase, via) => {
      const values = await valuesOf(referenceCase.kind, referenceCase.entityType);
      const label = `${operation.operationId} ${referenceCase.field.place}`;
      // Records the request itself makes on first use (an example's unknown addresses) exist before the calls compared.
      await answerTo(operation, requestNaming(operation, referenceCase, values.nowhere(values.theirs[0]!)), via);
      const watch = via === "rest";
      for (const foreignValue of values.theirs) {
        const foreign = await answerTo(operation, requestNaming(operation, referenceCase, foreignValue), via, watch);
        expect(foreign.status, `${label}: ${foreign.text}`).toBeLessThan(500);
        expectNothingOfTheirsTouched(foreign, label);
        const nowhereValue = values.nowhere(foreignValue);
        const nowhere = await answerTo(operation, requestNaming(operation, referenceCase, nowhereValue), via, watch);
        const previousValueTables = PREVIOUS_VALUE_TABLES[label] ?? [];
        expect(comparable(foreign, foreignValue, previousValueTables), `${label} = ${foreignValue}`).toEqual(comparable(nowhere, nowhereValue, previousValueTables));
      }
      const ownLabel = `${label}${referenceCase.entityType ? ` (${referenceCase.entityType})` : ""}`;
      const destructive = operation.method === "delete" || operation.destructive === true;
      if (via === "rest" && !destructive && !OWN_ANSWERS_ALIKE[ownLabel]) {
        const own = ownValue(referenceCase.kind, referenceCase.entityType);
        const nowhereValue = values.nowhere(own);
        const nowhere = comparable(await answerTo(operation, requestNaming(operation, referenceCase, nowhereValue), via, true), nowhereValue);
        const owned = comparable(await answerTo(operation, requestNaming(operation, referenceCase, own), via, true), own);
        expect(owned, `${ownLabel}: the caller's own ${own} answers as a value naming nothing, so the walk never reached the field`).not.toEqual(nowhere);
      }
    },
  );

  it("answers another tenant's user in x-service-user-id as a user that exists nowhere, over REST and MCP", async () => {
    for (const key of [mine.key, mine.memberKey]) {
      for (const foreignUser of [theirs.member.uuid, theirs.admin.uuid]) {
        const nowhereUser = randomUUID();
        const sent = (user: string): Sent => ({ ...ownRequest(operation), key, headers: { "x-service-user-id": user } });
        const foreign = await answerTo(operation, sent(foreignUser), "rest", true);
        const nowhere = await answerTo(operation, sent(nowhereUser), "rest", true);
        expect(foreign.status, foreign.text).toBe(403);
        expect(comparable(foreign, foreignUser)).toEqual(comparable(nowhere, nowhereUser));
        // /mcp settles the user context before any tool runs, so its refusal is the HTTP answer itself.
        const overMcp = async (user: string) => {
          const response = await context.app.request("/mcp", {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": key, "x-service-user-id": user },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: operation.operationId, arguments: {} } }),
          });
          return { status: response.status, text: (await response.text()).split(user).join("<value>") };
        };
        const foreignOverMcp = await overMcp(foreignUser);
        expect(foreignOverMcp.status, foreignOverMcp.text).toBe(403);
        expect(foreignOverMcp).toEqual(await overMcp(nowhereUser));
      }
    }
  });
});
