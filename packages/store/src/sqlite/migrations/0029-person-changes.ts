/**
 * Migration 0029: which person each raise of the `persons` generation (migration 0009) was about. The store
 * remembers person records, display records and cards per tenant until that generation moves; it emptied
 * them all on every move, so a sync creating new contacts made every later read of any person go to the
 * database again. With this log it drops only the persons written since (decision 0005, "Later: persons
 * dropped one by one").
 *
 * - The triggers of migration 0009 are replaced by ones that raise the generation as before and log
 *   `(tenant_uuid, generation, person_uuid)`: the person row itself, or the person an email or affiliation
 *   row belongs to (both persons when an update moves the row, as a merge does). A company's insert,
 *   rename, new logo or deletion can change the display of every person at it: it logs a null person, which
 *   means every person.
 * - The log keeps at least the tenant's last `PERSON_CHANGES_KEPT` generations: every 256th generation
 *   deletes what is older (one delete rather than one per write). A reader further behind than that starts
 *   over, as it did before.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { raiseStatements } from "./generation-triggers.js";

/** Generations of the `persons` scope whose changes the log keeps per tenant. */
export const PERSON_CHANGES_KEPT = 4096;

/** How often (in generations) the log drops what is older than its window. */
const PRUNE_EVERY = 256;

const generationOf = (tenant: string) => `(select generation from change_generations where tenant_uuid = ${tenant} and scope = 'persons')`;

/** A person a trigger logs: an SQL expression of the row (null: every person), and when to log it. */
interface LoggedPerson {
  person: string;
  when?: string;
}

/** Raises the `persons` generation of the row's tenant and logs `persons` under the new generation. */
function raiseAndLog(name: string, event: string, table: string, row: "NEW" | "OLD", persons: readonly LoggedPerson[]) {
  const tenant = `${row}.tenant_uuid`;
  const logs = persons.map(
    ({ person, when }) =>
      `insert into person_changes (tenant_uuid, generation, person_uuid) select ${tenant}, ${generationOf(tenant)}, ${person}${when ? ` where ${when}` : ""};`,
  );
  return sql.raw(`
    create trigger ${name} after ${event} on ${table} begin
      ${raiseStatements(tenant, "persons")}
      ${logs.join("\n      ")}
    end`);
}

const everyPerson: LoggedPerson = { person: "null" };

export const personChangesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table person_changes (
        tenant_uuid text not null,
        generation integer not null,
        person_uuid text
      )`.execute(db);
    await sql`create index person_changes_by_generation on person_changes (tenant_uuid, generation)`.execute(db);
    // Pruned every PRUNE_EVERY generations rather than at each: the rows past the window go in one delete.
    await sql
      .raw(
        `create trigger person_changes_prune after insert on person_changes when NEW.generation % ${PRUNE_EVERY} = 0 begin
          delete from person_changes where tenant_uuid = NEW.tenant_uuid and generation <= NEW.generation - ${PERSON_CHANGES_KEPT};
        end`,
      )
      .execute(db);
    for (const table of ["persons", "person_emails", "affiliations", "companies"]) {
      for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger ${table}_raise_persons_on_${event}`).execute(db);
    }
    const triggers = [
      raiseAndLog("persons_raise_persons_on_insert", "insert", "persons", "NEW", [{ person: "NEW.uuid" }]),
      raiseAndLog("persons_raise_persons_on_update", "update", "persons", "NEW", [{ person: "NEW.uuid" }]),
      raiseAndLog("persons_raise_persons_on_delete", "delete", "persons", "OLD", [{ person: "OLD.uuid" }]),
      ...["person_emails", "affiliations"].flatMap((table) => [
        raiseAndLog(`${table}_raise_persons_on_insert`, "insert", table, "NEW", [{ person: "NEW.person_uuid" }]),
        // A moved row (a merge moves the duplicate's emails and affiliations) changes the person it left too.
        raiseAndLog(`${table}_raise_persons_on_update`, "update", table, "NEW", [
          { person: "NEW.person_uuid" },
          { person: "OLD.person_uuid", when: "OLD.person_uuid is not NEW.person_uuid" },
        ]),
        raiseAndLog(`${table}_raise_persons_on_delete`, "delete", table, "OLD", [{ person: "OLD.person_uuid" }]),
      ]),
      raiseAndLog("companies_raise_persons_on_insert", "insert", "companies", "NEW", [everyPerson]),
      raiseAndLog("companies_raise_persons_on_update", "update of company_name, logo_url, deleted_at", "companies", "NEW", [everyPerson]),
      raiseAndLog("companies_raise_persons_on_delete", "delete", "companies", "OLD", [everyPerson]),
    ];
    for (const trigger of triggers) await trigger.execute(db);
  },
};
