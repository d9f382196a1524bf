/**
 * Measurement 5d: `GET /v1/persons?name=` with a misspelt name ("contcat 1234" for "Contact 1234"), which matches
 * nobody and is retried fuzzily, through the whole app in-process, against what a user would otherwise write: every
 * live person's name read in SQL and each word of the text matched to a word of the name by edit distance, closest
 * first, the page's persons read. Each answer must hold the person misspelt.
 */
import SqliteDatabase from "better-sqlite3";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import { createRandom } from "../random.js";
import type { SyntheticTenant } from "../generate-tenant.js";
import { summarize, timeEach } from "../statistics.js";
import type { AppClient } from "./persons-list.js";

const PER_PAGE = 50;

/** Misspellings of the generated names' first word, "Contact": two letters swapped, one dropped, one doubled. */
const MISSPELT = ["contcat", "contat", "conntact", "cnotact"];

/** The edit distance (Levenshtein) between two words. */
export function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, at) => at);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      current[column] = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + (left[row - 1] === right[column - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[right.length]!;
}

/**
 * How far `text`'s words are from the closest words of `candidate` (the sum of their edit distances), or Infinity
 * when a word has none within a third of its length: the retry's test of a name, written as a user would.
 */
export function wordsDistance(words: readonly string[], candidate: string): number {
  const parts = candidate.toLowerCase().split(/\s+/);
  let distance = 0;
  for (const word of words) {
    const nearest = Math.min(...parts.map((part) => editDistance(word, part)));
    if (nearest > Math.floor(word.length / 3)) return Infinity;
    distance += nearest;
  }
  return distance;
}

/** The page of persons whose name holds, for every word of `text`, a word at most a third of its length away, closest first. */
function handWrittenRetry(database: SqliteDatabase.Database, tenantUuid: string) {
  const everyName = database.prepare("select uuid, name from persons where tenant_uuid = ? and deleted_at is null");
  const pageOf = database.prepare(`select * from persons where uuid in (select value from json_each(?))`);
  return (text: string): string[] => {
    const words = text.toLowerCase().split(/\s+/);
    const close: Array<{ uuid: string; distance: number }> = [];
    for (const { uuid, name } of everyName.all(tenantUuid) as Array<{ uuid: string; name: string }>) {
      const distance = wordsDistance(words, name);
      if (distance !== Infinity) close.push({ uuid, distance });
    }
    close.sort((left, right) => left.distance - right.distance || (left.uuid < right.uuid ? -1 : 1));
    const page = close.slice(0, PER_PAGE).map((match) => match.uuid);
    JSON.stringify(pageOf.all(JSON.stringify(page)));
    return page;
  };
}

/**
 * `samples` misspelt names of drawn persons asked through the app (the first asking reads and folds the tenant's
 * names, `firstAskingMs`; the store remembers them until a person changes) and by hand.
 */
export async function measurePersonsFuzzyName(app: AppClient, apiKey: string, databasePath: string, tenant: SyntheticTenant, samples: number): Promise<MeasurementResult> {
  const random = createRandom(17);
  const drawn = Array.from({ length: samples }, (_, at) => {
    // Four digits or more: a shorter number is in thousands of names, and the person misspelt need not make the page.
    const index = random.integer(1_000, tenant.personUuids.length - 1);
    return { uuid: tenant.personUuids[index]!, text: `${MISSPELT[at % MISSPELT.length]} ${index}` };
  });
  const ask = async ({ uuid, text }: (typeof drawn)[number]) => {
    const response = await app.request(`/v1/persons?per_page=${PER_PAGE}&name=${encodeURIComponent(text)}`, { headers: { "x-api-key": apiKey } });
    if (response.status !== 200) throw new Error(`GET /v1/persons?name=${text} answered ${response.status}`);
    const items = ((await response.json()) as { items: Array<{ uuid: string }> }).items;
    if (!items.some((item) => item.uuid === uuid)) throw new Error(`GET /v1/persons?name=${text} did not list the person misspelt`);
  };
  const firstStarted = performance.now();
  await ask(drawn[0]!);
  const firstAskingMs = performance.now() - firstStarted;
  const subject = summarize(await timeEach(drawn, ask, 1));
  const database = new SqliteDatabase(databasePath, { readonly: true });
  let baseline;
  try {
    const retry = handWrittenRetry(database, tenant.tenantUuid);
    baseline = summarize(
      await timeEach(drawn, ({ uuid, text }) => {
        if (!retry(text).includes(uuid)) throw new Error(`the hand-written retry of ${text} did not list the person misspelt`);
      }, 1),
    );
  } finally {
    database.close();
  }
  return {
    id: "persons-list-fuzzy-name",
    title: `GET /v1/persons?name= misspelt, retried fuzzily (page of ${PER_PAGE})`,
    subject: { label: "the app in-process", summary: subject },
    baseline: { label: "every name read in SQL, each word matched by edit distance, the page read", summary: baseline },
    speedRatio: speedRatioOf(subject, baseline),
    targets: [],
    figures: { firstAskingMs },
    notes: [
      `${samples} names, each a drawn person's "Contact <n>" misspelt ("${MISSPELT.join('", "')}" <n>); each answer checked to hold that person`,
      "the first asking reads and folds every name of the tenant (firstAskingMs); the store remembers them until a person changes",
    ],
  };
}
