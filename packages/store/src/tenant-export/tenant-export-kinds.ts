/**
 * @module
 * What a tenant export holds: each kind of record, the one statement that reads its lines (a JSON object each, made
 * by SQLite, with the API's field names and shapes where the API has the record), the tables it reads, and the
 * tenant tables left out on purpose, each with why. `tenant-export-kinds.test.ts` fails when a tenant table is in
 * neither list.
 */
import { EMAIL_PARTICIPANT_ROLES } from "../activity-records.js";
import { COMPANY_TEXT_FIELDS } from "../records.js";

/** The version of the lines' format: raised when a kind's fields change in a way a reader of the previous one would misread. */
export const TENANT_EXPORT_FORMAT_VERSION = 1;

/** A kind of record in a tenant export, in the order they are written (what a record names comes before it). */
export const TENANT_EXPORT_KINDS = [
  "users",
  "companies",
  "persons",
  "person_merges",
  "company_merges",
  "opportunity_types",
  "opportunity_stages",
  "opportunity_custom_fields",
  "opportunities",
  "notes",
  "tasks",
  "files",
  "emails",
  "meetings",
  "activity_feed",
  "entity_lists",
  "entity_list_members",
  "deletions",
  "history_horizons",
  "erasure_key",
  "erased_identifiers",
] as const;

/** One of `TENANT_EXPORT_KINDS`: the name of its lines' file (`<kind>.jsonl`) in an export. */
export type TenantExportKind = (typeof TENANT_EXPORT_KINDS)[number];

interface KindStatements {
  /** The tables whose rows (of the tenant) the kind's lines hold. */
  tables: readonly string[];
  /** `select count(*)` of the lines, bound to `:tenant`. */
  count: string;
  /** The lines in a stable order: a column `line` (JSON text), and for files `content` (the bytes). */
  lines: string;
}

const flag = (column: string) => `json(iif(${column}, 'true', 'false'))`;

/** The API's actor for a user uuid column: `{ uuid, name, logo_url, type: "USER" }`, null when none. */
const userActor = (column: string) =>
  `json((select json_object('uuid', u.uuid, 'name', u.name, 'logo_url', up.logo_url, 'type', 'USER') from users u
    left join persons up on up.uuid = u.person_uuid and up.tenant_uuid = u.tenant_uuid
    where u.uuid = ${column} and u.tenant_uuid = :tenant))`;

/** The API's actor for a person uuid column (a live person), null when none. */
const personActor = (column: string) =>
  `json((select json_object('uuid', ap.uuid, 'name', ap.name, 'logo_url', ap.logo_url, 'type', 'PERSON') from persons ap
    where ap.uuid = ${column} and ap.tenant_uuid = :tenant and ap.deleted_at is null))`;

/**
 * The record's associations seen from it, as the API lists them on a note, a task or an opportunity: every link
 * touching it from either side (one statement per side, each through its own index), oldest first.
 */
const associationsOf = (type: string, column: string) =>
  `json((select json_group_array(json_object('uuid', uuid,
      'entity_type', iif(owner_type = '${type}' and owner_uuid = ${column}, entity_type, owner_type),
      'entity_uuid', iif(owner_type = '${type}' and owner_uuid = ${column}, entity_uuid, owner_uuid),
      'association_type', owner_type || '_TO_' || entity_type, 'context', context, 'created_at', created_at, 'updated_at', updated_at))
    from (select * from associations where tenant_uuid = :tenant and owner_uuid = ${column} and owner_type = '${type}'
      union select * from associations where tenant_uuid = :tenant and entity_uuid = ${column} and entity_type = '${type}'
      order by created_at, uuid)))`;

const companyText = COMPANY_TEXT_FIELDS.map((field) => `'${field}', c.${field}`).join(", ");
const roleOrder = `case role ${EMAIL_PARTICIPANT_ROLES.map((role, index) => `when '${role}' then ${index}`).join(" ")} end`;

/** A custom field's stored value as JSON (json_each gives booleans as 0 and 1, arrays and objects as text). */
const customFieldValue = `case j.type when 'true' then json('true') when 'false' then json('false')
  when 'array' then json(j.value) when 'object' then json(j.value) else j.value end`;

/**
 * The merged-away person's own fields as the merge left them (the personal data export shows them), by the store's
 * column names; a merge's line holds them as `superseded`.
 */
const supersededPerson = `json((select json_object('name', s.name, 'first_name', s.first_name, 'last_name', s.last_name,
    'job_title', s.job_title, 'linkedin_url', s.linkedin_url, 'twitter_url', s.twitter_url, 'facebook_url', s.facebook_url,
    'logo_url', s.logo_url, 'city', s.city, 'state', s.state, 'country', s.country, 'tags', json(s.tags),
    'is_internal', ${flag("s.is_internal")}, 'created_at', s.created_at, 'service_updated_at', s.service_updated_at,
    'deleted_at', s.deleted_at)
  from persons s where s.uuid = m.superseded_uuid and s.tenant_uuid = :tenant))`;

/** The merges of persons or of companies (`table`), one line each: which record went into which, when, by whom. */
const mergesOf = (table: "person_merges" | "company_merges"): KindStatements => ({
  tables: [table],
  count: `select count(*) from ${table} where tenant_uuid = :tenant`,
  lines: `select json_object('superseded_uuid', m.superseded_uuid, 'canonical_uuid', m.canonical_uuid, 'merged_at', m.merged_at,
      'merged_by_user_uuid', m.merged_by_user_uuid${table === "person_merges" ? `, 'superseded', ${supersededPerson}` : ""}) as line
      from ${table} m where m.tenant_uuid = :tenant order by m.tenant_uuid, m.superseded_uuid`,
});

/** Each kind's statements. Merged-away and deleted records (soft-deleted rows) are left out, as the API leaves them. */
export const TENANT_EXPORT_STATEMENTS: Record<TenantExportKind, KindStatements> = {
  users: {
    tables: ["users"],
    count: "select count(*) from users where tenant_uuid = :tenant",
    lines: `select json_object('uuid', uuid, 'name', name, 'email', email, 'role', role, 'is_active', ${flag("is_active")},
      'person_uuid', person_uuid, 'created_at', created_at, 'updated_at', updated_at) as line
      from users where tenant_uuid = :tenant order by tenant_uuid, email`,
  },
  companies: {
    tables: ["companies", "company_tags", "company_former_domains"],
    count: "select count(*) from companies where tenant_uuid = :tenant and deleted_at is null",
    lines: `select json_object('uuid', c.uuid, 'company_name', c.company_name, 'domain', c.domain,
      'former_domains', json((select json_group_array(domain) from (select domain from company_former_domains f
        where f.company_uuid = c.uuid and f.tenant_uuid = :tenant order by left_at desc, domain))),
      ${companyText}, 'company_custom_fields', json(c.company_custom_fields), 'service_industry_tags', json(c.service_industry_tags),
      'investor_types', json(c.investor_types), 'last_investment_type', c.last_investment_type, 'last_investment_date', c.last_investment_date,
      'npi_types', json(c.npi_types), 'npi_date', c.npi_date, 'score', c.score, 'overall_operating_score', c.overall_operating_score,
      'overall_investor_score', c.overall_investor_score, 'created_at', c.created_at, 'service_updated_at', c.service_updated_at) as line
      from companies c where c.tenant_uuid = :tenant and c.deleted_at is null order by c.tenant_uuid, c.created_at, c.uuid`,
  },
  persons: {
    tables: ["persons", "person_emails", "affiliations"],
    count: "select count(*) from persons where tenant_uuid = :tenant and deleted_at is null",
    lines: `select json_object('uuid', p.uuid, 'name', p.name, 'first_name', p.first_name, 'last_name', p.last_name,
      'email', (select address from person_emails e where e.person_uuid = p.uuid and e.tenant_uuid = :tenant
        order by is_primary desc, created_at, address limit 1),
      'emails', json((select json_group_array(json_object('address', address, 'is_primary', ${flag("is_primary")}, 'created_at', created_at))
        from (select address, is_primary, created_at from person_emails e where e.person_uuid = p.uuid and e.tenant_uuid = :tenant
          order by is_primary desc, created_at, address))),
      'job_title', p.job_title,
      'primary_company', json((select json_object('uuid', pc.uuid, 'name', pc.company_name, 'logo_url', pc.logo_url) from companies pc
        where pc.uuid = p.primary_company_uuid and pc.tenant_uuid = :tenant)),
      'linkedin_url', p.linkedin_url, 'twitter_url', p.twitter_url, 'facebook_url', p.facebook_url, 'logo_url', p.logo_url,
      'city', p.city, 'state', p.state, 'country', p.country, 'tags', json(p.tags),
      'affiliations', json((select json_group_array(json_object('company', json_object('uuid', company_uuid, 'name', company_name, 'logo_url', logo_url),
          'title', title, 'is_current', ${flag("is_current")}, 'started_on', started_on, 'ended_on', ended_on,
          'uuid', uuid, 'created_at', created_at, 'updated_at', updated_at))
        from (select a.company_uuid, ac.company_name, ac.logo_url, a.title, a.is_current, a.started_on, a.ended_on,
          a.uuid, a.created_at, a.updated_at from affiliations a
          join companies ac on ac.uuid = a.company_uuid and ac.tenant_uuid = a.tenant_uuid
          where a.tenant_uuid = :tenant and a.person_uuid = p.uuid
          order by a.is_current desc, a.started_on is null, a.started_on desc, a.created_at desc, a.uuid))),
      'is_internal', ${flag("p.is_internal")}, 'created_at', p.created_at, 'service_updated_at', p.service_updated_at,
      'job_source', p.job_source, 'name_from_address', ${flag("p.name_from_address")},
      'merged_person_uuids', json((select json_group_array(superseded_uuid) from (select superseded_uuid from person_merges m
        where m.tenant_uuid = :tenant and m.canonical_uuid = p.uuid order by superseded_uuid)))) as line
      from persons p where p.tenant_uuid = :tenant and p.deleted_at is null order by p.tenant_uuid, p.created_at, p.uuid`,
  },
  person_merges: mergesOf("person_merges"),
  company_merges: mergesOf("company_merges"),
  opportunity_types: {
    tables: ["opportunity_types"],
    count: "select count(*) from opportunity_types where tenant_uuid = :tenant",
    lines: `select json_object('uuid', uuid, 'label', label, 'label_plural', label_plural, 'sub_label', sub_label,
      'sub_label_plural', sub_label_plural, 'description', description, 'is_hidden', ${flag("is_hidden")},
      'subopportunities_enabled', ${flag("subopportunities_enabled")}, 'pinning_config', json(pinning_config),
      'created_at', created_at, 'updated_at', updated_at) as line
      from opportunity_types where tenant_uuid = :tenant order by tenant_uuid, created_at, uuid`,
  },
  opportunity_stages: {
    tables: ["opportunity_stages"],
    count: "select count(*) from opportunity_stages where tenant_uuid = :tenant",
    lines: `select json_object('uuid', uuid, 'type_uuid', type_uuid, 'stage_type', stage_type, 'name', name, 'color', color,
      'percentage', percentage, 'is_hidden', ${flag("is_hidden")}, 'position', position) as line
      from opportunity_stages where tenant_uuid = :tenant order by tenant_uuid, type_uuid, stage_type, position`,
  },
  opportunity_custom_fields: {
    tables: ["opportunity_custom_fields"],
    count: "select count(*) from opportunity_custom_fields where tenant_uuid = :tenant",
    lines: `select json_object('uuid', uuid, 'key', key, 'name', name, 'type', type, 'choices', json(choices)) as line
      from opportunity_custom_fields where tenant_uuid = :tenant order by tenant_uuid, key`,
  },
  opportunities: {
    tables: ["opportunities", "associations"],
    count: "select count(*) from opportunities where tenant_uuid = :tenant and deleted_at is null",
    lines: `select json_object('uuid', o.uuid, 'name', o.name, 'details', o.details, 'next_step', o.next_step, 'value', o.value,
      'probability', o.probability, 'weighted_value', o.weighted_value,
      'type', json((select json_object('uuid', t.uuid, 'label', t.label, 'label_plural', t.label_plural, 'sub_label', t.sub_label,
        'sub_label_plural', t.sub_label_plural, 'is_hidden', ${flag("t.is_hidden")}) from opportunity_types t where t.uuid = o.type_uuid)),
      'stage', json((select json_object('uuid', s.uuid, 'name', s.name) from opportunity_stages s where s.uuid = o.stage_uuid)),
      'parent_uuid', o.parent_uuid, 'owner', ${userActor("o.owner_user_uuid")}, 'intro_person', ${personActor("o.intro_person_uuid")},
      'created_by', ${userActor("o.created_by_user_uuid")}, 'updated_by', ${userActor("o.updated_by_user_uuid")},
      'source_date', o.source_date, 'intro_date', o.intro_date, 'close_date', o.close_date, 'stage_entered_at', o.stage_entered_at,
      'associations', ${associationsOf("OPPORTUNITY", "o.uuid")},
      'custom_fields', json((select json_group_array(json_object('uuid', f.uuid, 'key', f.key, 'name', f.name, 'type', f.type,
        'value', ${customFieldValue})) from json_each(o.custom_fields) j
        join opportunity_custom_fields f on f.uuid = j.key and f.tenant_uuid = :tenant)),
      'created_at', o.created_at, 'updated_at', o.updated_at) as line
      from opportunities o where o.tenant_uuid = :tenant and o.deleted_at is null order by o.tenant_uuid, o.created_at, o.uuid`,
  },
  notes: {
    tables: ["notes"],
    count: "select count(*) from notes where tenant_uuid = :tenant and deleted_at is null",
    lines: `select json_object('uuid', n.uuid, 'title', n.title, 'content', n.content, 'owner', ${userActor("n.owner_user_uuid")},
      'associations', ${associationsOf("NOTE", "n.uuid")}, 'created_at', n.created_at, 'updated_at', n.updated_at) as line
      from notes n where n.tenant_uuid = :tenant and n.deleted_at is null order by n.tenant_uuid, n.created_at, n.uuid`,
  },
  tasks: {
    tables: ["tasks"],
    count: "select count(*) from tasks where tenant_uuid = :tenant and deleted_at is null",
    lines: `select json_object('uuid', k.uuid, 'title', k.title, 'description', k.description, 'status', k.status, 'scope', k.scope,
      'due_date', k.due_date, 'assignee', ${userActor("k.assignee_user_uuid")}, 'created_by', ${userActor("k.created_by_user_uuid")},
      'associations', ${associationsOf("TASK", "k.uuid")}, 'created_at', k.created_at, 'updated_at', k.updated_at) as line
      from tasks k where k.tenant_uuid = :tenant and k.deleted_at is null order by k.tenant_uuid, k.created_at, k.uuid`,
  },
  files: {
    tables: ["files", "file_contents"],
    count: "select count(*) from files where tenant_uuid = :tenant",
    lines: `select json_object('uuid', files.uuid, 'filename', files.filename, 'content_type', files.content_type, 'size_bytes', files.size_bytes,
      'sha256', files.sha256, 'uploaded_by', ${userActor("files.uploaded_by_user_uuid")}, 'created_at', files.created_at) as line,
      (select content from file_contents fc where fc.file_uuid = files.uuid and fc.tenant_uuid = :tenant) as content
      from files where files.tenant_uuid = :tenant order by files.uuid`,
  },
  emails: {
    tables: ["emails", "email_participants", "email_bodies"],
    count: "select count(*) from emails where tenant_uuid = :tenant",
    lines: `select json_object('uuid', e.uuid, 'message_id', e.message_id, 'subject', e.subject, 'sent_at', e.sent_at,
      'participants', json((select json_group_array(json_object('person_uuid', person_uuid, 'role', role))
        from (select person_uuid, role from email_participants ep where ep.email_uuid = e.uuid and ep.tenant_uuid = :tenant
          order by ${roleOrder}, person_uuid))),
      'has_body', json(iif(b.email_uuid is null, 'false', 'true')), 'body', b.body_text, 'recorded_at', e.created_at) as line
      from emails e left join email_bodies b on b.email_uuid = e.uuid and b.tenant_uuid = e.tenant_uuid
      where e.tenant_uuid = :tenant order by e.tenant_uuid, e.sent_at, e.uuid`,
  },
  meetings: {
    tables: ["meetings", "meeting_attendees", "meeting_departures"],
    count: "select count(*) from meetings where tenant_uuid = :tenant and deleted_at is null",
    lines: `select json_object('uuid', m.uuid, 'title', m.title, 'starts_at', m.starts_at, 'ends_at', m.ends_at, 'status', m.status,
      'organizer_person_uuid', m.organizer_person_uuid,
      'attendees', json((select json_group_array(json_object('person_uuid', person_uuid, 'response', response))
        from (select person_uuid, response from meeting_attendees ma where ma.meeting_uuid = m.uuid and ma.tenant_uuid = :tenant
          order by person_uuid))),
      'location', m.location, 'external_id', m.external_id, 'created_by_user_uuid', m.created_by_user_uuid,
      'created_at', m.created_at, 'updated_at', m.updated_at,
      'departed_person_uuids', json((select json_group_array(person_uuid) from (select person_uuid from meeting_departures md
        where md.meeting_uuid = m.uuid and md.tenant_uuid = :tenant order by person_uuid)))) as line
      from meetings m where m.tenant_uuid = :tenant and m.deleted_at is null order by m.tenant_uuid, m.starts_at, m.uuid`,
  },
  activity_feed: {
    tables: ["activity_feed"],
    count: "select count(*) from activity_feed where tenant_uuid = :tenant",
    // As GET /v1/activity numbers and times its entries (a client's `after_sequence` and `since` stay valid), the
    // entries of removed items too; `ever_listed`: whether the feed lists it (an email always; a meeting once an
    // attendee counted it).
    lines: `select json_object('sequence', sequence, 'kind', kind, 'uuid', item_uuid, 'recorded_at', recorded_at,
      'ever_listed', ${flag("ever_listed")}) as line
      from activity_feed where tenant_uuid = :tenant order by tenant_uuid, sequence`,
  },
  entity_lists: {
    tables: ["entity_lists"],
    count: "select count(*) from entity_lists where tenant_uuid = :tenant",
    lines: `select json_object('uuid', l.uuid, 'name', l.name, 'kind', l.kind, 'owner_user_uuid', l.owner_user_uuid,
      'member_count', (select count(*) from entity_list_members lm where lm.list_uuid = l.uuid),
      'created_at', l.created_at, 'updated_at', l.updated_at) as line
      from entity_lists l where l.tenant_uuid = :tenant order by l.tenant_uuid, l.name, l.uuid`,
  },
  entity_list_members: {
    tables: ["entity_list_members"],
    // List by list, each list's members by key, entity uuid order (`+`: not through the tenant's index, which would sort them all).
    count: "select count(*) from entity_lists l cross join entity_list_members m on m.list_uuid = l.uuid and +m.tenant_uuid = l.tenant_uuid where l.tenant_uuid = :tenant",
    lines: `select json_object('list_uuid', m.list_uuid, 'entity_uuid', m.entity_uuid,
      'entity_type', iif(l.kind = 'companies', 'COMPANY', 'PERSON'), 'added_at', m.added_at, 'added_by_user_uuid', m.added_by_user_uuid,
      'position', m.position) as line
      from entity_lists l cross join entity_list_members m on m.list_uuid = l.uuid and +m.tenant_uuid = l.tenant_uuid
      where l.tenant_uuid = :tenant order by l.tenant_uuid, l.name, l.uuid`,
  },
  deletions: {
    tables: ["record_deletions"],
    count: "select count(*) from record_deletions where tenant_uuid = :tenant",
    // As GET /v1/deletions lists them: the log of what is gone (an erased person's uuid, with reason ERASED), as far
    // back as the history retention kept it; and whose entry it is (a PERSONAL task's: its creator's, '' for nobody).
    lines: `select json_object('sequence', sequence, 'entity_type', entity_type, 'uuid', uuid, 'deleted_at', deleted_at,
      'reason', case when merged_into_uuid is not null then 'MERGED' when entity_type = 'PERSON' then 'ERASED' else 'DELETED' end,
      'merged_into_uuid', merged_into_uuid, 'visible_to_user_uuid', visible_to_user_uuid) as line
      from record_deletions where tenant_uuid = :tenant order by tenant_uuid, sequence`,
  },
  history_horizons: {
    tables: ["history_horizons"],
    count: "select count(*) from history_horizons where tenant_uuid = :tenant",
    // How far the retention pruned each log (by its kind's name): a poll from before it is refused (410) on the next
    // server as on this one, and the log's numbering goes on after it even when its newest entries were pruned.
    lines: `select json_object('log', iif(log = 'record_deletions', 'deletions', log), 'pruned_through_sequence', pruned_through_sequence,
      'pruned_through_time', pruned_through_time) as line
      from history_horizons where tenant_uuid = :tenant order by tenant_uuid, log`,
  },
  erasure_key: {
    tables: ["erasure_secrets"],
    count: "select count(*) from erasure_secrets where tenant_uuid = :tenant",
    // The key of the erased addresses' digests (none before the tenant's first erasure): without it they match nothing.
    lines: `select json_object('key', lower(hex(secret)), 'created_at', created_at) as line
      from erasure_secrets where tenant_uuid = :tenant`,
  },
  erased_identifiers: {
    tables: ["erased_identifiers"],
    count: "select count(*) from erased_identifiers where tenant_uuid = :tenant",
    // Each erased address or LinkedIn profile as its keyed digest: the next server refuses it again, as this one does.
    lines: `select json_object('digest', digest, 'erased_at', erased_at) as line
      from erased_identifiers where tenant_uuid = :tenant order by tenant_uuid, digest`,
  },
};

/**
 * The tenant tables no kind writes, on purpose: what this server derives or keeps for itself (rebuilt by another
 * from the records), and secrets. A table a migration adds belongs in a kind or here.
 */
export const TENANT_TABLES_LEFT_OUT: Readonly<Record<string, string>> = {
  api_key_uses: "this server's keys: their last uses",
  api_keys: "this server's keys: their hashes are secrets; the new home issues its own",
  change_generations: "change counters of this server",
  graph_changes: "change log of this server's relationship graph",
  idempotent_requests: "answers this server kept for clients' retries",
  import_jobs: "the history of imports run on this server (their files are not kept)",
  live_opportunity_link_recency: "derived from opportunities and associations",
  live_opportunity_links: "derived from opportunities and associations",
  log_sequences: "sequence numbers of this server's change logs",
  monthly_usage: "this server's request counts, for its rate limits",
  name_search_pending: "this server's search index, pending entries",
  opportunity_activity_floors: "derived from emails and meetings",
  opportunity_activity_pending: "derived from emails and meetings",
  opportunity_search_documents: "this server's search index",
  person_changes: "change log of this server, for polling",
  user_passwords: "secrets: sign-in password hashes",
  write_stamps: "the change stamp of a write in progress, empty between writes",
};
