/**
 * Measurement 5c: `GET /v1/opportunities?search=` for a rare word (the number in the name of a person
 * linked to an opportunity, in a few dozen names of each kind at L), through the whole app in-process,
 * against the SQL a user would write for the same question: the first page of the matching opportunities
 * and the totals over all of them, the word tested with `like` on each opportunity's name and on the
 * names of its linked persons and companies.
 */
import SqliteDatabase from "better-sqlite3";
import type { AppClient } from "./persons-list.js";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import { createRandom } from "../random.js";
import type { SyntheticTenant } from "../generate-tenant.js";
import { median, summarize, timeEach } from "../statistics.js";

const PER_PAGE = 50;
const WARM_UP = 2;

const MATCHED = `select o.uuid from opportunities o
  where o.tenant_uuid = @tenant and o.deleted_at is null and (
    lower(o.name) like @pattern
    or exists (select 1 from associations a join persons p on p.uuid = a.entity_uuid
      where a.tenant_uuid = @tenant and a.owner_type = 'OPPORTUNITY' and a.owner_uuid = o.uuid and a.entity_type = 'PERSON'
        and p.deleted_at is null and lower(p.name) like @pattern)
    or exists (select 1 from associations a join companies c on c.uuid = a.entity_uuid
      where a.tenant_uuid = @tenant and a.owner_type = 'OPPORTUNITY' and a.owner_uuid = o.uuid and a.entity_type = 'COMPANY'
        and c.deleted_at is null and lower(c.company_name) like @pattern))`;

const PAGE_SQL = `select o.* from opportunities o where o.uuid in (${MATCHED}) order by o.created_at desc, o.uuid desc limit ${PER_PAGE}`;
const TOTALS_SQL = `select count(*) as total, sum(value) as total_value, sum(weighted_value) as total_weighted_value
  from opportunities where uuid in (${MATCHED})`;

/** Distinct search words: the digits of the names of persons linked to opportunities, three or more. */
function searchWords(database: SqliteDatabase.Database, tenantUuid: string, count: number): string[] {
  const names = database
    .prepare(
      `select p.name from persons p where p.tenant_uuid = ? and p.deleted_at is null and exists (select 1 from associations a
         where a.tenant_uuid = p.tenant_uuid and a.owner_type = 'OPPORTUNITY' and a.entity_type = 'PERSON' and a.entity_uuid = p.uuid)
       order by p.uuid limit 5000`,
    )
    .pluck()
    .all(tenantUuid) as string[];
  const candidates = [...new Set(names.map((name) => name.replace(/\D/g, "")).filter((digits) => digits.length >= 3))];
  const random = createRandom(23);
  const words: string[] = [];
  while (words.length < count && candidates.length > 0) words.push(candidates.splice(random.integer(0, candidates.length - 1), 1)[0]!);
  if (words.length === 0) throw new Error("no person linked to an opportunity has a number of three digits or more to search for");
  return words;
}

export async function measureOpportunitySearch(app: AppClient, apiKey: string, databasePath: string, tenant: SyntheticTenant, samples: number): Promise<MeasurementResult> {
  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    // The SQL takes a second or more a word at L: ten words, each side warmed on the first two.
    const words = searchWords(database, tenant.tenantUuid, Math.min(samples, 10));
    // The generator wrote every name straight into the file: one note each (store migration 0017), and a
    // search applies 20,000 of them before it may look a word up. Searches until none is left, as after any
    // bulk load: timed apart, as a figure.
    const notesLeft = database.prepare("select count(*) from name_search_pending where tenant_uuid = ?").pluck();
    const notesBefore = Number(notesLeft.get(tenant.tenantUuid));
    let catchUpSearches = 0;
    const catchUpStarted = performance.now();
    while (Number(notesLeft.get(tenant.tenantUuid)) > 0 && catchUpSearches < 1_000) {
      catchUpSearches++;
      const response = await app.request(`/v1/opportunities?search=${words[0]}&per_page=1`, { headers: { "x-api-key": apiKey } });
      if (response.status !== 200) throw new Error(`GET /v1/opportunities?search=${words[0]} answered ${response.status}`);
      await response.body?.cancel();
    }
    const catchUpMs = performance.now() - catchUpStarted;
    const page = database.prepare(PAGE_SQL);
    const totals = database.prepare(TOTALS_SQL);
    const matches = new Map<string, number>();
    const subject = summarize(
      await timeEach(words, async (word) => {
        const response = await app.request(`/v1/opportunities?search=${word}&per_page=${PER_PAGE}`, { headers: { "x-api-key": apiKey } });
        if (response.status !== 200) throw new Error(`GET /v1/opportunities?search=${word} answered ${response.status}: ${await response.text()}`);
        matches.set(word, ((await response.json()) as { total: number }).total);
      }, WARM_UP),
    );
    const baseline = summarize(
      await timeEach(words, (word) => {
        const parameters = { tenant: tenant.tenantUuid, pattern: `%${word}%` };
        JSON.stringify({ rows: page.all(parameters), sums: totals.get(parameters) });
      }, WARM_UP),
    );
    return {
      id: "opportunities-search",
      title: "GET /v1/opportunities?search= (a rare word)",
      subject: { label: `the app in-process, ${words.length} distinct words`, summary: subject },
      baseline: { label: "hand-written SQL: the page and the totals, the word tested with like on each opportunity's and its linked names", summary: baseline },
      speedRatio: speedRatioOf(subject, baseline),
      targets: [{ description: "<= 2x the hand-written SQL", met: subject.medianMs <= 2 * baseline.medianMs }],
      figures: { medianMatches: median([...matches.values()]), nameNotesBefore: notesBefore, catchUpSearches, catchUpMs },
      notes: [
        `words: the digits of the names of persons linked to opportunities ("Contact 10089" gives "10089"), ${PER_PAGE} per page`,
        "medianMatches: the median word's opportunities (the search's total); each side warmed on the first two words",
        "catch-up: the generated names' notes (nameNotesBefore) applied by catchUpSearches searches in catchUpMs before the timed ones (a search applies 20,000 and reads every name while more wait)",
      ],
    };
  } finally {
    database.close();
  }
}
