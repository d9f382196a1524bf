import Database from "better-sqlite3";
const db = new Database(process.argv[2]);
let t = performance.now();
db.exec(`drop table if exists opportunity_search_documents; create table opportunity_search_documents (tenant_uuid text not null, opportunity_uuid text not null, document text not null, primary key (tenant_uuid, opportunity_uuid)) without rowid`);
db.prepare(`insert into opportunity_search_documents (opportunity_uuid, tenant_uuid, document)
  select o.uuid, o.tenant_uuid, o.name || coalesce((select group_concat(char(10) || p.name, '') from associations a join persons p on p.uuid = a.entity_uuid
     where a.tenant_uuid = o.tenant_uuid and a.owner_type='OPPORTUNITY' and a.owner_uuid = o.uuid and a.entity_type='PERSON' and p.tenant_uuid=o.tenant_uuid and p.deleted_at is null), '')
   || coalesce((select group_concat(char(10) || c.company_name, '') from associations a join companies c on c.uuid = a.entity_uuid
     where a.tenant_uuid = o.tenant_uuid and a.owner_type='OPPORTUNITY' and a.owner_uuid = o.uuid and a.entity_type='COMPANY' and c.tenant_uuid=o.tenant_uuid and c.deleted_at is null), '')
  from opportunities o where o.deleted_at is null`).run();
console.log("built", (performance.now() - t).toFixed(0), "ms");
