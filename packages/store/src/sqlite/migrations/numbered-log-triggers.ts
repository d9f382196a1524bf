/**
 * @module The triggers writing the activity feed and the deletions log, as migration 0062 makes them again: each
 * numbers its row in its own insert (the tenant's counter raised first, then read), so the row is written once.
 * Their statements are those of migrations 0033, 0039 and 0054 otherwise, word for word.
 */

/** Epoch milliseconds by the database's clock: the time of a hard-deleted row's entry as migration 0062 made them. */
const DATABASE_NOW = "cast((julianday('now') - 2440587.5) * 86400000 as integer)";

/**
 * The time of a hard-deleted row's entry since migration 0092: the store's change stamp, which the deleting write
 * sets for its tenant in `write_stamps` (write-stamps.ts), else (a row deleted outside the store) the database's clock.
 */
export const WRITE_STAMP_OR_DATABASE_NOW = `coalesce((select stamp from write_stamps where tenant_uuid = OLD.tenant_uuid), ${DATABASE_NOW})`;

/**
 * The upsert raising `tenant`'s counter of `log` by one when `condition` holds (the condition of the insert it
 * numbers: a counter raised for a row not written would leave a gap). An upsert's `do update` holds under the
 * conflict policy of an `insert or replace` that fires the trigger, as `insert or ignore` would not.
 * `source` is a `from` clause, when the numbered insert selects from a table.
 */
export function raiseLogCounter(tenant: string, log: string, condition: string, source = ""): string {
  return `insert into log_sequences (tenant_uuid, log, last_sequence) select ${tenant}, '${log}', 1 ${source} where ${condition}
        on conflict (tenant_uuid, log) do update set last_sequence = last_sequence + 1;`;
}

/** The number the counter raised by `raiseLogCounter` gives the row: an expression of its insert. */
export function raisedLogSequence(tenant: string, log: string): string {
  return `(select last_sequence from log_sequences where tenant_uuid = ${tenant} and log = '${log}')`;
}

function liveTenant(row: "NEW" | "OLD"): string {
  return `exists (select 1 from tenants where uuid = ${row}.tenant_uuid and deleted_at is null)`;
}

/** A deletions log trigger's statements: `row`'s earlier entry gone, its new one numbered, when its tenant is live. */
export function logDeletion(row: "NEW" | "OLD", entityType: string, deletedAt: string, mergedInto: string, visibleTo: string): string {
  return `delete from record_deletions where uuid = ${row}.uuid and entity_type = '${entityType}';
      ${raiseLogCounter(`${row}.tenant_uuid`, "record_deletions", liveTenant(row))}
      insert into record_deletions (tenant_uuid, entity_type, uuid, deleted_at, merged_into_uuid, visible_to_user_uuid, sequence)
        select ${row}.tenant_uuid, '${entityType}', ${row}.uuid, ${deletedAt}, ${mergedInto}, ${visibleTo}, ${raisedLogSequence(`${row}.tenant_uuid`, "record_deletions")}
        where ${liveTenant(row)};`;
}

const SOFT_DELETED = "when OLD.deleted_at is null and NEW.deleted_at is not null";
const PERSONAL_TASK_OWNER = (row: "NEW" | "OLD") => `case when ${row}.scope = 'PERSONAL' then coalesce(${row}.created_by_user_uuid, '') end`;

/** Each soft-deleted table's entity type, and the owner a task's entry is visible to alone. */
const SOFT_DELETED_TABLES = [
  ["notes", "NOTE", () => "null"],
  ["opportunities", "OPPORTUNITY", () => "null"],
  ["tasks", "TASK", PERSONAL_TASK_OWNER],
  ["meetings", "MEETING", () => "null"],
] as const;

function deletionTriggers(removedAt: string): Array<[string, string]> {
  const triggers: Array<[string, string]> = [];
  for (const [table, entityType, visibleTo] of SOFT_DELETED_TABLES) {
    triggers.push([
      `${table}_log_deletion`,
      `after update of deleted_at on ${table}
    ${SOFT_DELETED}
    begin
      ${logDeletion("NEW", entityType, "NEW.deleted_at", "null", visibleTo("NEW"))}
    end`,
    ]);
    triggers.push([
      `${table}_log_removal`,
      `after delete on ${table}
    when OLD.deleted_at is null
    begin
      ${logDeletion("OLD", entityType, removedAt, "null", visibleTo("OLD"))}
    end`,
    ]);
  }
  triggers.push([
    "persons_log_deletion",
    `after update of deleted_at on persons
    ${SOFT_DELETED}
    begin
      ${logDeletion("NEW", "PERSON", "NEW.deleted_at", "NEW.merged_into_uuid", "null")}
    end`,
  ]);
  for (const [table, entityType, name] of [
    ["persons", "PERSON", "persons_log_erasure"],
    ["files", "FILE", "files_log_deletion"],
    ["entity_lists", "ENTITY_LIST", "entity_lists_log_deletion"],
  ] as const) {
    triggers.push([
      name,
      `after delete on ${table}
    begin
      ${logDeletion("OLD", entityType, removedAt, "null", "null")}
    end`,
    ]);
  }
  return triggers;
}

const FEED_SEQUENCE = (row: "NEW" | "OLD") => raisedLogSequence(`${row}.tenant_uuid`, "activity_feed");
// `1`, not `true`: the erasure tests look for an erased name's trigrams in the file, the schema's text included.
const FEED_COUNTER = (row: "NEW" | "OLD", condition = "1", source = "") => raiseLogCounter(`${row}.tenant_uuid`, "activity_feed", condition, source);

function feedTriggers(removedAt: string): Array<[string, string]> {
  const listedMeeting = "item_uuid = OLD.uuid and kind = 'meeting'";
  return [
    [
      "emails_enter_activity_feed",
      `after insert on emails begin
      ${FEED_COUNTER("NEW")}
      insert into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed, sequence) values (NEW.tenant_uuid, 'email', NEW.uuid, NEW.created_at, 1, ${FEED_SEQUENCE("NEW")});
    end`,
    ],
    [
      "emails_leave_activity_feed",
      `after delete on emails begin
      delete from activity_feed where kind = 'email' and item_uuid = OLD.uuid;
      ${FEED_COUNTER("OLD", liveTenant("OLD"))}
      insert into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed, sequence)
        select OLD.tenant_uuid, 'email', OLD.uuid, ${removedAt}, 1, ${FEED_SEQUENCE("OLD")} where ${liveTenant("OLD")};
    end`,
    ],
    [
      "meetings_enter_activity_feed",
      `after insert on meetings begin
      ${FEED_COUNTER("NEW")}
      insert into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, sequence) values (NEW.tenant_uuid, 'meeting', NEW.uuid, NEW.created_at, ${FEED_SEQUENCE("NEW")});
    end`,
    ],
    [
      "meetings_leave_activity_feed",
      `after delete on meetings begin
      delete from activity_feed where kind = 'meeting' and item_uuid = OLD.uuid and not (ever_listed = 1 and ${liveTenant("OLD")});
      ${FEED_COUNTER("OLD", listedMeeting, "from activity_feed")}
      insert or replace into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed, sequence)
        select OLD.tenant_uuid, 'meeting', OLD.uuid, ${removedAt}, 1, ${FEED_SEQUENCE("OLD")} from activity_feed where ${listedMeeting};
    end`,
    ],
    [
      "meetings_move_in_activity_feed",
      `after update of updated_at on meetings begin
      ${FEED_COUNTER("NEW")}
      insert or replace into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed, sequence)
        values (NEW.tenant_uuid, 'meeting', NEW.uuid, NEW.updated_at,
          coalesce((select ever_listed from activity_feed where item_uuid = NEW.uuid and kind = 'meeting'), 0), ${FEED_SEQUENCE("NEW")});
    end`,
    ],
  ];
}

/**
 * Each trigger inserting into the activity feed or the deletions log: its name and its definition after the name, a
 * hard-deleted row's entry stamped `removedAt` (an expression of the trigger's `OLD` row; 0062's: the database's clock).
 */
export function numberedLogTriggers(removedAt = DATABASE_NOW): Array<[string, string]> {
  return [...feedTriggers(removedAt), ...deletionTriggers(removedAt)];
}
