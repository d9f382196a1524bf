/**
 * Measurement 5c: `GET /v1/opportunities?search=` through the whole app in-process, for a rare word (the
 * number in the name of a person linked to an opportunity, in a few dozen names of each kind at L) and for
 * two common words ("contact 12": thousands of matches at L), against the SQL a user would write for the
 * same question: the first page of the matching opportunities and the totals over all of them, each word
 * tested with `like` on each opportunity's name and on the names of its linked persons and companies.
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

/** One word's test: in the opportunity's name, or in a linked live person's or company's name. */
const WORD_MATCHES = (parameter: string) => `(
    lower(o.name) like @${parameter}
    or exists (select 1 from associations a join persons p on p.uuid = a.entity_uuid
      where a.tenant_uuid = @tenant and a.owner_type = 'OPPORTUNITY' and a.owner_uuid = o.uuid and a.entity_type = 'PERSON'
        and p.deleted_at is null and lower(p.name) like @${parameter})
    or exists (select 1 from associations a join companies c on c.uuid = a.entity_uuid
      where a.tenant_uuid = @tenant and a.owner_type = 'OPPORTUNITY' and a.owner_uuid = o.uuid and a.entity_type = 'COMPANY'
        and c.deleted_at is null and lower(c.company_name) like @${parameter}))`;

/** The page and the totals of the opportunities matching `words` words, by hand. */
function searchSql(database: SqliteDatabase.Database, words: number) {
  const matched = `select o.uuid from opportunities o where o.tenant_uuid = @tenant and o.deleted_at is null
    and ${Array.from({ length: words }, (_, index) => WORD_MATCHES(`pattern${index}`)).join(" and ")}`;
  const page = database.prepare(`select o.* from opportunities o where o.uuid in (${matched}) order by o.created_at desc, o.uuid desc limit ${PER_PAGE}`);
  const totals = database.prepare(`select count(*) as total, sum(value) as total_value, sum(weighted_value) as total_weighted_value
    from opportunities where uuid in (${matched})`);
  return (tenantUuid: string, search: string) => {
    const parameters: Record<string, string> = { tenant: tenantUuid };
    search.split(" ").forEach((word, index) => (parameters[`pattern${index}`] = `%${word.toLowerCase()}%`));
    return JSON.stringify({ rows: page.all(parameters), sums: totals.get(parameters) });
  };
}

/** Distinct rare search words: the digits of the names of persons linked to opportunities, three or more. */
function rareWords(database: SqliteDatabase.Database, tenantUuid: string, count: number): string[] {
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

/** Distinct searches of two common words: the word of every generated person's name, and two digits. */
function commonSearches(count: number): string[] {
  const random = createRandom(29);
  const numbers = Array.from({ length: 90 }, (_, index) => index + 10);
  return Array.from({ length: Math.min(count, numbers.length) }, () => `contact ${numbers.splice(random.integer(0, numbers.length - 1), 1)[0]!}`);
}

/** Each search through the app and by hand, each side warmed on the first two; the app's totals kept. */
async function timeSearches(app: AppClient, apiKey: string, database: SqliteDatabase.Database, tenantUuid: string, searches: readonly string[]) {
  const matches = new Map<string, number>();
  const subject = summarize(
    await timeEach(searches, async (search) => {
      const query = `search=${encodeURIComponent(search)}&per_page=${PER_PAGE}`;
      const response = await app.request(`/v1/opportunities?${query}`, { headers: { "x-api-key": apiKey } });
      if (response.status !== 200) throw new Error(`GET /v1/opportunities?${query} answered ${response.status}: ${await response.text()}`);
      matches.set(search, ((await response.json()) as { total: number }).total);
    }, WARM_UP),
  );
  const byHand = searchSql(database, searches[0]!.split(" ").length);
  const baseline = summarize(await timeEach(searches, (search) => void byHand(tenantUuid, search), WARM_UP));
  return { subject, baseline, medianMatches: median([...matches.values()]) };
}

const BASELINE_LABEL = "hand-written SQL: the page and the totals, each word tested with like on each opportunity's and its linked names";

/**
 * Two rows: ten rare words (looked up in the name indexes), and ten searches of two common words (read
 * from the search documents of store migration 0018), each against the SQL a user would write.
 */
export async function measureOpportunitySearch(app: AppClient, apiKey: string, databasePath: string, tenant: SyntheticTenant, samples: number): Promise<MeasurementResult[]> {
  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    // The SQL takes a second or more a search at L: ten of each.
    const words = rareWords(database, tenant.tenantUuid, Math.min(samples, 10));
    // The generator wrote every record straight into the file: one note per name and per opportunity link
    // (store migrations 0017 and 0018), and a search applies 20,000 of them before it may read the indexes
    // and documents. Searches until none is left, as after any bulk load: timed apart, as a figure.
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
    const rare = await timeSearches(app, apiKey, database, tenant.tenantUuid, words);
    const common = await timeSearches(app, apiKey, database, tenant.tenantUuid, commonSearches(Math.min(samples, 10)));
    const row = (id: string, title: string, label: string, timed: typeof rare, figures: Record<string, number>, notes: string[]): MeasurementResult => ({
      id,
      title,
      subject: { label, summary: timed.subject },
      baseline: { label: BASELINE_LABEL, summary: timed.baseline },
      speedRatio: speedRatioOf(timed.subject, timed.baseline),
      targets: [{ description: "<= 2x the hand-written SQL", met: timed.subject.medianMs <= 2 * timed.baseline.medianMs }],
      figures: { medianMatches: timed.medianMatches, ...figures },
      notes: ["medianMatches: the median search's opportunities (its total); each side warmed on the first two searches", ...notes],
    });
    return [
      row("opportunities-search", "GET /v1/opportunities?search= (a rare word)", `the app in-process, ${words.length} distinct words`, rare, { nameNotesBefore: notesBefore, catchUpSearches, catchUpMs }, [
        `words: the digits of the names of persons linked to opportunities ("Contact 10089" gives "10089"), ${PER_PAGE} per page`,
        "catch-up: the generated records' notes (nameNotesBefore) applied by catchUpSearches searches in catchUpMs before the timed ones (a search applies 20,000 and reads every name while more wait)",
      ]),
      row("opportunities-search-common", "GET /v1/opportunities?search= (two common words)", "the app in-process, 10 distinct searches", common, {}, [
        `searches: "contact" (in every generated person's name) and a two-digit number, as "contact 12", ${PER_PAGE} per page`,
      ]),
    ];
  } finally {
    database.close();
  }
}
