import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import type { Database } from "../src/database-schema.js";
import { searchCondition } from "../src/repositories/opportunity-list-query.js";
import { countIndexedNameMatches } from "../src/repositories/name-search.js";
const sqlite = new SqliteDatabase(process.argv[2]!, { readonly: true });
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
const T = "00000005-0000-4000-8000-000000000000";
for (const word of ["99999", "9999", "999", "1234", "123", "company"]) {
  const counts = await Promise.all((["PERSON", "COMPANY", "OPPORTUNITY"] as const).map((kind) => countIndexedNameMatches(db, kind, word, 1e9)));
  const time = async (plan: Parameters<typeof searchCondition>[2]) => {
    const q = db.selectFrom("opportunities as o").select([sql<number>`count(*)`.as("n"), sql<number>`sum(o.value)`.as("v")]).where("o.tenant_uuid", "=", T).where("o.deleted_at", "is", null).where(searchCondition(T, word, plan));
    const ms: number[] = [];
    let n = 0;
    for (let i = 0; i < 4; i++) { const t = performance.now(); n = (await q.executeTakeFirst())!.n; ms.push(performance.now() - t); }
    ms.sort((a, b) => a - b);
    return `${ms[1]!.toFixed(1)} ms (${n})`;
  };
  console.log(word.padEnd(8), "index matches", counts.join("/"), "| driven", await time({ reads: "documents", drivingWord: word }), "| documents", await time({ reads: "documents" }));
}
await db.destroy();
