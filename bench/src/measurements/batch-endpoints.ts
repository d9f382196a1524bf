/**
 * Measurement 4: the batch endpoints at their maximum size (100 targets), end to end over HTTP on a
 * real port (Rapport in a child process, auth and rate limiting included), each against what a
 * client would do without it: the recommended-paths batches against the same 100 targets asked one
 * GET at a time over the same port; PathPower scores and activity statistics against hand-written
 * SQL answering the same 100 targets in this process.
 */
import SqliteDatabase from "better-sqlite3";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import { BENCH_NOW, type SyntheticTenant } from "../generate-tenant.js";
import { HELD_AS_BYTES_PATH } from "../bare-server-paths.js";
import { batchTargets } from "../targets.js";
import { median, summarize, timeEach, timeOnce } from "../statistics.js";
import { benchFetch } from "../http-client.js";
import { bodyFile, startBenchServer } from "./http-throughput.js";
import { teamInteractionCounts } from "./team-links-sql.js";

const DAY = 86_400_000;

export interface BatchMeasurementOptions {
  baseUrl: string;
  apiKey: string;
  databasePath: string;
  tenant: SyntheticTenant;
  /** Batches (of 100 targets) per endpoint. */
  rounds: number;
}

/** Direct links between the team and each of the targets: PathPower's question. */
const PATH_POWER_SQL = `
with targets(person_uuid) as (select value from json_each(@targets)),
team as (select person_uuid from users where tenant_uuid = @tenant and is_active = 1),
links as (${teamInteractionCounts("select person_uuid from targets", "target")}
),
per_user as (select target, user_person, sum(n) as n from links group by target, user_person)
select target, 1 - exp(sum(ln(1 - n * 1.0 / (n + 5)))) as score, count(*) as connectors from per_user group by target`;

/**
 * Direct links between the team and the current external members of each target company, combined per
 * member and then per company: a company's PathPower question.
 */
const COMPANY_PATH_POWER_SQL = `
with targets(company_uuid) as (select value from json_each(@targets)),
team as (select person_uuid from users where tenant_uuid = @tenant and is_active = 1),
members as (
  select distinct a.company_uuid, a.person_uuid from affiliations a
  where a.tenant_uuid = @tenant and a.is_current = 1 and a.company_uuid in (select company_uuid from targets)
    and a.person_uuid not in (select person_uuid from team)
),
links as (${teamInteractionCounts("select person_uuid from members", "target")}
),
per_user as (select target, user_person, sum(n) as n from links group by target, user_person),
per_member as (select target, 1 - exp(sum(ln(1 - n * 1.0 / (n + 5)))) as score from per_user group by target)
select m.company_uuid, 1 - exp(sum(ln(1 - min(p.score, 0.999999)))) as score, count(*) as connected
from members m join per_member p on p.target = m.person_uuid group by m.company_uuid`;

/** Emails and meetings per period for each target: activity statistics' question. */
const ACTIVITY_SQL = `
with targets(person_uuid) as (select value from json_each(@targets)),
activity as (
  select p.person_uuid, 'email' as kind, e.sent_at as at
  from email_participants p join emails e on e.uuid = p.email_uuid
  where p.tenant_uuid = @tenant and p.person_uuid in (select person_uuid from targets) and e.sent_at <= @now
  union all
  select a.person_uuid, 'meeting', m.starts_at
  from meeting_attendees a join meetings m on m.uuid = a.meeting_uuid
  where a.tenant_uuid = @tenant and a.person_uuid in (select person_uuid from targets)
    and a.response <> 'declined' and m.deleted_at is null and m.status = 'confirmed' and m.starts_at <= @now
)
select person_uuid, kind, max(at) as last_at,
  sum(at >= @now - 30 * ${DAY}) as d30, sum(at >= @now - 90 * ${DAY}) as d90,
  sum(at >= @now - 180 * ${DAY}) as d180, sum(at >= @now - 365 * ${DAY}) as d365, count(*) as total
from activity group by person_uuid, kind`;

/** Calls the endpoint and reads the whole answer. */
async function fetchAnswer(url: string, apiKey: string, init: RequestInit = {}): Promise<Buffer> {
  const response = await benchFetch(url, { ...init, headers: { "x-api-key": apiKey, "content-type": "application/json", ...init.headers } });
  if (response.status !== 200) throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Calls the endpoint and reads the whole answer; returns its size in bytes. */
async function call(url: string, apiKey: string, init: RequestInit = {}): Promise<number> {
  return (await fetchAnswer(url, apiKey, init)).byteLength;
}

/**
 * A bare node:http server (a process of its own) answering `answer`: from bytes encoded once at `heldAsBytesUrl`
 * (what sending that answer costs whatever computed it), as a string at `url`.
 */
async function startAnswerServer(answer: Buffer): Promise<{ url: string; heldAsBytesUrl: string; stop: () => void }> {
  const file = bodyFile(answer);
  try {
    const bare = await startBenchServer(["bare", file.path]);
    return {
      url: `http://127.0.0.1:${bare.port}/`,
      heldAsBytesUrl: `http://127.0.0.1:${bare.port}${HELD_AS_BYTES_PATH}`,
      stop: () => {
        bare.child.kill();
        file.remove();
      },
    };
  } catch (error) {
    file.remove();
    throw error;
  }
}

const MiB = 2 ** 20;

/** The fuller overview a client may ask for: three paths and three priority entries per item (the default until 2026-11-28). */
const FULLER_OVERVIEW = { paths_per_item: 3, priority_entries_per_item: 3 };

/** For each batch after the first, how many of its targets an earlier batch named. */
export function namedBefore(batches: readonly (readonly string[])[]): number[] {
  const named = new Set<string>();
  const counts: number[] = [];
  for (const [index, uuids] of batches.entries()) {
    if (index > 0) counts.push(uuids.filter((uuid) => named.has(uuid)).length);
    for (const uuid of uuids) named.add(uuid);
  }
  return counts;
}

export async function measureBatchEndpoints(options: BatchMeasurementOptions): Promise<MeasurementResult[]> {
  const { baseUrl, apiKey, databasePath, tenant, rounds } = options;
  const persons = batchTargets(tenant.personUuids, rounds, "person");
  const companies = batchTargets(tenant.companyUuids, rounds, "company");
  const warmup = 1;
  const results: MeasurementResult[] = [];
  const pathsTarget = { description: "p50 <= 50 ms end to end over HTTP", met: false };

  for (const [entity, resource, batches] of [
    ["person", "persons", persons],
    ["company", "companies", companies],
  ] as const) {
    const batchUrl = `${baseUrl}/v1/${resource}/recommended-paths/batch`;
    const ask = (uuids: readonly string[], headers: Record<string, string> = {}, fields: Record<string, unknown> = {}) =>
      fetchAnswer(batchUrl, apiKey, { method: "POST", body: JSON.stringify({ uuids, ...fields }), headers });
    // The warm-up batch's answer is the floor's: serializing it, encoding it, and the same bytes from a bare server,
    // each timed right after every batch, so that both meet the same state of the machine.
    // Kept nowhere (no-store): the first timed batch, the same one, is ranked as a first asking would be.
    const sample = await ask(batches[0]!, { "cache-control": "no-store" });
    const sampleDocument: unknown = JSON.parse(sample.toString("utf8"));
    const answerServer = await startAnswerServer(sample);
    const times = { subject: [] as number[], sameBytes: [] as number[], heldAsBytes: [] as number[], stringify: [] as number[], encode: [] as number[] };
    const sizes: number[] = [];
    try {
      for (const uuids of batches) {
        times.subject.push(await timeOnce(async () => sizes.push((await ask(uuids)).byteLength)));
        times.sameBytes.push(await timeOnce(() => call(answerServer.url, "")));
        times.heldAsBytes.push(await timeOnce(() => call(answerServer.heldAsBytesUrl, "")));
        let text = "";
        times.stringify.push(await timeOnce(() => (text = JSON.stringify(sampleDocument))));
        times.encode.push(await timeOnce(() => Buffer.from(text)));
      }
    } finally {
      answerServer.stop();
    }
    // The same batches again, every target ranked afresh (no-cache): their persons' records and signals are
    // remembered and their targets' reason summaries kept, so this tells the first reads of a cold server from
    // the ranking and sending. Then once more as a client would ask, every target's answer kept by that pass.
    let againBytes = 0;
    const again = summarize(await timeEach(batches, async (uuids) => (againBytes += (await ask(uuids, { "cache-control": "no-cache" })).byteLength), 0));
    const kept = summarize(await timeEach(batches, (uuids) => ask(uuids), 0));
    // The fuller overview a client may ask for, ranked afresh like `again`: what a larger answer costs.
    const fullerSizes: number[] = [];
    const fuller = summarize(
      await timeEach(batches, async (uuids) => fullerSizes.push((await ask(uuids, { "cache-control": "no-cache" }, FULLER_OVERVIEW)).byteLength), 0),
    );
    const subject = summarize(times.subject);
    const baseline = summarize(
      await timeEach(
        batches,
        async (uuids) => {
          for (const uuid of uuids) await call(`${baseUrl}/v1/${resource}/${uuid}/recommended-paths?per_page=25`, apiKey);
        },
        warmup,
      ),
    );
    // A sync keeps writing while agents read: each batch once more, ranked afresh, right after an email between two
    // contacts seen for the first time (two persons created, no other person's record or paths changed).
    let newContacts = 0;
    const writeBetween = async () => {
      const [from, to] = [newContacts++, newContacts++].map((index) => `bench-new-${entity}-${index}@sync.example`);
      const message = { message_id: `<bench-sync-${entity}-${newContacts}@sync.example>`, sent_at: new Date(BENCH_NOW - DAY).toISOString(), from, to: [to] };
      const answer = await fetchAnswer(`${baseUrl}/v1/emails/batch`, apiKey, { method: "POST", body: JSON.stringify({ messages: [message] }) });
      const [result] = (JSON.parse(answer.toString("utf8")) as { results: Array<{ status: string }> }).results;
      if (result?.status !== "CREATED") throw new Error(`the email between new contacts was not created: ${answer.toString("utf8").slice(0, 200)}`);
    };
    const betweenWrites: number[] = [];
    for (const uuids of batches) {
      await writeBetween();
      betweenWrites.push(await timeOnce(() => ask(uuids, { "cache-control": "no-cache" })));
    }
    const duringWrites = summarize(betweenWrites);
    // The floor sends bytes: Node's HTTP writes a string of megabytes (its headers prepended to it) several times
    // slower than the same bytes, which is not what sending costs (`HISTORY.md`, fifty-second session).
    const floor = {
      sameBytesBareMs: summarize(times.sameBytes).medianMs,
      sameBytesHeldAsBytesMs: summarize(times.heldAsBytes).medianMs,
      stringifyMs: summarize(times.stringify).medianMs,
      encodeMs: summarize(times.encode).medianMs,
    };
    const floorMs = floor.stringifyMs + floor.encodeMs + floor.sameBytesHeldAsBytesMs;
    results.push({
      id: `batch-paths-${entity}`,
      title: `POST /v1/${resource}/recommended-paths/batch (100 targets)`,
      subject: { label: "one batch call over a real port", summary: subject },
      baseline: { label: "the same 100 targets, one GET each, same port", summary: baseline },
      speedRatio: speedRatioOf(subject, baseline),
      targets: [{ ...pathsTarget, met: subject.medianMs <= 50 }],
      figures: {
        medianResponseMiB: summarize(sizes).medianMs / MiB,
        floorAnswerMiB: sample.byteLength / MiB,
        sameBytesBareMs: floor.sameBytesBareMs,
        sameBytesHeldAsBytesMs: floor.sameBytesHeldAsBytesMs,
        stringifyMs: floor.stringifyMs,
        encodeMs: floor.encodeMs,
        answerFloorMs: floorMs,
        aboveFloorMs: subject.medianMs - floorMs,
        timesTheFloor: subject.medianMs / floorMs,
        askedAgainMedianMs: again.medianMs,
        keptAgainMedianMs: kept.medianMs,
        keptAnswersMiB: againBytes / MiB,
        threePathsAskedAgainMedianMs: fuller.medianMs,
        threePathsMedianResponseMiB: median(fullerSizes) / MiB,
        askedBetweenWritesMedianMs: duringWrites.medianMs,
        medianTargetsNamedBefore: median(namedBefore(batches)),
      },
      notes: [
        `${rounds} batches of distinct targets, half drawn uniformly, half weighted by activity`,
        "answerFloorMs: what serializing and sending an answer of this size costs whatever computes it: JSON.stringify of the warm-up batch's answer (floorAnswerMiB; stringifyMs), the text's encoding into UTF-8 bytes (encodeMs), and those bytes sent by a bare node:http server to the same client (sameBytesHeldAsBytesMs), each timed after every batch; aboveFloorMs is the rest of the median (ranking, records, presenting); timesTheFloor is the median over the floor, a reading the machine's phase moves less than milliseconds, since the floor slows with it. sameBytesBareMs: the same server sending the answer as a string, as the floor did until 2026-12-02: Node's HTTP writes a string of megabytes, its headers prepended to it, several times slower than the same bytes",
        "askedAgainMedianMs: the same batches asked again once all were timed (Cache-Control: no-cache, every target ranked afresh), the persons they name read and their targets' reason summaries kept: the median is the first asking's",
        "keptAgainMedianMs: the same batches once more, each target's answer kept by the pass before (the response cache's rule, RAPPORT_RESPONSE_CACHE_SECONDS) in a ring of RAPPORT_RESPONSE_CACHE_MIB (64 MiB by default): when the pass before wrote more (keptAnswersMiB), the earliest batches' answers were overwritten and are ranked again; medianTargetsNamedBefore: of each timed batch's 100 targets, how many an earlier timed batch had named (busy targets recur; the warm-up keeps nothing), whose kept answers the timed batch is sent",
        "askedBetweenWritesMedianMs: the same batches once more, ranked afresh like askedAgainMedianMs, each right after an email between two new contacts (POST /v1/emails/batch): what a sync writing while an agent reads costs the batch",
        "threePathsAskedAgainMedianMs: the same batches once more, ranked afresh like askedAgainMedianMs, asking for three paths and three priority entries per item (paths_per_item=3, priority_entries_per_item=3, the default until 2026-11-28; the default lists one of each); threePathsMedianResponseMiB: their answers' median size",
      ],
    });
  }

  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    const pathPowerQuery = database.prepare(PATH_POWER_SQL);
    const companyPathPowerQuery = database.prepare(COMPANY_PATH_POWER_SQL);
    const activityQuery = database.prepare(ACTIVITY_SQL);
    const sqlArguments = (uuids: string[]) => ({ tenant: tenant.tenantUuid, targets: JSON.stringify(uuids), now: BENCH_NOW });
    // Every HTTP call first, then the SQL baselines: a synchronous query blocks this process's event
    // loop for seconds, long enough for the server to close an idle keep-alive socket that the client,
    // its timers blocked, would then reuse ("other side closed").
    const pathPower = summarize(
      await timeEach(persons, (uuids) => call(`${baseUrl}/v1/pathpower/scores?entity=person&uuids=${uuids.join(",")}`, apiKey), warmup),
    );
    const companyPathPower = summarize(
      await timeEach(companies, (uuids) => call(`${baseUrl}/v1/pathpower/scores?entity=company&uuids=${uuids.join(",")}`, apiKey), warmup),
    );
    const activity = summarize(
      await timeEach(
        persons,
        (uuids) => call(`${baseUrl}/v1/persons/activity-stats/batch`, apiKey, { method: "POST", body: JSON.stringify({ uuids, group_by: "internal_user" }) }),
        warmup,
      ),
    );
    const pathPowerSql = summarize(await timeEach(persons, (uuids) => pathPowerQuery.all(sqlArguments(uuids)), warmup));
    results.push({
      id: "batch-pathpower",
      title: "GET /v1/pathpower/scores (100 persons)",
      subject: { label: "one call over a real port", summary: pathPower },
      baseline: { label: "hand-written SQL: the team's direct links to the 100 persons, combined", summary: pathPowerSql },
      speedRatio: speedRatioOf(pathPower, pathPowerSql),
      targets: [],
      figures: {},
      notes: [],
    });
    const companyPathPowerSql = summarize(await timeEach(companies, (uuids) => companyPathPowerQuery.all(sqlArguments(uuids)), warmup));
    results.push({
      id: "batch-pathpower-companies",
      title: "GET /v1/pathpower/scores (100 companies)",
      subject: { label: "one call over a real port", summary: companyPathPower },
      baseline: { label: "hand-written SQL: the team's direct links to the 100 companies' current members, combined", summary: companyPathPowerSql },
      speedRatio: speedRatioOf(companyPathPower, companyPathPowerSql),
      targets: [],
      figures: {},
      notes: ["the companies of the recommended-paths batches: half drawn uniformly, half weighted by activity, the five largest always in"],
    });
    const activitySql = summarize(await timeEach(persons, (uuids) => activityQuery.all(sqlArguments(uuids)), warmup));
    results.push({
      id: "batch-activity-stats",
      title: "POST /v1/persons/activity-stats/batch (100 persons)",
      subject: { label: "one call over a real port (group_by=internal_user)", summary: activity },
      baseline: { label: "hand-written SQL: emails and meetings per period for the 100 persons", summary: activitySql },
      speedRatio: speedRatioOf(activity, activitySql),
      targets: [],
      figures: {},
      notes: ["the SQL baseline counts per person only, not per internal user"],
    });
  } finally {
    database.close();
  }
  return results;
}
