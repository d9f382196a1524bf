/**
 * @module
 * One person's timeline page (`interactions.timeline` with one person): their emails and counted meetings,
 * newest first, read from migration 0024's participation indexes in their order. For one person each index
 * already runs in time order, so SQLite merges the two (a compound `order by`) and stops at the page: the
 * busiest person's page no longer sorts their hundreds of thousands of participations, and their total is
 * counted in index order too (an email is listed once per role of the person, so it is grouped, not sorted), and
 * remembered in `totals` until a participation changes (migration 0036).
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { afterKeyCondition, type Page } from "../pagination/keyset-page.js";
import { rememberedTotal } from "../pagination/remembered-total.js";
import type { RememberedValues } from "../sqlite/generation-cache.js";
import type { TimelineRequest } from "../store.js";
import { countTimeline, emailParticipations, meetingParticipations, rangeKey, timelinePage, timelineRows, type TimelineRow } from "./timeline-participations.js";

/** The person's page of (kind, uuid, occurred_at) within the request's time range, ordered by `occurred_at` then uuid, both descending. */
export async function personTimelinePage(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuid: string,
  request: TimelineRequest,
  totals: RememberedValues<number> | null = null,
): Promise<Page<TimelineRow>> {
  const range = { after: request.occurredAfter, before: request.occurredBefore };
  let emails = emailParticipations(db, tenantUuid, range).where("person_uuid", "=", personUuid);
  let meetings = meetingParticipations(db, tenantUuid, range).where("person_uuid", "=", personUuid);
  const { position } = request;
  if (position.kind === "after") {
    // Each side seeks its own index to the cursor: the merged order is the two sides' orders merged.
    emails = emails.where(afterKeyCondition([{ column: "sent_at", direction: "desc" }, { column: "email_uuid", direction: "desc" }], position.key));
    meetings = meetings.where(afterKeyCondition([{ column: "counted_at", direction: "desc" }, { column: "meeting_uuid", direction: "desc" }], position.key));
  }
  let page = emails.unionAll(meetings).orderBy("occurred_at", "desc").orderBy("uuid", "desc").limit(request.limit + 1);
  if (position.kind === "offset" && position.offset > 0) page = page.offset(position.offset);
  const fetched = timelineRows(await page.execute());
  const total = position.kind === "offset" ? await rememberedTotal(totals, `person:${personUuid}${rangeKey(range)}`, () => countTimeline(db, tenantUuid, personUuid, range)) : null;
  return timelinePage(fetched, request.limit, total);
}
