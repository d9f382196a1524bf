/**
 * Migration 0085: the rows the company tag filters read (`company_tags`) in the one form writes give them since
 * 2026-12-07, each tag's `tagKey` (its compatibility form, every letter's case as Unicode folds it), where rows written
 * before hold its lower case (`toLowerCase`): "Υγεία" as "υγεία" (its key "υγεια"), "İzmir" as "i̇zmir", "ＡＩ" as
 * "ａｉ". Until then a filter sought both forms of each tag it was given. The rows of the companies whose tag lists
 * hold a character other than printable ASCII (the only tags whose two forms differ) are written again from the lists,
 * as a write of a list writes them; a deleted tenant's are left (they refuse writes, migration 0031). Nothing a client
 * reads changes, so no change time moves.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { tagKey } from "../../repositories/tag-key.js";

/** The tag kinds of `company_tags`, by the company column listing them (as `TAG_FIELDS` of the company repository). */
const TAG_COLUMNS = [
  ["industry", "service_industry_tags"],
  ["investor_type", "investor_types"],
  ["npi_type", "npi_types"],
] as const;

/** A tag list holding a character other than printable ASCII (in its JSON text: JSON.stringify leaves them raw). */
const notAscii = (column: string) => sql`c.${sql.ref(column)} glob '*[^ -~]*'`;

export const companyTagKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<Record<string, string | null> & { uuid: string; tenant_uuid: string }>`select c.uuid, c.tenant_uuid,
        ${sql.join(TAG_COLUMNS.map(([, column]) => sql.ref(`c.${column}`)))}
      from companies c join tenants t on t.uuid = c.tenant_uuid and t.deleted_at is null
      where ${sql.join(TAG_COLUMNS.map(([, column]) => notAscii(column)), sql` or `)}`.execute(db);
    for (const row of rows) {
      for (const [kind, column] of TAG_COLUMNS) {
        const tags = JSON.parse(row[column] ?? "[]") as unknown;
        if (!Array.isArray(tags)) continue;
        const values = [...new Set(tags.filter((tag): tag is string => typeof tag === "string").map(tagKey).filter(Boolean))];
        await sql`delete from company_tags where company_uuid = ${row.uuid} and kind = ${kind}`.execute(db);
        for (const value of values) {
          await sql`insert into company_tags (tenant_uuid, company_uuid, kind, value) values (${row.tenant_uuid}, ${row.uuid}, ${kind}, ${value})`.execute(db);
        }
      }
    }
  },
};
