/**
 * Measurement 5b: `GET /v1/opportunities` with three filters (type, three owners, minimum value)
 * sorted by owner and by stage (computed sorts the spec calls costly), through the whole app
 * in-process, against hand-written SQL of the same list query: the filtered, sorted page of rows
 * with their type, stage and owner, the totals over the filtered set, and the page's associations
 * with their names. The app also shows each associated person's and company's last activity, read
 * from the tenant's graph; hand-written SQL for that part is timed apart and reported as a figure.
 */
import SqliteDatabase from "better-sqlite3";
import type { AppClient } from "./persons-list.js";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import { createRandom } from "../random.js";
import { BENCH_NOW, type SyntheticTenant } from "../generate-tenant.js";
import { summarize, timeEach } from "../statistics.js";

const PER_PAGE = 50;
const VALUE_FROM = 100_000;

const FILTERED = `from opportunities o
  where o.tenant_uuid = @tenant and o.deleted_at is null and o.type_uuid = @type
    and o.owner_user_uuid in (select value from json_each(@owners)) and o.value >= @value_from`;

const ORDER = {
  owner: "(owner_sort is null), owner_sort, o.uuid",
  stage: "stage_position, o.uuid",
} as const;

/** `owner_sort`: the user's alphabetical key the store writes with the name (store migration 0080), as the app sorts. */
const pageSql = (sortBy: keyof typeof ORDER) => `
select o.*, t.label as type_label, s.name as stage_name, s.position as stage_position, u.name as owner_name, u.name_sort_key as owner_sort
from opportunities o
join opportunity_types t on t.uuid = o.type_uuid
join opportunity_stages s on s.uuid = o.stage_uuid
left join users u on u.uuid = o.owner_user_uuid
where o.uuid in (select o.uuid ${FILTERED})
order by ${ORDER[sortBy]} limit @limit offset @offset`;

const TOTALS_SQL = `select count(*) as total, sum(o.value) as total_value, sum(o.weighted_value) as total_weighted_value ${FILTERED}`;

/** The page's person and company associations with their names (`@page`: the page's opportunity uuids as JSON). */
export const ASSOCIATIONS_SQL = `
select a.owner_uuid, a.entity_type, a.entity_uuid, coalesce(p.name, c.company_name) as name
from associations a
left join persons p on a.entity_type = 'PERSON' and p.uuid = a.entity_uuid and p.deleted_at is null
left join companies c on a.entity_type = 'COMPANY' and c.uuid = a.entity_uuid and c.deleted_at is null
where a.tenant_uuid = @tenant and a.owner_type = 'OPPORTUNITY' and a.owner_uuid in (select value from json_each(@page))
  and a.entity_type in ('PERSON', 'COMPANY')`;

/** Last past activity of persons (`@persons`) and of companies (`@companies`, over their current people). */
const ACTIVITY_SQL = `
with people(person_uuid, company_uuid) as (
  select value, null from json_each(@persons)
  union all
  select af.person_uuid, af.company_uuid from affiliations af
  where af.tenant_uuid = @tenant and af.is_current = 1 and af.company_uuid in (select value from json_each(@companies))
),
latest(person_uuid, at) as (
  select p.person_uuid, max(e.sent_at) from email_participants p join emails e on e.uuid = p.email_uuid
  where p.tenant_uuid = @tenant and p.person_uuid in (select person_uuid from people) and e.sent_at <= @now group by p.person_uuid
  union all
  select a.person_uuid, max(m.starts_at) from meeting_attendees a join meetings m on m.uuid = a.meeting_uuid
  where a.tenant_uuid = @tenant and a.person_uuid in (select person_uuid from people) and a.response <> 'declined'
    and m.deleted_at is null and m.status = 'confirmed' and m.starts_at <= @now group by a.person_uuid
)
select coalesce(people.company_uuid, people.person_uuid) as entity, max(latest.at) as last_activity_at
from people join latest on latest.person_uuid = people.person_uuid group by entity`;

export async function measureOpportunitiesList(
  app: AppClient,
  apiKey: string,
  databasePath: string,
  tenant: SyntheticTenant,
  samples: number,
): Promise<MeasurementResult[]> {
  const random = createRandom(17);
  const owners = tenant.userUuids.slice(0, 3);
  const type = tenant.opportunityTypes[0]!.uuid;
  const database = new SqliteDatabase(databasePath, { readonly: true });
  const results: MeasurementResult[] = [];
  try {
    const filters = { tenant: tenant.tenantUuid, type, owners: JSON.stringify(owners), value_from: VALUE_FROM };
    const matching = (database.prepare(TOTALS_SQL).get(filters) as { total: number }).total;
    const lastPage = Math.max(1, Math.ceil(matching / PER_PAGE));
    const pages = Array.from({ length: samples }, () => random.integer(1, Math.min(lastPage, 20)));
    const totals = database.prepare(TOTALS_SQL);
    const associations = database.prepare(ASSOCIATIONS_SQL);
    const activity = database.prepare(ACTIVITY_SQL);
    for (const sortBy of ["owner", "stage"] as const) {
      const query = `opportunity_type_uuid=${type}&owner_user_uuid=${owners.join(",")}&value_from=${VALUE_FROM}&sort_by=${sortBy}&per_page=${PER_PAGE}`;
      const subject = summarize(
        await timeEach(pages, async (page) => {
          const response = await app.request(`/v1/opportunities?${query}&page=${page}`, { headers: { "x-api-key": apiKey } });
          if (response.status !== 200) throw new Error(`GET /v1/opportunities answered ${response.status}: ${await response.text()}`);
          await response.json();
        }),
      );
      const pageQuery = database.prepare(pageSql(sortBy));
      const pageLinks = new Map<number, Array<{ entity_type: string; entity_uuid: string }>>();
      const baseline = summarize(
        await timeEach(pages, (page) => {
          const rows = pageQuery.all({ ...filters, limit: PER_PAGE, offset: (page - 1) * PER_PAGE }) as Array<{ uuid: string }>;
          const sums = totals.get(filters);
          const links = associations.all({ tenant: tenant.tenantUuid, page: JSON.stringify(rows.map((row) => row.uuid)) }) as Array<{
            entity_type: string;
            entity_uuid: string;
          }>;
          JSON.stringify({ rows, sums, links });
          pageLinks.set(page, links);
        }),
      );
      // Apart, untimed above: what the live last activity of the page's associations costs in SQL.
      const of = (links: Array<{ entity_type: string; entity_uuid: string }>, kind: string) =>
        JSON.stringify(links.filter((link) => link.entity_type === kind).map((link) => link.entity_uuid));
      const activityMs = await timeEach(
        [...pageLinks.values()],
        (links) => activity.all({ tenant: tenant.tenantUuid, persons: of(links, "PERSON"), companies: of(links, "COMPANY"), now: BENCH_NOW }),
        0,
      );
      const speedRatio = speedRatioOf(subject, baseline);
      results.push({
        id: `opportunities-${sortBy}`,
        title: `GET /v1/opportunities, 3 filters, sort_by=${sortBy}`,
        subject: { label: "the app in-process", summary: subject },
        baseline: { label: "hand-written SQL of the list query (page rows, totals, associations)", summary: baseline },
        speedRatio,
        targets: [{ description: "<= 2x the hand-written SQL", met: subject.medianMs <= 2 * baseline.medianMs }],
        figures: {
          matchingOpportunities: matching,
          timesTheSql: subject.medianMs / baseline.medianMs,
          liveLastActivitySqlMedianMs: summarize(activityMs).medianMs,
        },
        notes: [
          `filters: type, 3 owners, value >= ${VALUE_FROM}; ${PER_PAGE} per page, random pages 1-${Math.min(lastPage, 20)}`,
          "liveLastActivitySqlMedianMs: hand-written SQL for the associated persons' and companies' last activity (every person at each company), which the app reads from the tenant's graph and the baseline leaves out",
        ],
      });
    }
  } finally {
    database.close();
  }
  return results;
}
