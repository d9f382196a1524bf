/** `affiliations.tenureSpans` and `interactions.spanTimeline`: a company's people while they were at it. */
import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PageRequest } from "../pagination/keyset-page.js";
import type { NewAffiliation } from "../records.js";
import type { TenureSpan } from "../store.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useFreshStore } from "../testing/fresh-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, readDuring } from "../testing/sqlite-plans.js";

const fresh = useFreshStore();
const DAY = 86_400_000;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);
const endOf = (day: string) => at(day) + DAY - 1;
const everything = (limit = 1_000): PageRequest => ({ position: { kind: "offset", offset: 0 }, limit });

async function company(name: string) {
  return (await fresh.store.companies.create({ tenant_uuid: fresh.tenantUuid, company_name: name })).uuid;
}

async function person(name: string, affiliations: NewAffiliation[]) {
  return (await fresh.store.persons.create({ tenant_uuid: fresh.tenantUuid, name, emails: [`${name}@x.example`], affiliations })).uuid;
}

async function email(messageId: string, day: string, to: string) {
  const sender = await fresh.store.persons.create({ tenant_uuid: fresh.tenantUuid, name: `from ${messageId}`, emails: [`${messageId}@team.example`] });
  await fresh.store.emails.ingest(fresh.tenantUuid, { message_id: messageId, subject: messageId, sent_at: at(day) + 12 * 3_600_000, from: { person_uuid: sender.uuid }, to: [{ person_uuid: to }], cc: [] });
}

describe("affiliations.tenureSpans", () => {
  it("reads recorded days as whole days, and a day not recorded from the person's other tenures", async () => {
    const acme = await company("Acme");
    const globex = await company("Globex");
    const initech = await company("Initech");
    // A job change as Rapport records one: the old tenure ended on a day, the new one undated.
    const founder = await person("founder", [
      { company_uuid: acme, is_current: false, ended_on: "2026-06-30" },
      { company_uuid: globex, is_current: true },
    ]);
    // Back at Acme after Initech: two spans there, Initech's between them.
    const returner = await person("returner", [
      { company_uuid: acme, is_current: false, started_on: "2020-01-01", ended_on: "2022-06-30" },
      { company_uuid: initech, is_current: false, ended_on: "2024-03-31" },
      { company_uuid: acme, is_current: true },
    ]);
    // A past tenure with no end: it ends where the next dated one starts.
    const leaver = await person("leaver", [
      { company_uuid: acme, is_current: false, started_on: "2019-01-01" },
      { company_uuid: initech, is_current: true, started_on: "2025-02-01" },
    ]);
    // Nothing dated anywhere: always there.
    const undated = await person("undated", [{ company_uuid: acme, is_current: true }]);
    const spans = async (of: string) => fresh.store.affiliations.tenureSpans(fresh.tenantUuid, of);
    const byPerson = (of: Awaited<ReturnType<typeof spans>>) => of.map(({ person_uuid, from, to }) => [person_uuid, from, to]);
    expect(byPerson(await spans(acme))).toEqual(
      [
        [founder, null, endOf("2026-06-30")],
        [returner, at("2020-01-01"), endOf("2022-06-30")],
        [returner, at("2024-03-31"), null],
        [leaver, at("2019-01-01"), endOf("2025-02-01")],
        [undated, null, null],
      ].sort((left, right) => String(left[0]).localeCompare(String(right[0])) || Number(left[1] ?? -Infinity) - Number(right[1] ?? -Infinity)),
    );
    expect(byPerson(await spans(globex))).toEqual([[founder, at("2026-06-30"), null]]);
    expect(byPerson(await spans(initech))).toEqual(
      [
        [returner, at("2022-06-30"), endOf("2024-03-31")],
        [leaver, at("2025-02-01"), null],
      ].sort((left, right) => String(left[0]).localeCompare(String(right[0]))),
    );
    expect(await fresh.store.affiliations.tenureSpans("00000000-0000-4000-8000-000000000000", acme)).toEqual([]);
  });

  it("remembers each company's spans until a person or an affiliation is written", async () => {
    const acme = await company("Acme");
    const globex = await company("Globex");
    const founder = (await fresh.store.persons.create({ tenant_uuid: fresh.tenantUuid, name: "founder", primary_company_uuid: acme })).uuid;
    const spans = () => fresh.store.affiliations.tenureSpans(fresh.tenantUuid, acme);
    const reads = async (run: () => Promise<unknown>) => (await readDuring(run)).filter((source) => /from "affiliations"/.test(source)).length;
    const before = await spans();
    expect(before).toEqual([{ person_uuid: founder, from: null, to: null }]);
    expect(await reads(spans)).toBe(0);
    // A caller changing what it got changes nothing remembered.
    (await spans())[0]!.to = 0;
    expect(await spans()).toEqual(before);
    // A job change ends the Acme tenure today: its span ends, read afresh.
    await fresh.store.persons.update(fresh.tenantUuid, founder, { primary_company_uuid: globex });
    const [moved] = await spans();
    expect(moved?.to).toEqual(expect.any(Number));
    expect(await reads(spans)).toBe(0);
  });
});

describe("interactions.spanTimeline", () => {
  it("lists what each person did while at the company, by offset and by cursor, the total counting the same", async () => {
    const acme = await company("Acme");
    const globex = await company("Globex");
    const founder = await person("founder", [
      { company_uuid: acme, is_current: false, ended_on: "2026-06-30" },
      { company_uuid: globex, is_current: true },
    ]);
    const returner = await person("returner", [
      { company_uuid: acme, is_current: false, started_on: "2020-01-01", ended_on: "2022-06-30" },
      { company_uuid: globex, is_current: false, ended_on: "2024-03-31" },
      { company_uuid: acme, is_current: true },
    ]);
    const days = ["2019-06-01", "2021-01-01", "2023-01-01", "2024-03-31", "2025-01-01", "2026-06-30", "2026-09-01"];
    for (const [index, day] of days.entries()) {
      await email(`f${index}`, day, founder);
      await email(`r${index}`, day, returner);
    }
    const read = (of: string, request: PageRequest) => fresh.store.affiliations.tenureSpans(fresh.tenantUuid, of).then((spans) => fresh.store.interactions.spanTimeline(fresh.tenantUuid, spans, request));
    const titlesOf = async (of: string) => {
      const page = await read(of, everything());
      expect(page.total).toBe(page.rows.length);
      // Newest first; one day's two emails by uuid, so compared in name order.
      expect(page.rows.map((row) => row.occurred_at)).toEqual(page.rows.map((row) => row.occurred_at).sort((left, right) => right - left));
      return page.rows.map((row) => row.title).sort();
    };
    // Acme: the founder until she left (her day of leaving included), the returner's first tenure and since she came back.
    expect(await titlesOf(acme)).toEqual(["f0", "f1", "f2", "f3", "f4", "f5", "r1", "r3", "r4", "r5", "r6"]);
    // Globex: the founder from the day she joined, the returner until she left for Acme again.
    expect(await titlesOf(globex)).toEqual(["f5", "f6", "r2", "r3"]);
    // Cursor pages give the same, one by one.
    const whole = await read(acme, everything());
    let page = await read(acme, everything(2));
    const walked = [...page.rows];
    while (page.hasMore) {
      page = await read(acme, { position: { kind: "after", key: page.lastKey! }, limit: 2 });
      walked.push(...page.rows);
    }
    expect(walked).toEqual(whole.rows);
    // A range within the spans.
    const spans = await fresh.store.affiliations.tenureSpans(fresh.tenantUuid, acme);
    const ranged = await fresh.store.interactions.spanTimeline(fresh.tenantUuid, spans, { ...everything(), occurredAfter: at("2024-01-01"), occurredBefore: at("2025-12-31") });
    expect(ranged.total).toBe(4);
  });

  it("reads each span from the participation indexes, seeked by person and time, under statistics like benchmark scale L's", async () => {
    const folder = mkdtempSync(join(tmpdir(), "tenure-spans-"));
    const path = join(folder, "plan.db");
    try {
      const store = await createSqliteStore({ path });
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const acme = (await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme" })).uuid;
      const first = await store.persons.create({ tenant_uuid: tenantUuid, name: "first", affiliations: [{ company_uuid: acme, is_current: false, ended_on: "2026-06-30" }] });
      const second = await store.persons.create({ tenant_uuid: tenantUuid, name: "second", affiliations: [{ company_uuid: acme, is_current: true, started_on: "2026-07-01" }] });
      const spans: TenureSpan[] = [];
      // Read at its first asking: the store remembers the spans after.
      const tenures = (await readDuring(async () => spans.push(...(await store.affiliations.tenureSpans(tenantUuid, acme))))).filter((source) => /affiliations/.test(source));
      expect(spans.map((span) => span.person_uuid).sort()).toEqual([first.uuid, second.uuid].sort());
      const sources = [
        ...(await readDuring(() => store.interactions.spanTimeline(tenantUuid, spans, everything(50)))),
        ...(await readDuring(() => store.interactions.spanTimeline(tenantUuid, spans, { position: { kind: "after", key: [at("2026-08-01"), "f"] }, limit: 50 }))),
        ...(await readDuring(() => store.interactions.spanTimeline(tenantUuid, spans, { ...everything(50), occurredAfter: at("2026-01-01"), occurredBefore: at("2026-12-31") }))),
      ];
      const spanReads = sources.filter((source) => /json_each/.test(source) && /email_participants/.test(source));
      // The offset page's count and page, and the cursor page's windows.
      expect(spanReads.length).toBeGreaterThanOrEqual(3);
      await store.close();
      const sqlite = new SqliteDatabase(path);
      try {
        useScaleLStatistics(sqlite, ["email_participants", "meeting_attendees", "affiliations", "persons"]);
        for (const source of spanReads) {
          // The window and the range are cut into the spans: a second bound beside a span's would leave the seek
          // one of the two, and an open span would walk its person's history back to the other.
          expect(source).not.toMatch(/"(sent_at|counted_at)" (>=|<=)/);
          const plan = planOf(sqlite, source);
          expect(plan).toMatch(/COVERING INDEX email_participants_person_sent \(tenant_uuid=\? AND person_uuid=\? AND sent_at>\? AND sent_at<\?/);
          expect(plan).toMatch(/COVERING INDEX meeting_attendees_person_counted \(tenant_uuid=\? AND person_uuid=\? AND counted_at>\? AND counted_at<\?/);
        }
        expect(tenures).toHaveLength(1);
        const plan = planOf(sqlite, tenures[0]!);
        expect(plan).toContain("INDEX affiliations_tenant_company_current (tenant_uuid=? AND company_uuid=?)");
        expect(plan).toContain("INDEX affiliations_tenant_person (tenant_uuid=? AND person_uuid=?)");
      } finally {
        sqlite.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
