import Database from "better-sqlite3";
const db = new Database(process.argv[2], { readonly: true });
const T = "00000005-0000-4000-8000-000000000000";
const time = (label, sql, params) => {
  const st = db.prepare(sql); const ms = []; let out;
  for (let i = 0; i < 3; i++) { const t = performance.now(); out = st.all(params); ms.push(performance.now() - t); }
  console.log(label.padEnd(34), ms.map((m) => m.toFixed(0)).join(" "), "ms", JSON.stringify(out.length === 1 ? out[0] : out.length));
  if (process.env.PLAN) console.log("  ", db.prepare("explain query plan " + sql).all(params).map((r) => r.detail).join("; "));
};
for (const search of ["contact 12", "company", "12", "company 123"]) {
  const words = search.split(" ");
  const params = { T }; words.forEach((w, i) => (params[`p${i}`] = `%${w}%`));
  const like = words.map((_, i) => `d.document like @p${i} escape '\\'`).join(" and ");
  const matched = `select d.opportunity_uuid from opportunity_search_documents d where d.tenant_uuid = @T and ${like}`;
  time(`${search}: scan only`, `select count(*) n from opportunity_search_documents d where d.tenant_uuid = @T and ${like}`, params);
  time(`${search}: totals (o.uuid in)`, `select count(*) n, sum(o.value) v from opportunities o where o.tenant_uuid=@T and o.deleted_at is null and o.uuid in (${matched})`, params);
  time(`${search}: totals (join)`, `select count(*) n, sum(o.value) v from opportunity_search_documents d join opportunities o on o.uuid = d.opportunity_uuid where d.tenant_uuid=@T and ${like} and o.tenant_uuid=@T and o.deleted_at is null`, params);
  time(`${search}: page by created_at`, `select o.* from opportunities o where o.tenant_uuid=@T and o.deleted_at is null and o.uuid in (${matched}) order by o.created_at, o.uuid limit 25`, params);
}
