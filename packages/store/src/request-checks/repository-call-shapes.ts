/**
 * @module
 * The shape of every call of the store's repositories: what `withCheckedCalls` checks before a call runs any SQL.
 * The arguments' structure is checked (types, enumerations, page bounds, the fields a request, filter, input or patch
 * takes: any other is refused); what needs the database (an unknown record, a taken email) and the field rules beyond
 * a type (blank text, a calendar date) stay with the repositories.
 */
import { z } from "zod";
import { MEETING_STATUSES } from "../activity-records.js";
import { ASSOCIATION_OWNER_TYPES, STAGE_TYPES, TASK_SCOPES, TASK_STATUSES } from "../deal-records.js";
import { OPPORTUNITY_SORT_FIELDS } from "../deal-store.js";
import { DELETED_ENTITY_TYPES } from "../deletion-records.js";
import { DUPLICATE_ENTITY_TYPES } from "../duplicate-records.js";
import { ENTITY_LIST_KINDS, ROLES } from "../records.js";
import { PERSON_JOB_SOURCES } from "../repositories/empty-person-fields.js";
import { IMPORT_JOB_OUTCOMES } from "../import-records.js";
import { COMPANY_SORT_FIELDS, ENTITY_LIST_SORT_FIELDS, MEETING_SORT_FIELDS, PERSON_SORT_FIELDS, USER_SORT_FIELDS } from "../store.js";
import {
  activityKind,
  callShape,
  callback,
  entityReference,
  identifier,
  identifiers,
  instant,
  pageFields,
  pageRequest,
  record,
  sortOrder,
  viewer,
  type CallShape,
} from "./call-shapes.js";
import { INPUT_SHAPES } from "./input-shapes.js";

const tenant = ["tenantUuid", identifier] as const;
const uuid = ["uuid", identifier] as const;
const uuids = ["uuids", identifiers] as const;
const viewerArgument = ["viewer", viewer] as const;
const byUuid = callShape(tenant, uuid);
const byUuids = callShape(tenant, uuids);
const byUuidSeenBy = callShape(tenant, uuid, viewerArgument);
/** Whose write to a record with an owner rule it is (`MemberWriteOptions`). */
const memberWrite = ["options", z.strictObject({ asMember: identifier.optional() }).optional()] as const;
const byUuidAsMember = callShape(tenant, uuid, memberWrite);
/** A write conditional on the record as stored (`ConditionalWriteOptions`). */
const conditional = { precondition: callback.optional() };
const conditionalWrite = ["options", z.strictObject(conditional).optional()] as const;
/** A member's write of an opportunity, conditional on it as read for `viewer` (`OpportunityWriteOptions`). */
const opportunityWrite = ["options", z.strictObject({ asMember: identifier.optional(), ...conditional, viewer: viewer.optional() }).optional()] as const;
const patchOf = (changes: z.ZodType) => callShape(tenant, uuid, ["changes", changes]);
const conditionalPatchOf = (changes: z.ZodType) => callShape(tenant, uuid, ["changes", changes], conditionalWrite);
/** A merge's request: the canonical record and the superseded one, of one tenant. */
const mergeRequestFields = {
  tenant_uuid: identifier,
  canonical_uuid: identifier,
  superseded_uuid: identifier,
  preview: z.boolean(),
  merged_by_user_uuid: identifier.nullable(),
};
/** A person merge also takes the caller's write limits, which the merged person must stay within. */
const personMergeRequest = callShape([
  "request",
  z.strictObject({
    ...mergeRequestFields,
    limits: z.strictObject({ emails: z.number().int().nonnegative(), tags: z.number().int().nonnegative(), affiliations: z.number().int().nonnegative() }).optional(),
  }),
], conditionalWrite);
/** A company merge also takes the caller's write limits, which the merged company must stay within. */
const companyMergeRequest = callShape([
  "request",
  z.strictObject({
    ...mergeRequestFields,
    limits: z
      .strictObject({ custom_fields: z.number().int().nonnegative(), tags: z.number().int().nonnegative(), custom_fields_bytes: z.number().int().nonnegative().optional() })
      .optional(),
  }),
], conditionalWrite);
const onlyText = z.string().optional();
const texts = z.array(z.string()).optional();
const numberRange = z.strictObject({ from: z.number().optional(), to: z.number().optional() }).optional();
const dateRange = z.strictObject({ from: z.string(), to: z.string() }).optional();
const stateCodes = z.array(z.strictObject({ code: z.string(), countries: z.array(z.string()) })).optional();
const recordTimeSort = z.enum(["created_at", "updated_at"]).optional();
const entityKind = z.enum(["PERSON", "COMPANY"]);
const stageType = z.enum(STAGE_TYPES);
const rowsPerStep = z.number().int().min(1).optional();
const model = ["model", identifier] as const;
const timelineRequest = z.strictObject({ ...pageFields, occurredAfter: instant.optional(), occurredBefore: instant.optional() });

/**
 * The key `apiKeys.noteUse` notes: its uuid and tenant, alone or in the key as the store answers it (its README example
 * passes `findActiveByHash`'s `owner.key`; a listed key adds its last use). A field no key record has is refused.
 */
const usedKey = z.strictObject({
  uuid: identifier,
  tenant_uuid: identifier,
  ...Object.fromEntries(
    ["user_uuid", "key_prefix", "label", "created_at", "revoked_at", "read_only", "expires_at", "lineage_uuid", "last_used_at", "last_used_via"].map((name) => [name, z.unknown().optional()]),
  ),
});

const personListRequest = z.strictObject({
  ...pageFields,
  filters: z.strictObject({
    uuids: identifiers.optional(),
    modified_since: instant.optional(),
    name: onlyText,
    company_uuid: identifier.optional(),
    city: onlyText,
    country_spellings: texts,
    state_spellings: texts,
    state_codes: stateCodes,
  }),
  sort_by: z.enum(PERSON_SORT_FIELDS).optional(),
  order: sortOrder,
});

const companyListFilters = z.strictObject({
  uuids: identifiers.optional(),
  modified_since: instant.optional(),
  name: onlyText,
  domain: onlyText,
  linkedin_url: onlyText,
  facebook_url: onlyText,
  twitter_url: onlyText,
  description: onlyText,
  city: onlyText,
  country_spellings: texts,
  state_spellings: texts,
  state_codes: stateCodes,
  operating_status: texts,
  acquisition_status: texts,
  ipo_status: texts,
  industry_tags: z.strictObject({ values: z.array(z.string()), operator: z.enum(["AND", "OR"]) }).optional(),
  investor_types: texts,
  last_investment_types: texts,
  npi_types: texts,
  founded_year: numberRange,
  score: numberRange,
  employee_count: numberRange,
  overall_operating_score: numberRange,
  overall_investor_score: numberRange,
  last_investment_date: dateRange,
  npi_date: dateRange,
});

const companyListRequest = z.strictObject({ ...pageFields, filters: companyListFilters, sort_by: z.enum(COMPANY_SORT_FIELDS), order: sortOrder });

const opportunityListRequest = z.strictObject({
  ...pageFields,
  filters: z.strictObject({
    name: onlyText,
    search: onlyText,
    type_uuid: identifier.optional(),
    stage_uuid: identifier.optional(),
    stage_uuids: identifiers.optional(),
    owner_user_uuids: identifiers.optional(),
    include_no_owner: z.boolean().optional(),
    has_owner: z.boolean().optional(),
    intro_person_uuid: identifier.optional(),
    related_company_uuid: identifier.optional(),
    related_person_uuid: identifier.optional(),
    parent_uuid: identifier.optional(),
    hierarchy_type: stageType.optional(),
    company_uuids: identifiers.optional(),
    person_uuids: identifiers.optional(),
    location: z.strictObject({ city: onlyText, states: texts, state_codes: stateCodes, countries: texts }).optional(),
    value_from: z.number().optional(),
    value_to: z.number().optional(),
    probability_from: z.number().optional(),
    probability_to: z.number().optional(),
    updated_after: instant.optional(),
    updated_before: instant.optional(),
    source_date: dateRange,
    close_date: dateRange,
    last_activity: z.strictObject({ from: instant, to: instant }).optional(),
  }),
  sort_by: z.enum(OPPORTUNITY_SORT_FIELDS).optional(),
  order: sortOrder,
  viewer,
});

/** Repository name → call name → the shape of its arguments. Every function of every repository has one. */
export const REPOSITORY_CALL_SHAPES: Readonly<Record<string, Readonly<Record<string, CallShape>>>> = {
  tenants: {
    create: callShape(["input", INPUT_SHAPES.tenant]),
    get: callShape(tenant),
    list: callShape(),
    unfinishedImports: callShape(),
    setTier: callShape(tenant, ["limits", INPUT_SHAPES.tenantTier]),
    rowCounts: callShape(tenant),
    delete: callShape(tenant),
    purge: callShape(tenant, ["options", z.strictObject({ rowsPerStep, onProgress: callback.optional() }).optional()]),
  },
  users: {
    create: callShape(["input", INPUT_SHAPES.user]),
    get: byUuid,
    list: callShape(tenant, [
      "request",
      z.strictObject({ ...pageFields, sort_by: z.enum(USER_SORT_FIELDS).optional(), order: sortOrder, updated_after: instant.optional() }),
    ]),
    deactivate: byUuid,
    reactivate: byUuid,
    setRole: callShape(tenant, uuid, ["role", z.enum(ROLES)]),
  },
  apiKeys: {
    create: callShape(["input", INPUT_SHAPES.apiKey]),
    findActiveByHash: callShape(["keyHash", identifier]),
    list: callShape(tenant),
    noteUse: callShape(["key", usedKey], ["via", z.enum(["rest", "mcp"])]),
    rotate: callShape(tenant, uuid, ["replacement", z.strictObject({ key_hash: z.string(), key_prefix: z.string() })], [
      "options",
      // The repository words its own refusal of a bad `graceMs`, `retiredBefore` or `olderThan`.
      z.strictObject({ graceMs: z.unknown() }),
    ]),
    revoke: byUuid,
    deleteRetired: callShape(["options", z.strictObject({ retiredBefore: z.unknown(), tenantUuid: identifier.optional() })]),
    revokeByLabel: callShape(tenant, ["label", z.string()]),
  },
  persons: {
    create: callShape(["input", INPUT_SHAPES.person]),
    update: conditionalPatchOf(INPUT_SHAPES.personPatch),
    get: byUuid,
    getMany: byUuids,
    displays: byUuids,
    displayCards: byUuids,
    list: callShape(tenant, ["request", personListRequest]),
    erase: callShape(tenant, uuid, conditionalWrite),
    erasedAddresses: callShape(tenant, ["addresses", z.array(z.string())]),
    erasedLinkedinUrls: callShape(tenant, ["urls", z.array(z.string())]),
    allowErased: callShape(tenant, ["identifier", z.union([z.object({ email: z.string() }).strict(), z.object({ linkedin_url: z.string() }).strict()])]),
    exportPersonalData: byUuid,
    exportPersonalDataInPages: byUuid,
    findByEmails: callShape(tenant, ["addresses", z.array(z.string())]),
    findByLinkedinUrls: callShape(tenant, ["urls", z.array(z.string())]),
    findByDomain: callShape(tenant, ["domain", z.string()], ["limit", z.number().int().nonnegative()]),
    mergedPersonUuids: byUuids,
    nameIfUnnamed: callShape(tenant, ["personUuid", identifier], ["name", z.string().nullish()]),
    canNameIfUnnamed: callShape(tenant, ["personUuid", identifier], ["name", z.string().nullish()]),
    addFreeAddresses: callShape(tenant, ["personUuid", identifier], ["addresses", z.array(z.string())]),
    freeAddresses: callShape(tenant, ["addresses", z.array(z.string())]),
    fillEmptyFields: callShape(tenant, ["personUuid", identifier], [
      "offer",
      z.object({
        first_name: z.string().nullish(),
        last_name: z.string().nullish(),
        job_title: z.string().nullish(),
        primary_company_uuid: identifier.nullish(),
        linkedin_url: z.string().nullish(),
        twitter_url: z.string().nullish(),
        city: z.string().nullish(),
        state: z.string().nullish(),
        country: z.string().nullish(),
        tags: z.array(z.string()).optional(),
      }).strict(),
    ]),
    followExportedJob: callShape(tenant, ["personUuid", identifier], ["source", z.enum(PERSON_JOB_SOURCES)], [
      "offer",
      z.object({ primary_company_uuid: identifier.nullable(), job_title: z.string().nullable() }).strict(),
    ]),
    jobSource: byUuid,
  },
  companies: {
    create: callShape(["input", INPUT_SHAPES.company]),
    update: conditionalPatchOf(INPUT_SHAPES.companyPatch),
    get: byUuid,
    getMany: byUuids,
    list: callShape(tenant, ["request", companyListRequest]),
    nameSuggestions: callShape(tenant, ["filters", companyListFilters], ["limit", z.number().int().min(1)]),
    formerDomains: byUuids,
  },
  usage: {
    // The repository refuses a month that is not `YYYY-MM` itself, quoting it.
    incrementMonthly: callShape(tenant, ["month", z.unknown()], ["exactFrom", z.number().optional()]),
    monthly: callShape(tenant, ["month", z.unknown()]),
  },
  settings: {
    get: callShape(["key", identifier]),
    getOrCreate: callShape(["key", identifier], ["create", callback]),
    set: callShape(["key", identifier], ["value", z.string()]),
  },
  emails: {
    ingest: callShape(tenant, ["input", INPUT_SHAPES.email]),
    ingestMany: callShape(tenant, ["inputs", z.array(record())]),
    get: callShape(tenant, ["messageId", identifier]),
    getByUuid: byUuid,
    list: callShape(tenant, [
      "request",
      z.strictObject({
        ...pageFields,
        filters: z.strictObject({ uuids: identifiers.optional(), person_uuid: identifier.optional(), sent_from: instant.optional(), sent_to: instant.optional() }),
        order: sortOrder,
      }),
    ]),
  },
  meetings: {
    create: callShape(tenant, ["input", INPUT_SHAPES.meeting], ["options", INPUT_SHAPES.meetingOptions]),
    get: byUuid,
    findByExternalId: callShape(tenant, ["externalId", identifier]),
    listByExternalIdPrefix: callShape(tenant, ["prefix", identifier], ["range", z.strictObject({ starts_from: instant, starts_to: instant })]),
    list: callShape(tenant, [
      "request",
      z.strictObject({
        ...pageFields,
        filters: z.strictObject({
          uuids: identifiers.optional(),
          person_uuid: identifier.optional(),
          starts_from: instant.optional(),
          starts_to: instant.optional(),
          status: z.enum(MEETING_STATUSES).optional(),
          updated_after: instant.optional(),
        }),
        sort_by: z.enum(MEETING_SORT_FIELDS).optional(),
        order: sortOrder,
      }),
    ]),
    update: callShape(tenant, uuid, ["changes", INPUT_SHAPES.meetingPatch], ["options", INPUT_SHAPES.meetingUpdateOptions]),
    delete: byUuidAsMember,
  },
  interactions: {
    all: callShape(tenant),
    allOf: byUuid,
    get: callShape(tenant, ["kind", activityKind], ["id", identifier]),
    timeline: callShape(tenant, uuids, ["request", timelineRequest]),
    spanTimeline: callShape(tenant, ["spans", z.array(z.strictObject({ person_uuid: identifier, from: instant.nullable(), to: instant.nullable() }))], ["request", timelineRequest]),
    feed: callShape(tenant, [
      "request",
      z.strictObject({
        ...pageFields,
        kind: activityKind.optional(),
        recordedSince: instant.optional(),
        afterSequence: z.number().int().optional(),
        personUuid: identifier.optional(),
      }),
    ]),
  },
  nameSearch: {
    catchUp: callShape(tenant, ["options", z.strictObject({ yieldControl: callback.optional(), notesPerStep: rowsPerStep }).optional()]),
  },
  affiliations: {
    listForPersons: byUuids,
    listCurrent: callShape(tenant, ["filter", z.strictObject({ company_uuid: identifier.optional(), person_uuid: identifier.optional() }).optional()]),
    currentMemberUuids: byUuid,
    tenureSpans: byUuid,
  },
  entityLists: {
    create: callShape(["input", INPUT_SHAPES.entityList]),
    get: byUuid,
    list: callShape(tenant, [
      "request",
      z.strictObject({
        ...pageFields,
        kind: z.enum(ENTITY_LIST_KINDS).optional(),
        sort_by: z.enum(ENTITY_LIST_SORT_FIELDS).optional(),
        order: sortOrder.optional(),
        updated_after: instant.optional(),
      }),
    ]),
    rename: callShape(tenant, uuid, ["name", z.string()]),
    update: callShape(tenant, uuid, ["changes", z.strictObject({ name: z.string().optional(), owner_user_uuid: identifier.nullable().optional() })], memberWrite),
    delete: byUuidAsMember,
    members: callShape(tenant, uuid, ["request", pageRequest]),
    addMembers: callShape(tenant, uuid, ["entityUuids", identifiers], ["addedByUserUuid", identifier.nullable()], memberWrite),
    removeMember: callShape(tenant, uuid, ["entityUuid", identifier], memberWrite),
    listsContaining: byUuid,
    membershipCounts: byUuids,
  },
  personMerges: {
    merge: personMergeRequest,
    mergedInto: byUuid,
    listInto: byUuid,
  },
  companyMerges: {
    merge: companyMergeRequest,
    mergedInto: byUuid,
  },
  opportunityTypes: {
    create: callShape(["input", INPUT_SHAPES.opportunityType]),
    get: byUuid,
    list: callShape(tenant, ["options", z.strictObject({ include_hidden: z.boolean() })]),
    update: patchOf(INPUT_SHAPES.opportunityTypePatch),
  },
  opportunityStages: {
    create: callShape(["input", INPUT_SHAPES.opportunityStage]),
    get: byUuid,
    list: callShape(tenant, ["typeUuid", identifier], ["options", z.strictObject({ stage_type: stageType, include_hidden: z.boolean() })]),
    update: patchOf(INPUT_SHAPES.opportunityStagePatch),
    reorder: callShape(tenant, ["typeUuid", identifier], ["stageType", stageType], ["stageUuids", identifiers]),
  },
  opportunityCustomFields: {
    create: callShape(["input", INPUT_SHAPES.customField]),
    get: byUuid,
    list: callShape(tenant),
    update: patchOf(INPUT_SHAPES.customFieldPatch),
    delete: byUuid,
  },
  opportunities: {
    create: callShape(["input", INPUT_SHAPES.opportunity], viewerArgument),
    get: byUuidSeenBy,
    getMany: callShape(tenant, uuids, viewerArgument),
    update: callShape(tenant, uuid, ["changes", INPUT_SHAPES.opportunityPatch], ["actor", viewer], viewerArgument, opportunityWrite),
    delete: callShape(tenant, uuid, opportunityWrite),
    list: callShape(tenant, ["request", opportunityListRequest]),
    refreshActivity: callShape(tenant, ["opportunityUuids", identifiers.optional()]),
  },
  associations: {
    opportunitiesOf: callShape(tenant, ["entityType", entityKind], uuids),
    recentOpportunitiesOf: callShape(tenant, ["entityType", entityKind], uuids, ["limit", z.number().int().nonnegative()]),
    link: callShape(
      tenant,
      ["owner", z.strictObject({ type: z.enum(ASSOCIATION_OWNER_TYPES), uuid: identifier })],
      ["target", entityReference.extend({ context: z.string().nullable().optional() })],
      viewerArgument,
      memberWrite,
    ),
    list: callShape(tenant, ["recordType", z.enum(ASSOCIATION_OWNER_TYPES)], uuid, viewerArgument),
    unlink: callShape(tenant, ["recordType", z.enum(ASSOCIATION_OWNER_TYPES)], uuid, ["linkUuid", identifier], viewerArgument, memberWrite),
  },
  notes: {
    create: callShape(["input", INPUT_SHAPES.note], viewerArgument),
    get: byUuidSeenBy,
    list: callShape(tenant, [
      "request",
      z.strictObject({ ...pageFields, entity: entityReference.optional(), updated_after: instant.optional(), sort_by: recordTimeSort, order: sortOrder, viewer }),
    ]),
    update: callShape(tenant, uuid, ["changes", INPUT_SHAPES.notePatch], viewerArgument, memberWrite),
    delete: byUuidAsMember,
  },
  tasks: {
    create: callShape(["input", INPUT_SHAPES.task], viewerArgument),
    get: byUuidSeenBy,
    list: callShape(tenant, [
      "request",
      z.strictObject({
        ...pageFields,
        filters: z.strictObject({
          status: z.array(z.enum(TASK_STATUSES)).optional(),
          scope: z.enum(TASK_SCOPES).optional(),
          assignee_user_uuid: identifier.optional(),
          entity: entityReference.optional(),
          updated_after: instant.optional(),
          due_date_from: z.string().optional(),
          due_date_to: z.string().optional(),
        }),
        sort_by: recordTimeSort,
        order: sortOrder,
        viewer,
      }),
    ]),
    update: callShape(tenant, uuid, ["changes", INPUT_SHAPES.taskPatch], viewerArgument),
    delete: byUuidSeenBy,
  },
  files: {
    create: callShape(["input", INPUT_SHAPES.file]),
    get: byUuid,
    content: byUuid,
    delete: byUuidAsMember,
  },
  records: {
    existing: callShape(tenant, ["entityType", entityReference.shape.type], uuids, viewerArgument),
    resolveUsers: byUuids,
    repointPersonReferences: callShape(tenant, ["fromPersonUuid", identifier], ["toPersonUuid", identifier]),
  },
  oauthModels: {
    upsert: callShape([
      "record",
      z.strictObject({
        model: identifier,
        id: identifier,
        payload: record(),
        grant_id: identifier.nullable(),
        uid: identifier.nullable(),
        user_code: identifier.nullable(),
        expires_at: instant.nullable(),
      }),
    ]),
    find: callShape(model, ["id", identifier]),
    findByUid: callShape(model, ["uid", identifier]),
    findByUserCode: callShape(model, ["userCode", identifier]),
    consume: callShape(model, ["id", identifier], ["at", instant]),
    destroy: callShape(model, ["id", identifier]),
    revokeByGrantId: callShape(["grantId", identifier]),
    listIds: callShape(model),
    rekey: callShape(model, ["fromId", identifier], ["toId", identifier], ["payload", record()]),
    deleteExpired: callShape(["before", instant]),
  },
  oauthSigningKeys: {
    list: callShape(),
    add: callShape(["input", z.strictObject({ kid: identifier, private_jwk: record() })]),
    remove: callShape(["kid", identifier]),
  },
  userPasswords: {
    set: callShape(tenant, uuid, ["passwordHash", z.string()]),
    get: byUuid,
    findLoginCandidates: callShape(["email", z.string()]),
  },
  signInFailures: {
    admit: callShape(["at", instant], [
      "limits",
      z.array(z.strictObject({ subject: identifier, limit: z.number().int().nonnegative(), windowMs: z.number().nonnegative() })),
    ]),
    forget: callShape(["failureIds", z.array(z.number().int())]),
    clear: callShape(["subject", identifier]),
    deleteBefore: callShape(["before", instant]),
  },
  idempotentRequests: {
    claim: callShape(tenant, [
      "request",
      z.strictObject({
        caller: identifier,
        key: identifier,
        fingerprint: identifier,
        at: instant,
        keepForMs: z.number().nonnegative(),
        staleAfterMs: z.number().nonnegative(),
        claimer: identifier.optional(),
        claimerStopped: callback.optional(),
      }),
    ]),
    answer: callShape(tenant, [
      "answer",
      z.strictObject({
        caller: identifier,
        key: identifier,
        claim: identifier,
        status: z.number().int().min(100).max(599),
        response: z.string().nullable(),
        entity_tag: z.string().nullable().optional(),
        at: instant,
        keepForMs: z.number().nonnegative(),
      }),
    ]),
    hasAnswer: callShape(tenant, ["request", z.strictObject({ caller: identifier, key: identifier, at: instant })]),
    release: callShape(tenant, ["request", z.strictObject({ caller: identifier, key: identifier, claim: identifier })]),
    markingWrites: callShape(
      ["mark", z.object({ tenantUuid: identifier.optional(), caller: identifier.optional(), key: identifier.optional(), claim: identifier.optional(), done: z.boolean().optional() })],
      ["work", callback],
    ),
    deleteExpired: callShape(["before", instant]),
  },
  importJobs: {
    create: callShape(tenant, ["input", INPUT_SHAPES.importJob]),
    get: byUuid,
    start: byUuid,
    progress: callShape(tenant, uuid, [
      "progress",
      z.strictObject({ items_processed: z.number(), bytes_processed: z.number(), summary: z.record(z.string(), z.unknown()).nullable() }),
    ]),
    finish: callShape(tenant, uuid, ["outcome", z.strictObject({ status: z.enum(IMPORT_JOB_OUTCOMES), summary: z.record(z.string(), z.unknown()).nullable(), error: z.string().nullable() })], ["options", z.strictObject({ replacingError: z.string().optional() }).optional()]),
    requestCancel: byUuid,
    failStale: callShape(tenant, ["heartbeatBefore", instant], ["error", z.string()]),
  },
  matchKeys: {
    companyByDomain: callShape(tenant, ["domain", z.string()]),
    companyByName: callShape(tenant, ["name", z.string()]),
  },
  emailBodies: {
    put: callShape(tenant, uuid, ["bodyText", z.string()]),
    get: byUuid,
  },
  deletions: {
    list: callShape(tenant, [
      "request",
      z.strictObject({
        ...pageFields,
        entityTypes: z.array(z.enum(DELETED_ENTITY_TYPES)).optional(),
        afterSequence: z.number().int().optional(),
        deletedSince: instant.optional(),
        viewer,
      }),
    ]),
  },
  duplicates: {
    list: callShape(tenant, ["request", z.strictObject({ ...pageFields, entityType: z.enum(DUPLICATE_ENTITY_TYPES).optional() })]),
    involving: callShape(tenant, ["subjects", z.strictObject({ personUuids: z.array(identifier).optional(), companyUuids: z.array(identifier).optional() })]),
  },
  history: {
    prune: callShape(["options", z.strictObject({ olderThan: z.unknown(), tenantUuid: identifier.optional(), rowsPerStep })]),
  },
  graphs: {
    forTenant: callShape(tenant),
    hydrated: callShape(tenant),
    loadedTenants: callShape(),
    ofPerson: callShape(tenant, ["personUuid", identifier]),
    // `graphs.apply` words its own refusal of a change (its type among the known ones).
    apply: callShape(tenant, ["change", z.unknown()]),
    evict: callShape(tenant),
    capacity: callShape(),
    revision: callShape(tenant),
    onHydrated: callShape(["listener", callback]),
  },
};
