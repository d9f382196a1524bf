/** @module Test helper: the planner statistics of benchmark scale L, for plan tests on a small database. */
import type SqliteDatabase from "better-sqlite3";

/**
 * What the store's sampled statistics (`sqlite_stat1`, from `PRAGMA optimize` with `analysis_limit`) said
 * of these tables' indexes on the benchmark's L database: about a thousand rows per tenant in every index
 * led by the tenant, whatever the tenant's real size. Those of `person_emails` are derived, in the same form.
 */
const SCALE_L_STATISTICS = {
  // Not read from the L database: derived from its emails and meetings (one entry each), in the form of the
  // figures below, a thousand rows guessed per tenant.
  activity_feed: {
    activity_feed_by_item: "2000000 1 1",
    activity_feed_by_kind: "2000000 1001 1001 1",
    activity_feed_by_tenant: "2000000 1001 1",
    activity_feed_by_time: "2000000 1001 1 1",
  },
  affiliations: {
    affiliations_tenant_company_current: "200000 1001 1001 1001 1",
    affiliations_tenant_person: "200000 1001 1",
    sqlite_autoindex_affiliations_1: "200000 1",
  },
  associations: {
    associations_entity: "250249 1001 1001 1001",
    associations_link: "250249 1001 1",
    associations_opportunity_links: "250249 1001 1001 1001 1",
    associations_owner: "250249 1001 3 2",
    sqlite_autoindex_associations_1: "250249 1",
  },
  companies: {
    // Migration 0040's and 0065's indexes came after the L file was read: derived as the (tenant_uuid, domain) and
    // (tenant_uuid, company_name) indexes read, a thousand live companies guessed per tenant, one per key.
    // Migration 0096, after the L run: one key a company, as distinct as the names.
    companies_by_duplicate_name_key: "20000 1001 1",
    companies_match_domain: "20000 1001 1",
    companies_match_name_key: "20000 1001 1",
    companies_tenant_company_name: "20000 1001 1 1",
    // Migration 0064, after the L run: its key and name as distinct as the names of companies_tenant_company_name.
    companies_live_name_order: "20000 1001 1 1 1",
    companies_tenant_created_at: "20000 1001 1001 1",
    companies_tenant_domain: "20000 1001 1",
    companies_tenant_service_updated_at: "20000 1001 1001 1",
    // Migration 0086, after the L run: every company with a place, a thousand guessed per tenant in twenty countries.
    companies_live_places: "20000 1001 50 10 2 1",
    sqlite_autoindex_companies_1: "20000 1",
  },
  email_participants: {
    email_participants_person_sent: "4081384 1001 1001 1 1",
    sqlite_autoindex_email_participants_1: "4081384 3 1 1",
  },
  emails: {
    emails_tenant_message: "1666049 1001 1",
    // Migration 0051 added the uuid: one email per (tenant, sent_at, uuid), as one per (tenant, sent_at) before.
    emails_tenant_sent: "1666049 1001 1 1",
    sqlite_autoindex_emails_1: "1666049 1",
  },
  meeting_attendees: {
    meeting_attendees_person_counted: "1230743 1001 1001 1001 1",
    sqlite_autoindex_meeting_attendees_1: "1230743 4 1",
  },
  meetings: {
    meetings_live_starts: "333951 1001 1 1",
    // Migration 0050, after the L run these figures come from: its columns are as distinct as meetings_live_starts'.
    meetings_live_updated: "333951 1001 1 1",
    meetings_tenant_external: "333951 1001 1001",
    meetings_tenant_starts: "333951 1001 1 1",
    sqlite_autoindex_meetings_1: "333951 1",
  },
  // Not read from the L database (nor those of person_changes): derived in the form of the figures above, a
  // thousand rows guessed per tenant. A record is noted about twice before a search applies its notes.
  name_search_pending: {
    name_search_pending_by_record: "200000 2 2",
    name_search_pending_tenant: "200000 1001 1",
  },
  opportunities: {
    opportunities_live_totals: "100000 1001 1001 1001",
    opportunities_live_rows: "100000 1001",
    opportunities_live_by_update: "100000 1001 1 1",
    // Migration 0072, after the L run: its dates as distinct as 0067's update times.
    opportunities_live_by_activity: "100000 1001 1 1",
    opportunities_live_updated: "100000 1 1",
    opportunities_tenant_created_at: "100000 1001 1 1",
    opportunities_tenant_owner_user_uuid: "100000 1001 1001 1",
    opportunities_tenant_parent_uuid: "100000 1001 1001 1",
    opportunities_tenant_stage_uuid: "100000 1001 1001 1",
    opportunities_tenant_updated_at: "100000 1001 1 1",
    sqlite_autoindex_opportunities_1: "100000 1",
  },
  opportunity_search_documents: {
    sqlite_autoindex_opportunity_search_documents_1: "100000 1001 1",
  },
  // Derived as those of name_search_pending: a person's change is logged about twice in the window the log keeps.
  person_changes: {
    person_changes_by_generation: "200000 1001 2",
    person_changes_by_person: "200000 2 2",
  },
  // Not read from the L database: derived from scale L (one address per person and user, every one at the
  // generator's one domain) in the form of the figures above.
  person_emails: {
    person_emails_by_person: "200020 1 1 1 1 1",
    person_emails_tenant_domain: "200020 1001 1001",
    sqlite_autoindex_person_emails_1: "200020 1001 1",
  },
  persons: {
    persons_live_updated: "200020 1001 1001 1",
    persons_tenant_created_at: "200020 1001 1001 1",
    persons_tenant_linkedin_key: "200020 1001 1001",
    persons_tenant_name: "200020 1001 1 1",
    // Migration 0064, after the L run: its key and name as distinct as the names of persons_tenant_name.
    persons_live_name_order: "200020 1001 1 1 1",
    // Migration 0074, after the L run: every person with a primary company, ten to a company (20,000 companies).
    persons_by_primary_company: "200020 1001 10",
    persons_tenant_service_updated_at: "200020 1001 1001 1",
    // Migration 0086, after the L run: every person with a place, as companies_live_places.
    persons_live_places: "200020 1001 50 10 2 1",
    sqlite_autoindex_persons_1: "200020 1",
  },
} as const;

export type ScaleLTable = keyof typeof SCALE_L_STATISTICS;

/** Every table with figures of scale L. */
export const SCALE_L_TABLES = Object.keys(SCALE_L_STATISTICS) as ScaleLTable[];

/**
 * Analyzes `sqlite`'s database, replaces the statistics of `tables` with benchmark scale L's, and has the
 * connection's planner read them: its plans are then those the store would get at L.
 */
export function useScaleLStatistics(sqlite: SqliteDatabase.Database, tables: readonly ScaleLTable[]): void {
  sqlite.exec("analyze");
  const forget = sqlite.prepare("delete from sqlite_stat1 where tbl = ?");
  const insert = sqlite.prepare("insert into sqlite_stat1 (tbl, idx, stat) values (?, ?, ?)");
  for (const table of tables) {
    forget.run(table);
    for (const [index, figures] of Object.entries(SCALE_L_STATISTICS[table])) insert.run(table, index, figures);
  }
  sqlite.exec("analyze sqlite_schema");
}

/**
 * `useScaleLStatistics` for `tables`, and no statistics for every other table: a fixture's few rows would make a
 * scan of those look cheapest, so they are planned as SQLite plans a table it knows nothing about.
 */
export function useOnlyScaleLStatistics(sqlite: SqliteDatabase.Database, tables: readonly ScaleLTable[]): void {
  useScaleLStatistics(sqlite, tables);
  sqlite.prepare(`delete from sqlite_stat1 where tbl not in (${tables.map(() => "?").join(", ")})`).run(...tables);
  sqlite.exec("analyze sqlite_schema");
}
