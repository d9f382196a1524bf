import Database from "better-sqlite3";
const db = new Database(process.argv[2], { readonly: true });
const T = "00000005-0000-4000-8000-000000000000";
const words = (process.argv[3] ?? "contact 12").split(" ");
const linked = (kind, table, col) => `o.uuid in (select a.owner_uuid from associations a indexed by associations_opportunity_links where a.entity_uuid in (select r.uuid from ${table} r where r.tenant_uuid=@T and r.deleted_at is null and lower(r.${col}) like @p{i} escape '\\') and a.tenant_uuid=@T and a.owner_type='OPPORTUNITY' and a.entity_type='${kind}')`;
const word = (i, withName = true) => `(${withName ? `lower(o.name) like @p${i} escape '\\' or ` : ""}${linked("PERSON", "persons", "name")} or ${linked("COMPANY", "companies", "company_name")})`.replaceAll("{i}", String(i));
const params = { T }; words.forEach((w, i) => (params[`p${i}`] = `%${w}%`));
const time = (label, sql) => {
  const st = db.prepare(sql);
  const ms = []; let out;
  for (let i = 0; i < 3; i++) { const t = performance.now(); out = st.all(params); ms.push(performance.now() - t); }
  console.log(label.padEnd(30), ms.map((m) => m.toFixed(0)).join(" "), "ms", JSON.stringify(out.length === 1 ? out[0] : out.length));
  if (process.env.PLAN) console.log("  ", db.prepare("explain query plan " + sql).all(params).map((r) => r.detail).join("; "));
};
const where = (withName) => words.map((_, i) => word(i, withName)).join(" and ");
time("totals", `select count(*) n, sum(o.value) v from opportunities o where o.tenant_uuid=@T and o.deleted_at is null and ${where(true)}`);
time("totals without o.name", `select count(*) n, sum(o.value) v from opportunities o where o.tenant_uuid=@T and o.deleted_at is null and ${where(false)}`);
time("bare totals", `select count(*) n, sum(o.value) v from opportunities o where o.tenant_uuid=@T and o.deleted_at is null`);
time("bare totals reading name", `select count(*) n, sum(o.value) v, max(length(o.name)) from opportunities o where o.tenant_uuid=@T and o.deleted_at is null`);
time("uuids only", `select o.uuid from opportunities o where o.tenant_uuid=@T and o.deleted_at is null and ${where(true)}`);
