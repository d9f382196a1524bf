/**
 * @module
 * How each kind of a tenant export's records is written back: its fields read and checked (record-fields.ts), its
 * rows inserted with their uuids and times, and the columns the store derives as it writes (sort and match keys,
 * an address's domain, a company's filter columns and tags) computed by the store's own functions. The rest of
 * what the store derives (logs, counters, name search notes, meeting counts, opportunity link counts) its triggers
 * write as the rows go in; an opportunity's activity dates are computed at the end (open-tenant-import.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { ATTENDEE_RESPONSES, EMAIL_PARTICIPANT_ROLES, MEETING_STATUSES } from "../activity-records.js";
import type { Database, OpportunityCustomFieldsTable } from "../database-schema.js";
import { ASSOCIATION_OWNER_TYPES, CUSTOM_FIELD_TYPES, ENTITY_TYPES, STAGE_TYPES, TASK_SCOPES, TASK_STATUSES, type OpportunityCustomField } from "../deal-records.js";
import { DELETED_ENTITY_TYPES, DELETION_REASONS } from "../deletion-records.js";
import { InvalidInputError } from "../errors.js";
import { emailDomain, normalizeLinkedinUrl } from "../normalize.js";
import { COMPANY_TEXT_FIELDS, ENTITY_LIST_KINDS, ROLES, type CompanyPatch } from "../records.js";
import { linkKey, type RecordRef } from "../repositories/association-repository.js";
import { companyColumnsOf, syncCompanyTags } from "../repositories/company-repository.js";
import { PERSON_JOB_SOURCES, type PersonJobSource } from "../repositories/empty-person-fields.js";
import { nameSortKey } from "../repositories/name-sort-key.js";
import { isNameFromAddress } from "../repositories/names-from-addresses.js";
import { mergeCustomFieldValues, toCustomField } from "../repositories/opportunity-custom-field-repository.js";
import { nullableTextSortKey, textSortKey } from "../repositories/text-sort-key.js";
import type { TenantExportKind } from "../tenant-export/tenant-export-kinds.js";
import { RecordFields } from "./record-fields.js";

/** What a kind's writer is given: where to write, and what the import remembers across records. */
export interface ImportWriting {
  tenantUuid: string;
  /** Inserts one row into `table` (its columns as given). */
  insert(table: string, row: Record<string, unknown>): void;
  /** Runs a statement that returns no rows on the import's connection. */
  run(statement: string, ...parameters: unknown[]): void;
  /** The first row of a statement of the import's connection. */
  get(statement: string, ...parameters: unknown[]): Record<string, unknown> | undefined;
  /** The same connection through Kysely, for the store's own functions. */
  db: Kysely<Database>;
  /** The association uuids written: a link between two records of the export is on both. */
  associations: Set<string>;
  /** When the import runs: the time of what the export does not hold (a stage's or custom field's creation). */
  now: number;
  /** Whether the export's feed entries replaced those the triggers wrote as the emails and meetings went in. */
  feedReplaced: boolean;
}

type Writer = (fields: RecordFields, writing: ImportWriting, content: Buffer | null) => Promise<void> | void;

const flag = (value: boolean) => (value ? 1 : 0);

/** The kinds of item the activity feed lists. */
const FEED_KINDS = ["email", "meeting"] as const;

/** The logs a history horizon is carried for, by the name of their kind in the export, and their table. */
const HORIZON_LOGS: Readonly<Record<string, string>> = { activity_feed: "activity_feed", deletions: "record_deletions" };

/** The length of an erased identifier's digest (HMAC-SHA256) in hexadecimal. */
const DIGEST_HEX_LENGTH = 64;

/** The record's associations, seen from it, as the store keeps them: one row a link, its owner the `OWNER_TO_...` side. */
function writeAssociations(fields: RecordFields, writing: ImportWriting, self: { type: string; uuid: string }): void {
  for (const link of fields.objects("associations")) {
    const uuid = link.uuid("uuid");
    if (writing.associations.has(uuid)) continue;
    const other = { type: link.oneOf("entity_type", ENTITY_TYPES), uuid: link.uuid("entity_uuid") };
    const [ownerType, entityType] = link.string("association_type").split("_TO_");
    // The side named first owns the link; between two records of one type, the one it is seen from first.
    const selfOwns = ownerType === self.type && entityType === other.type;
    if (!selfOwns && !(ownerType === other.type && entityType === self.type)) {
      throw new InvalidInputError(`field "associations": association ${uuid}'s association_type ${JSON.stringify(`${ownerType}_TO_${entityType}`)} does not link a ${self.type} and a ${other.type}`);
    }
    const [owner, entity] = selfOwns ? [self, other] : [other, self];
    if (!(ASSOCIATION_OWNER_TYPES as readonly string[]).includes(owner.type)) {
      throw new InvalidInputError(`field "associations": association ${uuid} is owned by a ${owner.type}, which owns no link`);
    }
    writing.associations.add(uuid);
    writing.insert("associations", {
      uuid,
      tenant_uuid: writing.tenantUuid,
      owner_type: owner.type,
      owner_uuid: owner.uuid,
      entity_type: entity.type,
      entity_uuid: entity.uuid,
      link_key: linkKey(owner as RecordRef, entity as RecordRef),
      context: link.optionalString("context"),
      created_at: link.time("created_at"),
      updated_at: link.time("updated_at"),
    });
  }
}

/**
 * An opportunity's custom field values, keyed by field uuid as the store keeps them, held to the rule of the store's
 * writes (mergeCustomFieldValues): each names a field the export's `opportunity_custom_fields` defined, and fits its
 * type. A select choice the field no longer lists is taken, as the store keeps one an opportunity already holds.
 * Unchecked, a value the API would refuse landed, and the opportunity's readers were given it as the field's.
 */
function checkedCustomFieldValues(fields: RecordFields, writing: ImportWriting): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const defined: OpportunityCustomField[] = [];
  for (const field of fields.objects("custom_fields")) {
    const uuid = field.uuid("uuid");
    const row = writing.get("select * from opportunity_custom_fields where tenant_uuid = ? and uuid = ?", writing.tenantUuid, uuid);
    if (row === undefined) {
      throw new InvalidInputError(`field "custom_fields": custom field ${uuid} is not defined: the export's opportunity_custom_fields hold no field of that uuid`);
    }
    if (uuid in values) throw new InvalidInputError(`field "custom_fields": custom field ${uuid} is given twice`);
    defined.push(toCustomField(row as unknown as OpportunityCustomFieldsTable));
    values[uuid] = field.value("value");
  }
  try {
    return mergeCustomFieldValues(defined, values, values);
  } catch (error) {
    if (error instanceof InvalidInputError) throw new InvalidInputError(`field "custom_fields": ${error.message}`);
    throw error;
  }
}

/** The `job_source` of a person's line: one of the store's sources, or null. */
function personJobSource(fields: RecordFields): PersonJobSource | null {
  return fields.optionalString("job_source") === null ? null : fields.oneOf("job_source", PERSON_JOB_SOURCES);
}

/**
 * The merged-away person's columns, from the merge line's `superseded` (the fields the personal data export shows);
 * an export made before 2026-12-08 holds none of them, and its row takes its survivor's name and the merge's time.
 */
function supersededPersonColumns(fields: RecordFields, writing: ImportWriting, canonical: string, mergedAt: number): Record<string, unknown> {
  if (!fields.has("superseded")) {
    const name = String(writing.get("select name from persons where uuid = ? and tenant_uuid = ?", canonical, writing.tenantUuid)?.name ?? "Merged person");
    return { name, name_sort_key: nameSortKey(name), created_at: mergedAt, service_updated_at: mergedAt, deleted_at: mergedAt };
  }
  const person = RecordFields.of(fields.value("superseded"), "superseded");
  return { ...personProfileColumns(person), created_at: person.time("created_at"), deleted_at: person.time("deleted_at") };
}

/** The columns of a person's own fields, as a person's line and a merge's `superseded` both hold them. */
function personProfileColumns(person: RecordFields): Record<string, unknown> {
  const name = person.text("name");
  const linkedinUrl = person.optionalString("linkedin_url");
  return {
    name,
    name_sort_key: nameSortKey(name),
    first_name: person.optionalString("first_name"),
    last_name: person.optionalString("last_name"),
    job_title: person.optionalString("job_title"),
    linkedin_url: linkedinUrl,
    linkedin_key: linkedinUrl ? normalizeLinkedinUrl(linkedinUrl) : null,
    twitter_url: person.optionalString("twitter_url"),
    facebook_url: person.optionalString("facebook_url"),
    logo_url: person.optionalString("logo_url"),
    city: person.optionalString("city"),
    state: person.optionalString("state"),
    country: person.optionalString("country"),
    tags: JSON.stringify(person.strings("tags")),
    is_internal: flag(person.boolean("is_internal")),
    service_updated_at: person.time("service_updated_at"),
  };
}

/** A merge: its line, and the merged-away record's row, deleted and pointing at its survivor, as the merge left it. */
function mergeWriter(table: "person_merges" | "company_merges"): Writer {
  return async (fields, writing) => {
    const superseded = fields.uuid("superseded_uuid");
    const canonical = fields.uuid("canonical_uuid");
    const mergedAt = fields.time("merged_at");
    writing.insert(table, {
      tenant_uuid: writing.tenantUuid,
      superseded_uuid: superseded,
      canonical_uuid: canonical,
      merged_at: mergedAt,
      merged_by_user_uuid: fields.optionalUuid("merged_by_user_uuid"),
      // What the merge moved is this server's account of it; the export does not hold it.
      moved: "{}",
    });
    if (table === "person_merges") {
      writing.insert("persons", { ...supersededPersonColumns(fields, writing, canonical, mergedAt), uuid: superseded, tenant_uuid: writing.tenantUuid, merged_into_uuid: canonical });
      return;
    }
    // A merged-away company's fields are read by no answer: its row takes its survivor's name.
    const name = String(writing.get("select company_name from companies where uuid = ? and tenant_uuid = ?", canonical, writing.tenantUuid)?.company_name ?? "Merged company");
    writing.insert("companies", {
      ...companyColumnsOf({ company_name: name }),
      uuid: superseded,
      tenant_uuid: writing.tenantUuid,
      created_at: mergedAt,
      service_updated_at: mergedAt,
      deleted_at: mergedAt,
      merged_into_uuid: canonical,
    });
  };
}

/** Each kind's writer, in the export's order. */
export const TENANT_IMPORT_WRITERS: Record<TenantExportKind, Writer> = {
  users(fields, writing) {
    const name = fields.text("name");
    writing.insert("users", {
      uuid: fields.uuid("uuid"),
      tenant_uuid: writing.tenantUuid,
      person_uuid: fields.uuid("person_uuid"),
      name,
      name_sort_key: nameSortKey(name),
      email: fields.text("email"),
      role: fields.oneOf("role", ROLES),
      is_active: flag(fields.boolean("is_active")),
      created_at: fields.time("created_at"),
      updated_at: fields.time("updated_at"),
    });
  },

  async companies(fields, writing) {
    const uuid = fields.uuid("uuid");
    const input: CompanyPatch = {
      company_name: fields.text("company_name"),
      domain: fields.optionalString("domain"),
      company_custom_fields: fields.object("company_custom_fields") as CompanyPatch["company_custom_fields"],
      service_industry_tags: fields.strings("service_industry_tags"),
      investor_types: fields.strings("investor_types"),
      last_investment_type: fields.optionalString("last_investment_type"),
      last_investment_date: fields.optionalString("last_investment_date"),
      npi_types: fields.strings("npi_types"),
      npi_date: fields.optionalString("npi_date"),
      score: fields.optionalNumber("score"),
      overall_operating_score: fields.optionalNumber("overall_operating_score"),
      overall_investor_score: fields.optionalNumber("overall_investor_score"),
    };
    for (const field of COMPANY_TEXT_FIELDS) input[field] = fields.optionalString(field) as never;
    const createdAt = fields.time("created_at");
    const updatedAt = fields.time("service_updated_at");
    writing.insert("companies", { ...companyColumnsOf(input), uuid, tenant_uuid: writing.tenantUuid, created_at: createdAt, service_updated_at: updatedAt });
    await syncCompanyTags(writing.db, writing.tenantUuid, uuid, input);
    // When each former domain was left is not exported: their order (the most recently left first) is kept.
    fields.strings("former_domains").forEach((domain, index) =>
      writing.insert("company_former_domains", { tenant_uuid: writing.tenantUuid, company_uuid: uuid, domain, left_at: updatedAt - index }),
    );
  },

  // `email` (the first of `emails`) and `merged_person_uuids` (the merges' lines) are read from the rows they derive from.
  persons(fields, writing) {
    const uuid = fields.uuid("uuid");
    const name = fields.text("name");
    const createdAt = fields.time("created_at");
    const emails = fields.objects("emails");
    writing.insert("persons", {
      ...personProfileColumns(fields),
      uuid,
      tenant_uuid: writing.tenantUuid,
      primary_company_uuid: fields.optionalUuidOf("primary_company"),
      created_at: createdAt,
      // Which export set the job (a newer one of it may move the job on) and whether the name only came from an
      // address (a real name seen later replaces it): an export made before 2026-12-08 says neither, so the job
      // is kept as a user's and the name is judged from the addresses (`isNameFromAddress`).
      job_source: fields.has("job_source") ? personJobSource(fields) : null,
      name_from_address: fields.has("name_from_address")
        ? flag(fields.boolean("name_from_address"))
        : flag(isNameFromAddress(name, emails.map((email) => email.text("address").toLowerCase()))),
    });
    // An export made before 2026-12-08 holds no address's or affiliation's own times: spaced a millisecond apart from
    // the person's creation, they keep the order the export lists them in (addresses oldest first, affiliations newest first).
    emails.forEach((email, index) => {
      const address = email.text("address");
      writing.insert("person_emails", {
        tenant_uuid: writing.tenantUuid,
        person_uuid: uuid,
        address,
        domain: emailDomain(address),
        is_primary: flag(email.boolean("is_primary")),
        created_at: email.has("created_at") ? email.time("created_at") : createdAt + index,
      });
    });
    const affiliations = fields.objects("affiliations");
    affiliations.forEach((affiliation, index) => {
      const at = createdAt + affiliations.length - index;
      writing.insert("affiliations", {
        uuid: affiliation.has("uuid") ? affiliation.uuid("uuid") : randomUUID(),
        tenant_uuid: writing.tenantUuid,
        person_uuid: uuid,
        company_uuid: affiliation.uuidOf("company"),
        title: affiliation.optionalString("title"),
        is_current: flag(affiliation.boolean("is_current")),
        started_on: affiliation.optionalString("started_on"),
        ended_on: affiliation.optionalString("ended_on"),
        created_at: affiliation.has("created_at") ? affiliation.time("created_at") : at,
        updated_at: affiliation.has("updated_at") ? affiliation.time("updated_at") : at,
      });
    });
  },

  person_merges: mergeWriter("person_merges"),
  company_merges: mergeWriter("company_merges"),

  opportunity_types(fields, writing) {
    writing.insert("opportunity_types", {
      uuid: fields.uuid("uuid"),
      tenant_uuid: writing.tenantUuid,
      label: fields.text("label"),
      label_plural: fields.text("label_plural"),
      sub_label: fields.text("sub_label"),
      sub_label_plural: fields.text("sub_label_plural"),
      description: fields.optionalString("description"),
      is_hidden: flag(fields.boolean("is_hidden")),
      subopportunities_enabled: flag(fields.boolean("subopportunities_enabled")),
      pinning_config: JSON.stringify(fields.object("pinning_config")),
      created_at: fields.time("created_at"),
      updated_at: fields.time("updated_at"),
    });
  },

  opportunity_stages(fields, writing) {
    writing.insert("opportunity_stages", {
      uuid: fields.uuid("uuid"),
      tenant_uuid: writing.tenantUuid,
      type_uuid: fields.uuid("type_uuid"),
      stage_type: fields.oneOf("stage_type", STAGE_TYPES),
      name: fields.text("name"),
      color: fields.optionalString("color"),
      percentage: fields.number("percentage"),
      is_hidden: flag(fields.boolean("is_hidden")),
      position: fields.number("position"),
      created_at: writing.now,
      updated_at: writing.now,
    });
  },

  opportunity_custom_fields(fields, writing) {
    writing.insert("opportunity_custom_fields", {
      uuid: fields.uuid("uuid"),
      tenant_uuid: writing.tenantUuid,
      key: fields.text("key"),
      name: fields.text("name"),
      type: fields.oneOf("type", CUSTOM_FIELD_TYPES),
      choices: JSON.stringify(fields.array("choices")),
      created_at: writing.now,
      updated_at: writing.now,
    });
  },

  opportunities(fields, writing) {
    const uuid = fields.uuid("uuid");
    const name = fields.text("name");
    const details = fields.optionalString("details");
    const nextStep = fields.optionalString("next_step");
    const customFields = checkedCustomFieldValues(fields, writing);
    writing.insert("opportunities", {
      uuid,
      tenant_uuid: writing.tenantUuid,
      type_uuid: fields.uuidOf("type"),
      stage_uuid: fields.uuidOf("stage"),
      parent_uuid: fields.optionalUuid("parent_uuid"),
      name,
      details,
      next_step: nextStep,
      name_sort_key: textSortKey(name),
      details_sort_key: nullableTextSortKey(details),
      next_step_sort_key: nullableTextSortKey(nextStep),
      value: fields.optionalNumber("value"),
      probability: fields.optionalNumber("probability"),
      weighted_value: fields.optionalNumber("weighted_value"),
      owner_user_uuid: fields.optionalUuidOf("owner"),
      intro_person_uuid: fields.optionalUuidOf("intro_person"),
      source_date: fields.optionalString("source_date"),
      intro_date: fields.optionalString("intro_date"),
      close_date: fields.optionalString("close_date"),
      stage_entered_at: fields.time("stage_entered_at"),
      custom_fields: JSON.stringify(customFields),
      created_by_user_uuid: fields.optionalUuidOf("created_by"),
      updated_by_user_uuid: fields.optionalUuidOf("updated_by"),
      created_at: fields.time("created_at"),
      updated_at: fields.time("updated_at"),
    });
    writeAssociations(fields, writing, { type: "OPPORTUNITY", uuid });
  },

  notes(fields, writing) {
    const uuid = fields.uuid("uuid");
    writing.insert("notes", {
      uuid,
      tenant_uuid: writing.tenantUuid,
      title: fields.optionalString("title"),
      content: fields.string("content"),
      owner_user_uuid: fields.optionalUuidOf("owner"),
      created_at: fields.time("created_at"),
      updated_at: fields.time("updated_at"),
    });
    writeAssociations(fields, writing, { type: "NOTE", uuid });
  },

  tasks(fields, writing) {
    const uuid = fields.uuid("uuid");
    writing.insert("tasks", {
      uuid,
      tenant_uuid: writing.tenantUuid,
      title: fields.text("title"),
      description: fields.optionalString("description"),
      status: fields.oneOf("status", TASK_STATUSES),
      scope: fields.oneOf("scope", TASK_SCOPES),
      due_date: fields.optionalString("due_date"),
      assignee_user_uuid: fields.optionalUuidOf("assignee"),
      created_by_user_uuid: fields.optionalUuidOf("created_by"),
      created_at: fields.time("created_at"),
      updated_at: fields.time("updated_at"),
    });
    writeAssociations(fields, writing, { type: "TASK", uuid });
  },

  files(fields, writing, content) {
    const uuid = fields.uuid("uuid");
    const size = fields.number("size_bytes");
    const sha256 = fields.text("sha256");
    if (content === null) throw new InvalidInputError(`file ${uuid}: its content is missing`);
    // A file's bytes are checked against its line: a truncated or swapped content is refused, not served.
    if (content.byteLength !== size) throw new InvalidInputError(`field "size_bytes": file ${uuid} says ${size} bytes, its content has ${content.byteLength}`);
    if (createHash("sha256").update(content).digest("hex") !== sha256) throw new InvalidInputError(`field "sha256": file ${uuid}'s content does not have this sha256`);
    // Checked here, not with the other links at the commit: files have no index by tenant, and the users come first.
    const uploader = fields.optionalUuidOf("uploaded_by");
    if (uploader !== null && !writing.get("select 1 from users where uuid = ? and tenant_uuid = ?", uploader, writing.tenantUuid)) {
      throw new InvalidInputError(`field "uploaded_by": file ${uuid} names user ${uploader}, which the export does not hold`);
    }
    writing.insert("files", {
      uuid,
      tenant_uuid: writing.tenantUuid,
      filename: fields.text("filename"),
      content_type: fields.text("content_type"),
      size_bytes: size,
      sha256,
      uploaded_by_user_uuid: uploader,
      created_at: fields.time("created_at"),
    });
    writing.insert("file_contents", { file_uuid: uuid, tenant_uuid: writing.tenantUuid, content });
  },

  emails(fields, writing) {
    const uuid = fields.uuid("uuid");
    const participants = fields.objects("participants").map((participant) => ({ person_uuid: participant.uuid("person_uuid"), role: participant.oneOf("role", EMAIL_PARTICIPANT_ROLES) }));
    const from = participants.find((participant) => participant.role === "from");
    if (!from) throw new InvalidInputError(`field "participants": email ${uuid} has no participant of role "from"`);
    const recordedAt = fields.time("recorded_at");
    writing.insert("emails", {
      uuid,
      tenant_uuid: writing.tenantUuid,
      message_id: fields.text("message_id"),
      sent_at: fields.time("sent_at"),
      subject: fields.optionalString("subject"),
      from_person_uuid: from.person_uuid,
      created_at: recordedAt,
    });
    for (const participant of participants) writing.insert("email_participants", { tenant_uuid: writing.tenantUuid, email_uuid: uuid, ...participant });
    const body = fields.optionalString("body");
    if (fields.boolean("has_body")) {
      if (body === null) throw new InvalidInputError(`field "body": email ${uuid} says it has a body, and holds none`);
      writing.insert("email_bodies", { email_uuid: uuid, tenant_uuid: writing.tenantUuid, body_text: body, created_at: recordedAt });
    }
  },

  meetings(fields, writing) {
    const uuid = fields.uuid("uuid");
    writing.insert("meetings", {
      uuid,
      tenant_uuid: writing.tenantUuid,
      title: fields.string("title"),
      starts_at: fields.time("starts_at"),
      ends_at: fields.optionalTime("ends_at"),
      status: fields.oneOf("status", MEETING_STATUSES),
      organizer_person_uuid: fields.optionalUuid("organizer_person_uuid"),
      location: fields.optionalString("location"),
      external_id: fields.optionalString("external_id"),
      created_by_user_uuid: fields.optionalUuid("created_by_user_uuid"),
      created_at: fields.time("created_at"),
      updated_at: fields.time("updated_at"),
    });
    for (const attendee of fields.objects("attendees")) {
      writing.insert("meeting_attendees", {
        tenant_uuid: writing.tenantUuid,
        meeting_uuid: uuid,
        person_uuid: attendee.uuid("person_uuid"),
        response: attendee.oneOf("response", ATTENDEE_RESPONSES),
      });
    }
    // Persons taken off the meeting: their feed lists it as removed for them (none in an export made before 2026-12-08).
    const departed = fields.has("departed_person_uuids") ? fields.strings("departed_person_uuids") : [];
    for (const person of departed) writing.insert("meeting_departures", { tenant_uuid: writing.tenantUuid, meeting_uuid: uuid, person_uuid: person });
  },

  activity_feed(fields, writing) {
    // The entries the triggers numbered as the emails and meetings went in make way, at the first line, for the
    // export's, numbered and timed as the old server's feed was (an export made before 2026-12-08 has none: they stay).
    if (!writing.feedReplaced) {
      writing.run("delete from activity_feed where tenant_uuid = ?", writing.tenantUuid);
      writing.feedReplaced = true;
    }
    const kind = fields.oneOf("kind", FEED_KINDS);
    writing.insert("activity_feed", {
      tenant_uuid: writing.tenantUuid,
      kind,
      item_uuid: fields.uuid("uuid"),
      recorded_at: fields.time("recorded_at"),
      ever_listed: flag(fields.boolean("ever_listed")),
      sequence: fields.time("sequence"),
    });
  },

  entity_lists(fields, writing) {
    const name = fields.text("name");
    writing.insert("entity_lists", {
      uuid: fields.uuid("uuid"),
      tenant_uuid: writing.tenantUuid,
      name,
      name_sort_key: nameSortKey(name),
      kind: fields.oneOf("kind", ENTITY_LIST_KINDS),
      owner_user_uuid: fields.optionalUuid("owner_user_uuid"),
      created_at: fields.time("created_at"),
      updated_at: fields.time("updated_at"),
    });
  },

  entity_list_members(fields, writing) {
    writing.insert("entity_list_members", {
      tenant_uuid: writing.tenantUuid,
      list_uuid: fields.uuid("list_uuid"),
      entity_uuid: fields.uuid("entity_uuid"),
      added_at: fields.time("added_at"),
      added_by_user_uuid: fields.optionalUuid("added_by_user_uuid"),
      position: fields.number("position"),
    });
  },

  deletions(fields, writing) {
    // The reason is read from the row (MERGED: merged_into_uuid is set; ERASED: a person's); checked, not stored.
    fields.oneOf("reason", DELETION_REASONS);
    const entityType = fields.oneOf("entity_type", DELETED_ENTITY_TYPES);
    writing.insert("record_deletions", {
      tenant_uuid: writing.tenantUuid,
      entity_type: entityType,
      uuid: fields.uuid("uuid"),
      deleted_at: fields.time("deleted_at"),
      merged_into_uuid: fields.optionalUuid("merged_into_uuid"),
      // An export made before 2026-12-07 does not say whose a task's entry is: it may be a PERSONAL task's, so no user sees it.
      visible_to_user_uuid: fields.has("visible_to_user_uuid") ? fields.optionalString("visible_to_user_uuid") : entityType === "TASK" ? "" : null,
      sequence: fields.time("sequence"),
    });
  },

  history_horizons(fields, writing) {
    // None in an export made before 2026-12-08: a poll from before what the old server pruned reads on from the first kept entry.
    writing.insert("history_horizons", {
      tenant_uuid: writing.tenantUuid,
      log: HORIZON_LOGS[fields.oneOf("log", Object.keys(HORIZON_LOGS))],
      pruned_through_sequence: fields.time("pruned_through_sequence"),
      pruned_through_time: fields.time("pruned_through_time"),
    });
  },

  erasure_key(fields, writing) {
    // None in an export made before 2026-12-08: the erased addresses are accepted again until erased here.
    writing.insert("erasure_secrets", { tenant_uuid: writing.tenantUuid, secret: Buffer.from(fields.hex("key"), "hex"), created_at: fields.time("created_at") });
  },

  erased_identifiers(fields, writing) {
    const digest = fields.hex("digest", DIGEST_HEX_LENGTH);
    // Keyed with the tenant's erasure key, which comes before them: a digest without it could never match.
    if (!writing.get("select 1 from erasure_secrets where tenant_uuid = ?", writing.tenantUuid)) {
      throw new InvalidInputError(`field "digest": the export holds no erasure_key, without which digest ${digest} matches no address`);
    }
    writing.insert("erased_identifiers", { tenant_uuid: writing.tenantUuid, digest, erased_at: fields.time("erased_at") });
  },
};
