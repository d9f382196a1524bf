/**
 * Migration 0061: an email that kept its body after its place in the activity feed was taken (a mail import with
 * kept bodies meeting a message stored before, or the body written just after the email) takes a new place at the
 * feed's end, as `store.emailBodies.put` has done since 2026-12-06: before, a poller that read the email without its
 * body never learnt that `has_body` changed. An email is moved when its feed entry was recorded before its body
 * (`recorded_at` < the body's `created_at`); one moved since (a merge, an erasure, the put itself) is left. A deleted
 * tenant's emails are left (its rows take no write; a purge removes them).
 *
 * `email_bodies` is read a page of rows at a time in rowid order, each page one statement that seeks each body's
 * feed entry by item (`activity_feed_by_item`) and re-lists the page's moved emails in their former feed order. A
 * page's bounds read the rowids alone; the page itself reads each body's `created_at`, stored after the text.
 */
import { sql, type Kysely, type Migration } from "kysely";

/** Bodies read per statement: bounds the time one statement holds and the rows it re-lists at once. */
const PAGE_ROWS = 2_000;

export const emailBodiesAnnouncedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const relistedAt = Date.now();
    let after = 0;
    for (;;) {
      // The page's last rowid, or null on the last (partial) page.
      const bound = await sql<{ last: number }>`select rowid as last from email_bodies where rowid > ${after}
        order by rowid limit 1 offset ${PAGE_ROWS - 1}`.execute(db);
      const last = bound.rows[0]?.last ?? null;
      await sql`insert or replace into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed)
        select entry.tenant_uuid, 'email', entry.item_uuid, ${relistedAt}, 1
        from email_bodies body
        join activity_feed entry on entry.item_uuid = body.email_uuid and entry.kind = 'email' and entry.tenant_uuid = body.tenant_uuid
        where body.rowid > ${after} ${last === null ? sql`` : sql`and body.rowid <= ${last}`}
          and entry.recorded_at < body.created_at
          and not exists (select 1 from tenants where tenants.uuid = body.tenant_uuid and tenants.deleted_at is not null)
        order by entry.sequence`.execute(db);
      if (last === null) return;
      after = Number(last);
    }
  },
};
