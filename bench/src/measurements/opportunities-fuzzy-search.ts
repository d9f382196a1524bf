/**
 * Measurement 5f: `GET /v1/opportunities?search=` with a misspelt opportunity name ("oportunity 123" for
 * "Opportunity 123"), which matches nothing exactly and is retried fuzzily over the 5,000 most recently updated
 * opportunities, through the whole app in-process, against what a user would otherwise write: those
 * opportunities' names and linked names read in SQL, each word of the text matched to a word of them by edit
 * distance, the 200 closest kept, the page's rows read.
 */
import SqliteDatabase from "better-sqlite3";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import { createRandom } from "../random.js";
import type { SyntheticTenant } from "../generate-tenant.js";
import { summarize, timeEach } from "../statistics.js";
import { wordsDistance } from "./persons-fuzzy-name.js";
import type { AppClient } from "./persons-list.js";

const PER_PAGE = 50;
const CANDIDATES = 5_000;
const KEPT = 200;

/** Misspellings of the generated opportunities' first word, "Opportunity": none is a substring of a name. */
const MISSPELT = ["oportunity", "opportunty", "opprotunity", "oppportunity"];

const CANDIDATES_SQL = `
select o.uuid, o.name || ' ' || coalesce((select group_concat(coalesce(p.name, c.company_name), ' ') from associations a
    left join persons p on a.entity_type = 'PERSON' and p.uuid = a.entity_uuid and p.deleted_at is null
    left join companies c on a.entity_type = 'COMPANY' and c.uuid = a.entity_uuid and c.deleted_at is null
    where a.tenant_uuid = o.tenant_uuid and a.owner_type = 'OPPORTUNITY' and a.owner_uuid = o.uuid), '') as text
from opportunities o where o.tenant_uuid = ? and o.deleted_at is null
order by o.updated_at desc, o.uuid desc limit ${CANDIDATES}`;

/** `read` of the database file, opened read-only for it. */
function withDatabase<T>(databasePath: string, read: (database: SqliteDatabase.Database) => T): T {
  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    return read(database);
  } finally {
    database.close();
  }
}

/** The page of the closest candidates whose text holds, for every word, a word at most a third of its length away. */
function handWrittenRetry(database: SqliteDatabase.Database, tenantUuid: string) {
  const candidates = database.prepare(CANDIDATES_SQL);
  const pageOf = database.prepare("select * from opportunities where uuid in (select value from json_each(?))");
  return (text: string): number => {
    const words = text.toLowerCase().split(/\s+/);
    const close: Array<{ uuid: string; distance: number }> = [];
    for (const candidate of candidates.all(tenantUuid) as Array<{ uuid: string; text: string }>) {
      const distance = wordsDistance(words, candidate.text);
      if (distance !== Infinity) close.push({ uuid: candidate.uuid, distance });
    }
    close.sort((left, right) => left.distance - right.distance || (left.uuid < right.uuid ? -1 : 1));
    const kept = close.slice(0, KEPT);
    JSON.stringify(pageOf.all(JSON.stringify(kept.slice(0, PER_PAGE).map((match) => match.uuid))));
    return kept.length;
  };
}

/**
 * The numbers of "Opportunity <n>" names among the candidates both sides compare (the newest `CANDIDATES`), three digits
 * or more: a number drawn from all of them could be near no candidate's words at L (100,000 opportunities, 5,000
 * compared), and a side finding nothing would say nothing of its speed.
 */
function candidateNumbers(database: SqliteDatabase.Database, tenantUuid: string): number[] {
  const rows = database
    .prepare(`select name from opportunities where tenant_uuid = ? and deleted_at is null order by updated_at desc, uuid desc limit ${CANDIDATES}`)
    .all(tenantUuid) as Array<{ name: string }>;
  return rows.map((row) => Number(/^Opportunity (\d{3,})$/.exec(row.name)?.[1] ?? Number.NaN)).filter((number) => Number.isInteger(number));
}

/** `samples` distinct misspelt names through the app and by hand; each answer must list something. */
export async function measureOpportunitiesFuzzySearch(app: AppClient, apiKey: string, databasePath: string, tenant: SyntheticTenant, samples: number): Promise<MeasurementResult> {
  const random = createRandom(31);
  const numbers = withDatabase(databasePath, (database) => candidateNumbers(database, tenant.tenantUuid));
  if (numbers.length === 0) throw new Error("no generated opportunity name among the newest to misspell");
  const texts = Array.from({ length: samples }, (_, at) => `${MISSPELT[at % MISSPELT.length]} ${numbers[random.integer(0, numbers.length - 1)]}`);
  const subject = summarize(
    await timeEach(texts, async (text) => {
      const response = await app.request(`/v1/opportunities?per_page=${PER_PAGE}&search=${encodeURIComponent(text)}`, { headers: { "x-api-key": apiKey } });
      if (response.status !== 200) throw new Error(`GET /v1/opportunities?search=${text} answered ${response.status}`);
      if (((await response.json()) as { items: unknown[] }).items.length === 0) throw new Error(`GET /v1/opportunities?search=${text} found nothing`);
    }, 2),
  );
  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    const retry = handWrittenRetry(database, tenant.tenantUuid);
    const baseline = summarize(
      await timeEach(texts, (text) => {
        if (retry(text) === 0) throw new Error(`the hand-written retry of ${text} found nothing`);
      }, 2),
    );
    return {
      id: "opportunities-search-fuzzy",
      title: `GET /v1/opportunities?search= misspelt, retried fuzzily (page of ${PER_PAGE})`,
      subject: { label: "the app in-process", summary: subject },
      baseline: { label: "the newest 5,000 opportunities' names and linked names read in SQL, each word matched by edit distance, the page read", summary: baseline },
      speedRatio: speedRatioOf(subject, baseline),
      targets: [],
      figures: {},
      notes: [
        `${samples} searches, each a drawn "Opportunity <n>" of the newest ${CANDIDATES.toLocaleString("en-US")} misspelt ("${MISSPELT.join('", "')}" <n>); each side warmed on the first two`,
        "the app remembers the folded search documents it read until one is written (store migration 0067)",
      ],
    };
  } finally {
    database.close();
  }
}
