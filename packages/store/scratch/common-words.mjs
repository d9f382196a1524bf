import Database from "better-sqlite3";
const db = new Database(process.argv[2], { readonly: true });
const T = "00000005-0000-4000-8000-000000000000";
const time = (label, sql, ...params) => {
  const st = db.prepare(sql);
  const ms = [];
  let out;
  for (let i = 0; i < 3; i++) { const t = performance.now(); out = st.all(...params); ms.push(performance.now() - t); }
  console.log(label.padEnd(40), ms.map((m) => m.toFixed(0)).join(" "), "ms", JSON.stringify(out.length === 1 ? out[0] : out.length));
};
for (const w of ["contact", "12", "company"]) {
  const p = `%${w}%`;
  time(`persons named ${w}`, `select count(*) n from persons r where r.tenant_uuid=? and r.deleted_at is null and lower(r.name) like ? escape '\\'`, T, p);
  time(`persons named ${w} (name only)`, `select count(*) n from persons r where r.tenant_uuid=? and lower(r.name) like ? escape '\\'`, T, p);
  time(`companies named ${w}`, `select count(*) n from companies r where r.tenant_uuid=? and r.deleted_at is null and lower(r.company_name) like ? escape '\\'`, T, p);
  time(`opps named ${w}`, `select count(*) n from opportunities o where o.tenant_uuid=? and o.deleted_at is null and lower(o.name) like ? escape '\\'`, T, p);
  time(`opps linked to persons named ${w}`, `select count(*) n from opportunities o where o.tenant_uuid=? and o.deleted_at is null and o.uuid in (select a.owner_uuid from associations a indexed by associations_opportunity_links where a.entity_uuid in (select r.uuid from persons r where r.tenant_uuid=? and r.deleted_at is null and lower(r.name) like ? escape '\\') and a.tenant_uuid=? and a.owner_type='OPPORTUNITY' and a.entity_type='PERSON')`, T, T, p, T);
}
time("opportunity person links", `select count(*) n from associations a where a.tenant_uuid=? and a.owner_type='OPPORTUNITY' and a.entity_type='PERSON'`, T);
time("opportunity company links", `select count(*) n from associations a where a.tenant_uuid=? and a.owner_type='OPPORTUNITY' and a.entity_type='COMPANY'`, T);
time("all links joined to person names", `select count(*) n from associations a join persons p on p.uuid=a.entity_uuid where a.tenant_uuid=? and a.owner_type='OPPORTUNITY' and a.entity_type='PERSON' and lower(p.name) like '%contact%'`, T);
