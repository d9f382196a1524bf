/** POST /v1/persons/activity-stats/batch: email and meeting counts per period for up to MAX_BATCH_TARGETS persons. */
import { activityStats, ACTIVITY_PERIODS, type ActivityPeriod, type PeriodStats, type UserActivityStats } from "@rapport/graph";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { openRelationshipView, type RelationshipView } from "../../relationships/relationship-view.js";
import { MAX_BATCH_TARGETS, targetUuids } from "./path-batch-body.js";
import { MAX_PERIOD_LIST_LENGTH } from "../../platform/request/field-limits.js";

/** The one `group_by`: a row per internal user in `by_user`. */
const GROUP_BY_INTERNAL_USER = "internal_user";
/** The one `sort_by`: fills `top_email_user` and `top_meeting_user`. */
const SORT_BY_TOP_USER = "top_user";

const periodSchema = z.object({
  period: z.enum(ACTIVITY_PERIODS as [ActivityPeriod, ...ActivityPeriod[]]).describe("A window ending at the request's time: 90_days is the last 90 × 24 hours, not a calendar quarter."),
  last_activity_date: z.string().nullable().describe("YYYY-MM-DD (UTC) of the latest interaction in the period."),
  activity_counts: z.object({ emails: z.number().int().default(0), meetings: z.number().int().default(0), total: z.number().int().default(0) }),
});

const userStatsSchema = z.object({
  internal_user_uuid: z.string(),
  internal_user_person_uuid: z.string(),
  name: z.string(),
  periods: z.array(periodSchema),
});

const statsSchema = z.object({
  entity_type: z.literal("PERSON"),
  entity_uuid: z.string(),
  periods: z.array(periodSchema).describe("Empty when the person has no activity, or is not visible to the caller."),
  by_user: z.array(userStatsSchema).describe(`With group_by=${GROUP_BY_INTERNAL_USER}: one row per internal user who took part.`),
  top_email_user: userStatsSchema.nullable().describe(`With sort_by=${SORT_BY_TOP_USER}: the user with the most emails in 90 days (90-day counts).`),
  top_meeting_user: userStatsSchema.nullable().describe(`With sort_by=${SORT_BY_TOP_USER}: the user with the most meetings in 90 days.`),
});

const presentPeriod = (period: PeriodStats) => ({ period: period.period, last_activity_date: period.last_activity_date, activity_counts: period.activity_counts });
const presentUser = (view: RelationshipView, stats: UserActivityStats | null) =>
  stats && {
    internal_user_uuid: stats.internal_user_uuid,
    internal_user_person_uuid: stats.internal_user_person_uuid,
    name: view.users.get(stats.internal_user_uuid)?.name ?? "",
    periods: stats.periods.map(presentPeriod),
  };

export const batchPersonActivityStats = defineOperation({
  operationId: "batchPersonActivityStats",
  method: "post",
  readOnly: true,
  path: "/v1/persons/activity-stats/batch",
  area: "Activity",
  summary: "Activity statistics for many persons",
  description:
    `Counts of emails and meetings per period (30, 90, 180, 365 days, all time) for up to ${MAX_BATCH_TARGETS} persons, in input order. group_by=${GROUP_BY_INTERNAL_USER} adds a per-user breakdown; sort_by=${SORT_BY_TOP_USER} fills top_email_user and top_meeting_user. Persons with no data, or not visible to the caller, get empty periods without failing the batch.`,
  body: z
    .object({
      uuids: targetUuids("Person"),
      group_by: z.enum([GROUP_BY_INTERNAL_USER]).optional().describe(`${GROUP_BY_INTERNAL_USER} adds by_user.`),
      periods: z
        .string()
        .max(MAX_PERIOD_LIST_LENGTH, `at most ${MAX_PERIOD_LIST_LENGTH} characters`)
        .optional()
        .transform((value, context) => {
          if (value === undefined) return undefined;
          const requested = value.split(",").map((item) => item.trim()).filter(Boolean);
          if (requested.length === 0) {
            // An empty answer would read as "no activity": a client that wants every period omits the field.
            context.addIssue({ code: "custom", message: `names no period; omit it for all, or use ${ACTIVITY_PERIODS.join(", ")}` });
            return z.NEVER;
          }
          const unknown = requested.find((item) => !(ACTIVITY_PERIODS as readonly string[]).includes(item));
          if (unknown !== undefined) {
            context.addIssue({ code: "custom", message: `unknown period '${unknown}'; use ${ACTIVITY_PERIODS.join(", ")}` });
            return z.NEVER;
          }
          return requested as ActivityPeriod[];
        })
        .describe(`Comma-separated from ${ACTIVITY_PERIODS.join(", ")}; all when omitted.`),
      sort_by: z.enum([SORT_BY_TOP_USER]).optional().describe(`${SORT_BY_TOP_USER} fills top_email_user and top_meeting_user.`),
    })
    .strict(),
  response: z.object({ results: z.array(statsSchema).describe("One entry per input UUID, in input order.") }),
  example: { body: { uuids: ["06efa435-6c62-4cb7-9770-f221a0bcd7c6"], group_by: GROUP_BY_INTERNAL_USER, periods: "30_days,90_days", sort_by: SORT_BY_TOP_USER } },
  async handler({ body, auth, services }) {
    const view = await openRelationshipView(services, auth);
    const known = await services.store.persons.getMany(auth.tenant.uuid, body.uuids);
    const results = body.uuids.map((uuid) => {
      const stats = known.has(uuid) ? activityStats(view.graph, { entity: "person", uuid }, { now: view.now, periods: body.periods }) : null;
      return {
        entity_type: "PERSON" as const,
        entity_uuid: uuid,
        periods: stats?.periods.map(presentPeriod) ?? [],
        by_user: body.group_by === GROUP_BY_INTERNAL_USER && stats ? stats.by_user.map((row) => presentUser(view, row)!) : [],
        top_email_user: body.sort_by === SORT_BY_TOP_USER && stats ? presentUser(view, stats.top_email_user) : null,
        top_meeting_user: body.sort_by === SORT_BY_TOP_USER && stats ? presentUser(view, stats.top_meeting_user) : null,
      };
    });
    return { results };
  },
});
