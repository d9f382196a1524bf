/** @module Activity statistics: counts of emails and meetings per period, for an entity and per internal user. */
import { DAY_MILLISECONDS, toIsoDateOrNull } from "./internal/dates.js";
import { requireEntity } from "./internal/entity-reference.js";
import { invalidArgument } from "./internal/errors.js";
import type { GraphState, PersonRecord } from "./internal/graph-state.js";
import { ACTIVITY_STATS_OPTION_NAMES } from "./internal/option-names.js";
import { compareUuids } from "./internal/scores.js";
import { requireOptions, requireTime } from "./internal/validate.js";
import { countActivityByPeriod, type PeriodCounter, type PersonSpans } from "./internal/activity-counts.js";
import { unorderedExternalMembers } from "./internal/team-connections.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import type { ActivityPeriod, ActivityStats, EntityReference, PeriodStats, UserActivityStats } from "./types.js";

/**
 * Every activity period, shortest first.
 *
 * @example
 * import { ACTIVITY_PERIODS } from "@rapport/graph";
 * ACTIVITY_PERIODS; // ["30_days", "90_days", "180_days", "365_days", "all_time"]
 */
export const ACTIVITY_PERIODS: readonly ActivityPeriod[] = Object.freeze(["30_days", "90_days", "180_days", "365_days", "all_time"]);

const PERIOD_DAYS: Record<ActivityPeriod, number> = {
  "30_days": 30,
  "90_days": 90,
  "180_days": 180,
  "365_days": 365,
  all_time: Number.POSITIVE_INFINITY,
};

/** Options of {@link activityStats}. */
export interface ActivityStatsOptions {
  /** The present, epoch milliseconds. */
  now: number;
  /** Periods to return, in any order (returned shortest first). Default: all. */
  periods?: readonly ActivityPeriod[] | undefined;
  /**
   * Count in `periods` only the interactions an internal user other than the subject took part in: the team's
   * activity with the subject, leaving out what the subject did with outsiders alone (a mail to a list, a
   * meeting without the team). `by_user` and the top users are the same either way. Default false.
   */
  teamOnly?: boolean | undefined;
  /**
   * A company only: count over these persons, each within their spans of time (epoch milliseconds, both inclusive,
   * null open on that side), instead of over its current external members: the company's people while they were at
   * it, past ones included (a store's tenure spans). Internal users and persons not in the graph are left out; an
   * interaction within the spans of two of them counts once.
   */
  spans?: ReadonlyArray<{ person_uuid: string; from: number | null; to: number | null }> | undefined;
}

/** Each period's length in milliseconds, position for position with ACTIVITY_PERIODS (shortest first). */
const PERIOD_LENGTHS = ACTIVITY_PERIODS.map((period) => PERIOD_DAYS[period] * DAY_MILLISECONDS);

function periodStats(counter: PeriodCounter, periods: readonly ActivityPeriod[], now: number): PeriodStats[] {
  return periods.map((period) => {
    const position = ACTIVITY_PERIODS.indexOf(period);
    const emails = counter.emails[position] ?? 0;
    const meetings = counter.meetings[position] ?? 0;
    const inPeriod = counter.lastAt !== null && now - counter.lastAt <= PERIOD_DAYS[period] * DAY_MILLISECONDS;
    const lastAt = inPeriod ? counter.lastAt : null;
    return {
      period,
      last_activity_at: lastAt,
      last_activity_date: toIsoDateOrNull(lastAt),
      activity_counts: { emails, meetings, total: emails + meetings },
    };
  });
}

/**
 * Activity statistics of a person, or of a company over its currently affiliated external persons (an interaction
 * shared by two of them counts once), or with `spans` over the persons given, each within their spans. For each period: emails, meetings, total and the last activity, over
 * counted interactions with `now - occurredAt <= period` (future and cancelled ones excluded). `by_user`
 * has one row per internal user who took part in at least one of those interactions (the subject itself
 * excluded), ordered by user uuid; `top_email_user` / `top_meeting_user` are the users with the most emails
 * / meetings in the last 90 days (ties: more 90-day interactions, then user uuid), carrying only their
 * `90_days` period, and null when nobody has any. With `teamOnly`, `periods` counts only the interactions an
 * internal user other than the subject took part in.
 *
 * @param graph - The relationship graph.
 * @param entity - `{ entity: "person" | "company", uuid }`.
 * @param options - `now`, optionally the `periods` to return, `teamOnly` and (a company) `spans`.
 * @returns The stats; `periods` is empty when the entity has no counted interaction (with `teamOnly`: none with the team).
 *
 * @example
 * import { activityStats } from "@rapport/graph";
 * const stats = activityStats(graph, { entity: "person", uuid: "dana" }, { now: Date.UTC(2026, 11, 1), periods: ["30_days"] });
 * stats.periods[0]?.activity_counts; // { emails: 2, meetings: 0, total: 2 } (graph: docs/scoring.md's worked example)
 */
export function activityStats(graph: RelationshipGraph, entity: EntityReference, options: ActivityStatsOptions): ActivityStats {
  const functionName = "activityStats";
  const state = stateOf(functionName, graph);
  const reference = requireEntity(functionName, entity);
  const now = requireTime(functionName, "now", requireOptions(functionName, options, ACTIVITY_STATS_OPTION_NAMES).now);
  let periods: readonly ActivityPeriod[] = ACTIVITY_PERIODS;
  if (options.periods !== undefined) {
    if (!Array.isArray(options.periods)) throw invalidArgument(functionName, '"periods" to be an array', options.periods);
    for (const period of options.periods) {
      if (!ACTIVITY_PERIODS.includes(period)) throw invalidArgument(functionName, `each of "periods" to be one of ${ACTIVITY_PERIODS.join(", ")}`, period);
    }
    periods = ACTIVITY_PERIODS.filter((period) => options.periods?.includes(period));
  }
  const teamOnly = options.teamOnly ?? false;
  if (typeof teamOnly !== "boolean") throw invalidArgument(functionName, '"teamOnly" to be a boolean', teamOnly);

  const within = options.spans === undefined ? undefined : spansOf(state, reference, options.spans);
  let persons: PersonRecord[];
  if (reference.entity === "person") {
    const person = state.person(reference.uuid);
    persons = person === undefined ? [] : [person];
  } else {
    // Order-free: counts and latest times do not depend on the order of the members.
    persons = within === undefined ? unorderedExternalMembers(state, reference.uuid) : [...within.keys()];
  }

  const { total, byUser } = countActivityByPeriod(state, persons, now, PERIOD_LENGTHS, teamOnly, within);

  const result: ActivityStats = {
    entity_type: reference.entity === "person" ? "PERSON" : "COMPANY",
    entity_uuid: reference.uuid,
    periods: total.lastAt === null ? [] : periodStats(total, periods, now),
    by_user: [],
    top_email_user: null,
    top_meeting_user: null,
  };
  const users = [...byUser].sort(([left], [right]) => compareUuids(left.userUuid ?? "", right.userUuid ?? ""));
  const ninetyDays = ACTIVITY_PERIODS.indexOf("90_days");
  const top = (kind: "emails" | "meetings"): UserActivityStats | null => {
    let winner: [PersonRecord, PeriodCounter] | null = null;
    for (const entry of users) {
      const value = entry[1][kind][ninetyDays] ?? 0;
      if (value === 0) continue;
      if (winner === null) {
        winner = entry;
        continue;
      }
      const best = winner[1][kind][ninetyDays] ?? 0;
      const totalOf = (counter: PeriodCounter): number => (counter.emails[ninetyDays] ?? 0) + (counter.meetings[ninetyDays] ?? 0);
      if (value > best || (value === best && totalOf(entry[1]) > totalOf(winner[1]))) winner = entry;
    }
    return winner === null ? null : userStats(winner[0], winner[1], ["90_days"], now);
  };
  result.by_user = users.map(([user, counter]) => userStats(user, counter, periods, now));
  result.top_email_user = top("emails");
  result.top_meeting_user = top("meetings");
  return result;
}

/** The `spans` option checked, as the external persons' spans in the graph. */
function spansOf(state: GraphState, reference: EntityReference, spans: unknown): PersonSpans {
  const functionName = "activityStats";
  if (reference.entity !== "company") throw invalidArgument(functionName, '"spans" only for a company', spans);
  if (!Array.isArray(spans)) throw invalidArgument(functionName, '"spans" to be an array', spans);
  const within = new Map<PersonRecord, Array<readonly [number, number]>>();
  for (const span of spans as unknown[]) {
    const { person_uuid: personUuid, from, to } = (span ?? {}) as Record<string, unknown>;
    const bound = (value: unknown) => value === null || (typeof value === "number" && !Number.isNaN(value));
    if (typeof personUuid !== "string" || !bound(from) || !bound(to)) {
      throw invalidArgument(functionName, 'each of "spans" to be { person_uuid: string, from: number or null, to: number or null }', span);
    }
    const person = state.person(personUuid);
    if (person === undefined || person.userUuid !== null) continue;
    const list = within.get(person) ?? [];
    list.push([(from as number | null) ?? Number.NEGATIVE_INFINITY, (to as number | null) ?? Number.POSITIVE_INFINITY]);
    within.set(person, list);
  }
  return within;
}

function userStats(user: PersonRecord, counter: PeriodCounter, periods: readonly ActivityPeriod[], now: number): UserActivityStats {
  return { internal_user_uuid: user.userUuid ?? "", internal_user_person_uuid: user.uuid, periods: periodStats(counter, periods, now) };
}
