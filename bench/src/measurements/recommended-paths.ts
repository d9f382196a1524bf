/**
 * Measurement 3: ranked two-hop recommended paths to one person and to one company, over random
 * targets (heavy ones included): in the engine (`recommendedPaths` on the hydrated graph) and
 * through the whole operation in-process (`app.request`), against the same question answered by
 * SQL over the interaction tables of the same database: every internal user's direct links and
 * user → bridge → target links, each link scored by a simple aggregate of its interaction count,
 * a path by the product of its links, a user by their best path, users ranked.
 */
import SqliteDatabase from "better-sqlite3";
import { ENTITY_KINDS, recommendedPaths, type RecommendedPathsResponse, type RelationshipGraph } from "@rapport/graph";
import type { AppClient } from "./persons-list.js";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import { BENCH_NOW, type SyntheticTenant } from "../generate-tenant.js";
import { BATCH_SIZE, batchTargets, distinctTargets, warmUpTargets } from "../targets.js";
import { timeBatchRanking } from "./batch-ranking.js";
import { teamInteractionCounts } from "./team-links-sql.js";
import { median, summarize, timeEach, warmUp, type Summary } from "../statistics.js";

/** The interaction links of the target persons (CTE `targets(person_uuid)`), then the users' links to those neighbours. */
const pathsSql = (targets: string) => `
with
targets(person_uuid) as (${targets}),
team as (select person_uuid from users where tenant_uuid = @tenant and is_active = 1),
links as (
  select mine.person_uuid as target, other.person_uuid as neighbour, count(*) as n
  from email_participants mine
  join email_participants other on other.email_uuid = mine.email_uuid and other.person_uuid <> mine.person_uuid
  join emails e on e.uuid = mine.email_uuid
  where mine.tenant_uuid = @tenant and mine.person_uuid in (select person_uuid from targets) and e.sent_at <= @now
  group by mine.person_uuid, other.person_uuid
  union all
  select mine.person_uuid, other.person_uuid, count(*)
  from meeting_attendees mine
  join meeting_attendees other on other.meeting_uuid = mine.meeting_uuid and other.person_uuid <> mine.person_uuid
  join meetings m on m.uuid = mine.meeting_uuid
  where mine.tenant_uuid = @tenant and mine.person_uuid in (select person_uuid from targets)
    and m.deleted_at is null and m.status = 'confirmed' and m.starts_at <= @now
  group by mine.person_uuid, other.person_uuid
),
neighbours as (select target, neighbour, sum(n) as n from links group by target, neighbour),
bridges as (select distinct neighbour as person_uuid from neighbours where neighbour not in (select person_uuid from team)),
bridge_links as (${teamInteractionCounts("select person_uuid from bridges", "bridge")}
),
bridge_scores as (select bridge, user_person, sum(n) as n from bridge_links group by bridge, user_person),
paths as (
  select neighbour as user_person, n * 1.0 / (n + 5) as score
  from neighbours where neighbour in (select person_uuid from team)
  union all
  select b.user_person, (b.n * 1.0 / (b.n + 5)) * (t.n * 1.0 / (t.n + 5))
  from bridge_scores b join neighbours t on t.neighbour = b.bridge
)
select user_person, max(score) as connection_score, count(*) as path_count
from paths group by user_person order by connection_score desc, path_count desc, user_person`;

const PERSON_TARGETS = "select @target";
const COMPANY_TARGETS = "select person_uuid from affiliations where tenant_uuid = @tenant and company_uuid = @target and is_current = 1";

export interface PathsMeasurementOptions {
  app: AppClient;
  apiKey: string;
  graph: RelationshipGraph;
  databasePath: string;
  tenant: SyntheticTenant;
  /** Targets drawn per question for the engine and the app (with repeats); each distinct one is timed once. */
  targets: number;
  /** Of those, how many the SQL baseline answers (the first ones: same mix); the ratio compares these. */
  sqlTargets: number;
  /** Batches of the batch rows (measurement 4) the engine ranks on its own, for their engine figure. */
  batchRounds: number;
  /** Targets drawn for the warm-up, before the timed ones are taken out (200 in a real run). */
  warmUpTargets: number;
}

const pick = (durations: readonly number[], count: number) => summarize(durations.slice(0, count));

export async function measureRecommendedPaths(options: PathsMeasurementOptions): Promise<MeasurementResult[]> {
  const { app, apiKey, graph, databasePath, tenant } = options;
  const database = new SqliteDatabase(databasePath, { readonly: true });
  const results: MeasurementResult[] = [];
  try {
    for (const entity of ENTITY_KINDS) {
      const ranked = entity === "person" ? tenant.personUuids : tenant.companyUuids;
      const exponent = entity === "person" ? 1.05 : 1.0;
      const seed = entity === "person" ? 31 : 32;
      const targets = distinctTargets(ranked, options.targets, exponent, seed);
      const sqlCount = Math.min(options.sqlTargets, targets.length);
      // Warmed on other targets of the same mix, so each timed target is asked once, as a client would.
      const warmTargets = warmUpTargets(ranked, targets, options.warmUpTargets, exponent, seed + 1000);

      const answer = (uuid: string) => recommendedPaths(graph, { entity, uuid }, { now: BENCH_NOW });
      await warmUp(warmTargets, answer);
      const answers: RecommendedPathsResponse[] = [];
      const engine = await timeEach(targets, (uuid) => answers.push(answer(uuid)), 0);
      const neighbourhoods = answers.map((response) => response.items.reduce((sum, item) => sum + item.path_count, 0));
      const resource = entity === "person" ? "persons" : "companies";
      const request = async (uuid: string) => {
        const response = await app.request(`/v1/${resource}/${uuid}/recommended-paths`, { headers: { "x-api-key": apiKey } });
        if (response.status !== 200) throw new Error(`recommended paths to ${entity} ${uuid} answered ${response.status}`);
        await response.json();
      };
      await warmUp(warmTargets, request);
      const http = await timeEach(targets, request, 0);
      const batchRanking = summarize(await timeBatchRanking(graph, entity, batchTargets(ranked, options.batchRounds, entity)));
      const query = database.prepare(pathsSql(entity === "person" ? PERSON_TARGETS : COMPANY_TARGETS));
      const baselineDurations = await timeEach(
        targets.slice(0, sqlCount),
        (uuid) => query.all({ tenant: tenant.tenantUuid, target: uuid, now: BENCH_NOW }),
        Math.min(3, sqlCount),
      );
      const baseline: Summary = summarize(baselineDurations);
      const engineAll = summarize(engine);
      const engineSubset = pick(engine, sqlCount);
      const httpSubset = pick(http, sqlCount);
      const engineRatio = speedRatioOf(engineSubset, baseline);
      const label = entity === "person" ? "one person" : "one company";
      const sqlLabel = `SQL self-join over the interaction tables (first ${sqlCount} of the targets)`;
      results.push({
        id: `paths-${entity}-engine`,
        title: `Two-hop ranked paths to ${label} (engine)`,
        subject: { label: `recommendedPaths on the hydrated graph, ${targets.length} distinct random targets`, summary: engineAll },
        baseline: { label: sqlLabel, summary: baseline },
        speedRatio: engineRatio,
        targets: [
          { description: "p50 <= 1 ms in the engine", met: engineAll.medianMs <= 1 },
          { description: ">= 20x faster than the SQL self-join", met: engineRatio >= 20 },
        ],
        figures: {
          engineMedianMsOnSqlTargets: engineSubset.medianMs,
          medianPathsCounted: median(neighbourhoods),
          medianTeamMembersReached: median(answers.map((response) => response.total)),
          batchRankingMedianMs: batchRanking.medianMs,
          batchRankingP95Ms: batchRanking.p95Ms,
        },
        notes: [
          `targets: ${options.targets} draws, half uniform, half weighted by activity, the five heaviest always in; each distinct target is timed once, at its first ask; the ratio compares the engine and SQL medians over the same first targets`,
          `warm-up: ${options.warmUpTargets} other targets of the same mix (none of the timed ones)`,
          "medianPathsCounted: the median target's direct and two-hop paths from the team (its neighbourhood, which the engine walks); medianTeamMembersReached: internal users with a path to it",
          `batchRanking: the engine alone on the ${options.batchRounds} batches of ${BATCH_SIZE} targets of the batch row, ranked as the endpoint ranks them (in parts, its paths and priority entries per item), after one untimed pass over the first: the part of the batch's time no answer size changes`,
        ],
      });
      results.push({
        id: `paths-${entity}-app`,
        title: `Recommended paths to ${label} (whole operation in-process)`,
        subject: { label: `app.request GET /v1/${resource}/{uuid}/recommended-paths, ${targets.length} distinct targets`, summary: summarize(http) },
        baseline: { label: sqlLabel, summary: baseline },
        speedRatio: speedRatioOf(httpSubset, baseline),
        targets: [],
        figures: {},
        notes: ["auth, rate limits, validation, display records, JSON: no socket"],
      });
    }
  } finally {
    database.close();
  }
  return results;
}
