/**
 * Migration 0056: text stored before the control-character rule (2026-12-05) is cleaned by it. Until then a name
 * could hold an escape sequence or a line break, and a client that read such a record and wrote it back (a
 * read-modify-write) was refused a value it never typed. Each value a client writes back is cleaned as an import
 * cleans it (`takeOutControlCharacters`): in one-line text a run of tabs and line breaks becomes one space, other
 * controls go and the result is trimmed; multi-line text loses the controls it may not hold and keeps its layout.
 * A nullable value left blank becomes null; a required one left blank is kept as it was (there is nothing to put in
 * its place). Tags and custom field choices are labels (one line; one that cleans to a label listed before goes); a custom field
 * value is cleaned as its field's type is (text multi-line, choices one line), so a chosen value still names its
 * cleaned choice.
 *
 * Each table is read once, a page of rows at a time in rowid order, and only rows holding such a character are
 * rewritten: the test is JavaScript's regular expression, about 15 times faster than SQLite's `GLOB '*[...]*'`
 * over long text (email bodies: 14 s against 0.8 s for 300 MB), and a page's text is all the memory holds. Each
 * record's change time moves, so a poller of `updated_after` (or `modified_since`) fetches the cleaned value, as
 * migration 0049 did. Emails have no change time: one whose subject or kept body is cleaned takes a new place in
 * the activity feed, as any email a write changes does. A link's context shows on the opportunities, notes and tasks
 * on either side of it: theirs moves too. The triggers on each table (generations, name search notes, person changes) follow as for any
 * write. A deleted tenant's rows are left (they take no write; a purge removes them). Keys and matched values are left as they are: email addresses, domains, LinkedIn addresses (whose key is
 * derived), Message-IDs, a meeting's external id and custom field keys identify a record, and cleaning one could
 * make it another's; their own checks refused spaces and controls in most of them before the rule.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { refusedCharacter, takeOutControlCharacters, type TextLayout } from "../../control-character.js";

/** A column to clean: its text layout, and whether it holds a JSON list of labels rather than text. */
interface CleanedColumn {
  column: string;
  layout: TextLayout;
  labels?: true;
}

/** A table's cleaned columns, the key its rows are rewritten by, and the column its change time is (if any). */
interface CleanedTable {
  table: string;
  key: string;
  changedAt: "updated_at" | "service_updated_at" | null;
  columns: CleanedColumn[];
}

const oneLine = (...columns: string[]): CleanedColumn[] => columns.map((column) => ({ column, layout: "one line" }));
const multiLine = (...columns: string[]): CleanedColumn[] => columns.map((column) => ({ column, layout: "multi-line" }));
const labels = (...columns: string[]): CleanedColumn[] => columns.map((column) => ({ column, layout: "one line", labels: true }));

/** The company text fields written one line (all but the description, the domain aside). */
const COMPANY_ONE_LINE = [
  "company_name", "acquisition_status", "business_model", "city", "company_type", "country", "email", "employee_count",
  "facebook_url", "ipo_status", "linkedin_url", "logo_url", "operating_status", "phone", "region", "sector", "state",
  "street_address", "thesis_area", "twitter_url", "website", "year_founded", "last_investment_type",
  "last_investment_date", "npi_date",
];

const TABLES: CleanedTable[] = [
  { table: "tenants", key: "uuid", changedAt: null, columns: oneLine("name") },
  { table: "users", key: "uuid", changedAt: "updated_at", columns: oneLine("name") },
  { table: "api_keys", key: "uuid", changedAt: null, columns: oneLine("label") },
  {
    table: "persons",
    key: "uuid",
    changedAt: "service_updated_at",
    columns: [
      ...oneLine("first_name", "last_name", "name", "job_title", "twitter_url", "facebook_url", "logo_url", "city", "state", "country"),
      ...labels("tags"),
    ],
  },
  {
    table: "companies",
    key: "uuid",
    changedAt: "service_updated_at",
    columns: [...oneLine(...COMPANY_ONE_LINE), ...multiLine("description"), ...labels("service_industry_tags", "investor_types", "npi_types")],
  },
  { table: "affiliations", key: "uuid", changedAt: "updated_at", columns: oneLine("title") },
  { table: "entity_lists", key: "uuid", changedAt: "updated_at", columns: oneLine("name") },
  { table: "opportunity_types", key: "uuid", changedAt: "updated_at", columns: [...oneLine("label", "label_plural", "sub_label", "sub_label_plural"), ...multiLine("description")] },
  { table: "opportunity_stages", key: "uuid", changedAt: "updated_at", columns: oneLine("name") },
  { table: "opportunity_custom_fields", key: "uuid", changedAt: "updated_at", columns: [...oneLine("name"), ...labels("choices")] },
  { table: "opportunities", key: "uuid", changedAt: "updated_at", columns: [...oneLine("name"), ...multiLine("details", "next_step")] },
  { table: "associations", key: "uuid", changedAt: "updated_at", columns: multiLine("context") },
  { table: "notes", key: "uuid", changedAt: "updated_at", columns: [...oneLine("title"), ...multiLine("content")] },
  { table: "tasks", key: "uuid", changedAt: "updated_at", columns: [...oneLine("title"), ...multiLine("description")] },
  { table: "meetings", key: "uuid", changedAt: "updated_at", columns: oneLine("title", "location") },
  { table: "emails", key: "uuid", changedAt: null, columns: multiLine("subject") },
  { table: "email_bodies", key: "email_uuid", changedAt: null, columns: multiLine("body_text") },
];

/** The records that list their links (either side), by their type in `associations`. */
const LINKED_TABLES: Record<string, string> = { OPPORTUNITY: "opportunities", NOTE: "notes", TASK: "tasks" };

/** The company tag kinds kept in `company_tags` for filtering, by the column of the company that lists them. */
const COMPANY_TAG_KINDS: Record<string, string> = { service_industry_tags: "industry", investor_types: "investor_type", npi_types: "npi_type" };

type Row = Record<string, unknown>;

/** Rows read at a time: a page of a table is all the text memory holds (each email body, up to the import's bound). */
const PAGE_ROWS = 500;

/** Whether `value`, `column`'s text (JSON text for a list), may hold a refused character: what picks a row to clean. */
function mayHold({ layout, labels: isList }: CleanedColumn, value: unknown): boolean {
  if (typeof value !== "string") return false;
  // JSON writes C0 escaped (`\n`, `\u001b`), so a list is read when it holds a backslash; DEL, C1 and the
  // separators it writes as they are.
  return refusedCharacter(value, layout) !== null || (isList === true && value.includes("\\"));
}

/**
 * The rows of `table` (`selection`: what to select of each), read a page at a time in rowid order. The migration
 * rewrites rows by key as it goes; an update keeps a row's rowid, so no row is read twice or missed.
 */
async function* rowsOf(db: Kysely<unknown>, table: string, selection: string): AsyncGenerator<Row> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<Row>`select rowid as page_position, ${sql.raw(selection)} from ${sql.table(table)}
      where rowid > ${after} order by rowid limit ${PAGE_ROWS}`.execute(db);
    if (rows.length === 0) return;
    yield* rows;
    after = Number(rows[rows.length - 1]!["page_position"]);
  }
}

/** The value JSON text `text` holds, or undefined when it is not JSON: such a value is left as it is. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `labelsText`'s labels cleaned one line, blanks dropped, and a label that cleans to one listed before dropped (only
 * exact repeats: choices that differ by case were distinct before and stay so).
 */
function cleanLabels(labelsText: string): string {
  const list = parsed(labelsText);
  if (!Array.isArray(list)) return labelsText;
  const labels = list.map((label) => (typeof label === "string" ? takeOutControlCharacters(label, "one line") : label));
  return JSON.stringify([...new Set(labels.filter((label) => label !== ""))]);
}

/** The value `column` of `row` is to hold, or undefined when it stays as it is. */
function cleaned(row: Row, column: CleanedColumn, required: boolean): string | null | undefined {
  const value = row[column.column];
  if (typeof value !== "string") return undefined;
  if (column.labels) {
    const labelsText = cleanLabels(value);
    return labelsText === value ? undefined : labelsText;
  }
  const text = takeOutControlCharacters(value, column.layout);
  if (text === value) return undefined;
  if (/\S/.test(text)) return text;
  return required ? undefined : null;
}

/** An opportunity's custom field values, cleaned as each field's type is written: text multi-line, choices one line. */
function cleanCustomFieldValues(valuesText: string, fieldTypes: ReadonlyMap<string, string>): string {
  const stored = parsed(valuesText);
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return valuesText;
  const values = stored as Record<string, unknown>;
  for (const [fieldUuid, value] of Object.entries(values)) {
    const type = fieldTypes.get(fieldUuid);
    if (type === "text" && typeof value === "string") values[fieldUuid] = takeOutControlCharacters(value, "multi-line");
    else if (type === "single_select" && typeof value === "string") values[fieldUuid] = takeOutControlCharacters(value, "one line");
    else if (type === "multi_select" && Array.isArray(value)) {
      values[fieldUuid] = [...new Set(value.map((item) => (typeof item === "string" ? takeOutControlCharacters(item, "one line") : item)))];
    }
  }
  return JSON.stringify(values);
}

export const controlCharactersTakenOutMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const changedAt = Date.now();
    // A deleted tenant's rows take no write (migration 0031's triggers); a purge removes them.
    const deletedTenants = new Set(
      (await sql<{ uuid: string }>`select uuid from tenants where deleted_at is not null`.execute(db)).rows.map((tenant) => tenant.uuid),
    );
    const rewrittenPersons = new Set<string>();
    const rewrittenEmails = new Set<string>();
    const rewrittenLinkSides = new Map<string, string>();
    for (const { table, key, changedAt: changedAtColumn, columns } of TABLES) {
      const required = new Set(
        (await sql<{ name: string; notnull: number }>`select name, "notnull" from pragma_table_info(${table})`.execute(db)).rows
          .filter((column) => column.notnull)
          .map((column) => column.name),
      );
      const names = columns.map(({ column }) => `"${column}"`).join(", ");
      const extra =
        table === "tenants"
          ? ", uuid as tenant_uuid"
          : table === "affiliations"
            ? ", person_uuid, tenant_uuid"
            : table === "associations"
              ? ", owner_type, owner_uuid, entity_type, entity_uuid, tenant_uuid"
              : ", tenant_uuid";
      for await (const row of rowsOf(db, table, `"${key}" as row_key${extra}, ${names}`)) {
        if (!columns.some((column) => mayHold(column, row[column.column]))) continue;
        if (deletedTenants.has(row["tenant_uuid"] as string)) continue;
        const changes: Row = {};
        for (const column of columns) {
          const value = cleaned(row, column, required.has(column.column));
          if (value !== undefined) changes[column.column] = value;
        }
        if (Object.keys(changes).length === 0) continue;
        if (changedAtColumn) changes[changedAtColumn] = changedAt;
        const assignments = Object.keys(changes).map((column) => sql`${sql.ref(column)} = ${changes[column]}`);
        await sql`update ${sql.table(table)} set ${sql.join(assignments)} where ${sql.ref(key)} = ${row["row_key"]}`.execute(db);
        if (table === "affiliations") rewrittenPersons.add(`${row["tenant_uuid"]}\n${row["person_uuid"]}`);
        if (table === "emails" || table === "email_bodies") rewrittenEmails.add(`${row["tenant_uuid"]}\n${row["row_key"]}`);
        if (table === "associations") {
          rewrittenLinkSides.set(row["owner_uuid"] as string, row["owner_type"] as string);
          rewrittenLinkSides.set(row["entity_uuid"] as string, row["entity_type"] as string);
        }
        if (table === "companies") await rewriteCompanyTags(db, row, changes);
      }
    }
    // An affiliation's title shows on its person's record.
    for (const entry of rewrittenPersons) {
      const [tenantUuid, personUuid] = entry.split("\n");
      await sql`update persons set service_updated_at = ${changedAt} where tenant_uuid = ${tenantUuid} and uuid = ${personUuid}`.execute(db);
    }
    // An email's cleaned subject or body: pollers of the activity feed read it again (as migration 0057 does).
    for (const entry of rewrittenEmails) {
      const [tenantUuid, emailUuid] = entry.split("\n");
      await sql`insert or replace into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed)
        values (${tenantUuid}, 'email', ${emailUuid}, ${changedAt}, 1)`.execute(db);
    }
    // A link's cleaned context: the live opportunities, notes and tasks that list it are written again.
    for (const [uuid, type] of rewrittenLinkSides) {
      const linked = LINKED_TABLES[type];
      if (linked) await sql`update ${sql.table(linked)} set updated_at = ${changedAt} where uuid = ${uuid} and deleted_at is null`.execute(db);
    }
    await cleanOpportunityCustomFieldValues(db, changedAt, deletedTenants);
  },
};

/** The `company_tags` rows of the company `row`, for each tag list `changes` rewrites: its labels, lower-cased. */
async function rewriteCompanyTags(db: Kysely<unknown>, row: Row, changes: Row): Promise<void> {
  for (const [column, kind] of Object.entries(COMPANY_TAG_KINDS)) {
    if (changes[column] === undefined) continue;
    await sql`delete from company_tags where company_uuid = ${row["row_key"]} and kind = ${kind}`.execute(db);
    const values = [...new Set((JSON.parse(changes[column] as string) as string[]).map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
    for (const value of values) {
      await sql`insert into company_tags (tenant_uuid, company_uuid, kind, value) values (${row["tenant_uuid"]}, ${row["row_key"]}, ${kind}, ${value})`.execute(db);
    }
  }
}

/** Custom field values of opportunities holding a refused character, cleaned by their field's type. */
async function cleanOpportunityCustomFieldValues(db: Kysely<unknown>, changedAt: number, deletedTenants: ReadonlySet<string>): Promise<void> {
  const fields = (await sql<{ uuid: string; type: string }>`select uuid, type from opportunity_custom_fields`.execute(db)).rows;
  const fieldTypes = new Map(fields.map((field) => [field.uuid, field.type]));
  const column: CleanedColumn = { column: "custom_fields", layout: "one line", labels: true };
  for await (const row of rowsOf(db, "opportunities", "uuid, tenant_uuid, custom_fields")) {
    if (!mayHold(column, row["custom_fields"]) || deletedTenants.has(row["tenant_uuid"] as string)) continue;
    const values = cleanCustomFieldValues(row["custom_fields"] as string, fieldTypes);
    if (values === row["custom_fields"]) continue;
    await sql`update opportunities set custom_fields = ${values}, updated_at = ${changedAt} where uuid = ${row["uuid"]}`.execute(db);
  }
}
