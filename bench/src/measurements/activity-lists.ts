/**
 * The activity lists, `GET /v1/persons/{uuid}/activity` and `GET /v1/companies/{uuid}/activity` (the first page
 * of 50, through the app in-process), against hand-written SQL of the same page: the subject's emails and
 * confirmed meetings found through their participants and joined to their rows, newest first, with the
 * total and the page's participants. A company's subjects are its current members (the app lists its people within
 * their tenures; the synthetic tenant's are current and undated, so the two agree). Each side is timed after
 * an untimed pass over the same subjects, so that neither pays the other's first reads of the file.
 */
import SqliteDatabase from "better-sqlite3";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import type { SyntheticTenant } from "../generate-tenant.js";
import { summarize, timeEach } from "../statistics.js";
import { distinctTargets } from "../targets.js";
import type { AppClient } from "./persons-list.js";

const PER_PAGE = 50;

/** The subjects' activity, each interaction once; `people` is the statement that lists the subjects. */
const activitySql = (people: string) => `
with people(person_uuid) as (${people}),
activity as (
  select distinct 'email' as kind, e.uuid as uuid, e.sent_at as occurred_at, e.subject as title
  from email_participants p join emails e on e.uuid = p.email_uuid
  where p.tenant_uuid = @tenant and p.person_uuid in (select person_uuid from people)
  union all
  select distinct 'meeting', m.uuid, m.starts_at, m.title
  from meeting_attendees a join meetings m on m.uuid = a.meeting_uuid
  where a.tenant_uuid = @tenant and a.person_uuid in (select person_uuid from people) and a.response <> 'declined'
    and m.deleted_at is null and m.status = 'confirmed'
)`;

const PERSON_PEOPLE = "select @subject";
const COMPANY_PEOPLE = "select person_uuid from affiliations where tenant_uuid = @tenant and company_uuid = @subject and is_current = 1";

const PARTICIPANTS_SQL = `
select email_uuid as uuid, person_uuid from email_participants where email_uuid in (select value from json_each(@uuids))
union all
select meeting_uuid, person_uuid from meeting_attendees where meeting_uuid in (select value from json_each(@uuids)) and response <> 'declined'`;

export interface ActivityListsOptions {
  app: AppClient;
  apiKey: string;
  databasePath: string;
  tenant: SyntheticTenant;
  /** Subjects drawn per list (half uniform, half weighted by activity, the five heaviest in); each distinct one asked once. */
  draws: number;
}

export async function measureActivityLists(options: ActivityListsOptions): Promise<MeasurementResult[]> {
  const { app, apiKey, databasePath, tenant, draws } = options;
  const database = new SqliteDatabase(databasePath, { readonly: true });
  const results: MeasurementResult[] = [];
  try {
    const participants = database.prepare(PARTICIPANTS_SQL);
    for (const [entity, resource, ranked, people, seed] of [
      ["person", "persons", tenant.personUuids, PERSON_PEOPLE, 41],
      ["company", "companies", tenant.companyUuids, COMPANY_PEOPLE, 42],
    ] as const) {
      const subjects = distinctTargets(ranked, draws, entity === "person" ? 1.05 : 1.0, seed);
      const subject = summarize(
        await timeEach(
          subjects,
          async (uuid) => {
            const response = await app.request(`/v1/${resource}/${uuid}/activity?per_page=${PER_PAGE}`, { headers: { "x-api-key": apiKey } });
            if (response.status !== 200) throw new Error(`GET /v1/${resource}/${uuid}/activity answered ${response.status}`);
            await response.json();
          },
          subjects.length,
        ),
      );
      const page = database.prepare(`${activitySql(people)} select * from activity order by occurred_at desc, uuid desc limit ${PER_PAGE}`);
      const count = database.prepare(`${activitySql(people)} select count(*) as total from activity`);
      const baseline = summarize(
        await timeEach(
          subjects,
          (uuid) => {
            const parameters = { tenant: tenant.tenantUuid, subject: uuid };
            const rows = page.all(parameters) as Array<{ uuid: string }>;
            const total = count.get(parameters);
            const named = participants.all({ uuids: JSON.stringify(rows.map((row) => row.uuid)) });
            JSON.stringify({ items: rows, total, named });
          },
          subjects.length,
        ),
      );
      results.push({
        id: `activity-list-${entity}`,
        title: `GET /v1/${resource}/{uuid}/activity, first page (${PER_PAGE})`,
        subject: { label: `the app in-process, ${subjects.length} distinct ${resource}`, summary: subject },
        baseline: { label: "hand-written SQL: participants joined to their interactions, the page, the total and the page's participants", summary: baseline },
        speedRatio: speedRatioOf(subject, baseline),
        targets: [],
        figures: {
          baselineP95Ms: baseline.p95Ms,
          // Time for all the subjects together, the SQL's over the app's: the heaviest subjects weigh in.
          allSubjectsVsBaseline: subject.opsPerSecond / baseline.opsPerSecond,
        },
        notes: [
          `${draws} draws, half uniform, half weighted by activity, the five heaviest always in; each side asks every distinct subject once untimed (the file's pages read, as for the other side), then once timed`,
          "allSubjectsVsBaseline: the SQL's time for all the subjects over the app's; the median compares a typical subject, where the app's own steps (auth, the subject's record, presenting) weigh most",
          "the app remembers a timeline's total until a participation changes (the store's remembered reads, migration 0036), so its timed asking does not count it again; the baseline counts it each time",
          ...(entity === "company"
            ? ["the app remembers the tenure spans of a company's people until a person or an affiliation is written (affiliations.tenureSpans), so its timed asking does not read the tenures again; the baseline reads them each time"]
            : []),
        ],
      });
    }
  } finally {
    database.close();
  }
  return results;
}
