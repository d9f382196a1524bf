import Database from "better-sqlite3";
const db = new Database(process.argv[2], { readonly: true });
const T = "00000005-0000-4000-8000-000000000000";
for (const [label, sql] of [["docs", "select count(*) from opportunity_search_documents where tenant_uuid = ?"], ["docs capped 20k", "select count(*) from (select 1 from opportunity_search_documents where tenant_uuid = ? limit 20000)"], ["live totals index", "select count(*) from opportunities where tenant_uuid = ? and deleted_at is null"]]) {
  const st = db.prepare(sql).pluck();
  const ms = [];
  let n;
  for (let i = 0; i < 5; i++) { const t = performance.now(); n = st.get(T); ms.push(performance.now() - t); }
  console.log(label, n, ms.map((m) => m.toFixed(2)).join(" "));
}
