import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { normalizeDomain, normalizeLinkedinUrl } from "../normalize.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;
let clock = 1_000;
beforeEach(async () => {
  clock = 1_000;
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
});
afterEach(() => store.close());

describe("import jobs", () => {
  it("moves a job from queued to running to finished, once, within its tenant", async () => {
    const job = await store.importJobs.create(tenantUuid, { kind: "mbox", dry_run: true, file_name: "a.mbox", file_bytes: 10, options: { since: 5 } });
    expect(job).toMatchObject({ status: "queued", dry_run: true, kind: "mbox", options: { since: 5 }, items_processed: 0, summary: null, started_at: null });
    expect(await store.importJobs.get(otherTenantUuid, job.uuid)).toBeNull();
    expect(await store.importJobs.start(otherTenantUuid, job.uuid)).toBe(false);

    clock = 2_000;
    expect(await store.importJobs.start(tenantUuid, job.uuid)).toBe(true);
    expect(await store.importJobs.start(tenantUuid, job.uuid)).toBe(false);
    clock = 3_000;
    await store.importJobs.progress(tenantUuid, job.uuid, { items_processed: 7, bytes_processed: 5, summary: { emails: { new: 7 } } });
    expect(await store.importJobs.get(tenantUuid, job.uuid)).toMatchObject({ status: "running", started_at: 2_000, updated_at: 3_000, items_processed: 7, summary: { emails: { new: 7 } } });

    clock = 4_000;
    expect(await store.importJobs.finish(tenantUuid, job.uuid, { status: "succeeded", summary: { done: true }, error: null })).toBe(true);
    expect(await store.importJobs.finish(tenantUuid, job.uuid, { status: "failed", summary: null, error: "late" })).toBe(false);
    expect(await store.importJobs.get(tenantUuid, job.uuid)).toMatchObject({ status: "succeeded", finished_at: 4_000, summary: { done: true }, error: null });
  });

  it("replaces, with replacingError, only an ending that failed with exactly that error, within its tenant", async () => {
    const guessed = await store.importJobs.create(tenantUuid, { kind: "mbox", dry_run: false });
    await store.importJobs.finish(tenantUuid, guessed.uuid, { status: "failed", summary: null, error: "runner lost" });
    const truth = { status: "succeeded", summary: { done: true }, error: null } as const;
    expect(await store.importJobs.finish(tenantUuid, guessed.uuid, truth)).toBe(false);
    expect(await store.importJobs.finish(otherTenantUuid, guessed.uuid, truth, { replacingError: "runner lost" })).toBe(false);
    expect(await store.importJobs.finish(tenantUuid, guessed.uuid, truth, { replacingError: "runner" })).toBe(false);
    clock = 5_000;
    expect(await store.importJobs.finish(tenantUuid, guessed.uuid, truth, { replacingError: "runner lost" })).toBe(true);
    expect(await store.importJobs.get(tenantUuid, guessed.uuid)).toMatchObject({ status: "succeeded", summary: { done: true }, error: null, finished_at: 5_000 });
    // Ended by its runner: nothing replaces it any more.
    expect(await store.importJobs.finish(tenantUuid, guessed.uuid, { status: "failed", summary: null, error: "runner lost" }, { replacingError: "runner lost" })).toBe(false);

    const running = await store.importJobs.create(tenantUuid, { kind: "mbox", dry_run: false });
    expect(await store.importJobs.finish(tenantUuid, running.uuid, truth, { replacingError: "runner lost" })).toBe(true);
  });

  it("asks an unfinished job of its tenant to stop, keeping the first ask's time and the heartbeat", async () => {
    const job = await store.importJobs.create(tenantUuid, { kind: "mbox", dry_run: false });
    expect(job.cancel_requested_at).toBeNull();
    await store.importJobs.start(tenantUuid, job.uuid);
    expect(await store.importJobs.requestCancel(otherTenantUuid, job.uuid)).toBe(false);
    expect((await store.importJobs.get(tenantUuid, job.uuid))?.cancel_requested_at).toBeNull();
    clock = 7_000;
    expect(await store.importJobs.requestCancel(tenantUuid, job.uuid)).toBe(true);
    clock = 8_000;
    expect(await store.importJobs.requestCancel(tenantUuid, job.uuid)).toBe(true);
    expect(await store.importJobs.get(tenantUuid, job.uuid)).toMatchObject({ status: "running", cancel_requested_at: 7_000, updated_at: 1_000 });
    expect(await store.importJobs.finish(tenantUuid, job.uuid, { status: "cancelled", summary: { done: false }, error: null })).toBe(true);
    expect(await store.importJobs.get(tenantUuid, job.uuid)).toMatchObject({ status: "cancelled", finished_at: 8_000 });
    // Ended: nothing left to stop.
    expect(await store.importJobs.requestCancel(tenantUuid, job.uuid)).toBe(false);
  });

  it("fails only unfinished jobs whose heartbeat is older than the cutoff", async () => {
    const stale = await store.importJobs.create(tenantUuid, { kind: "ics", dry_run: false });
    await store.importJobs.start(tenantUuid, stale.uuid);
    clock = 50_000;
    const fresh = await store.importJobs.create(tenantUuid, { kind: "ics", dry_run: false });
    const done = await store.importJobs.create(tenantUuid, { kind: "ics", dry_run: false });
    await store.importJobs.finish(tenantUuid, done.uuid, { status: "succeeded", summary: null, error: null });
    const foreign = await store.importJobs.create(otherTenantUuid, { kind: "ics", dry_run: false });
    clock = 1_000;
    const foreignStale = await store.importJobs.create(otherTenantUuid, { kind: "ics", dry_run: false });
    clock = 60_000;

    expect(await store.importJobs.failStale(tenantUuid, 40_000, "runner gone")).toBe(1);
    expect(await store.importJobs.get(tenantUuid, stale.uuid)).toMatchObject({ status: "failed", error: "runner gone", finished_at: 60_000 });
    expect((await store.importJobs.get(tenantUuid, fresh.uuid))?.status).toBe("queued");
    expect((await store.importJobs.get(tenantUuid, done.uuid))?.status).toBe("succeeded");
    expect((await store.importJobs.get(otherTenantUuid, foreign.uuid))?.status).toBe("queued");
    expect((await store.importJobs.get(otherTenantUuid, foreignStale.uuid))?.status).toBe("queued");
  });
});

describe("match keys", () => {
  it("finds the oldest company by domain or by name, case-insensitively", async () => {
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex Inc.", domain: "www.Globex.example" });
    clock = 2_000;
    await store.companies.create({ tenant_uuid: tenantUuid, company_name: "globex inc.", domain: null });
    await store.companies.create({ tenant_uuid: otherTenantUuid, company_name: "Initech", domain: "initech.example" });
    expect((await store.matchKeys.companyByDomain(tenantUuid, "globex.example"))?.uuid).toBe(globex.uuid);
    expect((await store.matchKeys.companyByName(tenantUuid, "  GLOBEX INC. "))?.uuid).toBe(globex.uuid);
    expect(await store.matchKeys.companyByName(tenantUuid, "Initech")).toBeNull();
    // A capital other than A–Z: found as written, its A–Z folded as SQLite's lower() folds them.
    const edf = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Électricité de France", domain: null });
    expect((await store.matchKeys.companyByName(tenantUuid, "Électricité de France"))?.uuid).toBe(edf.uuid);
    expect((await store.matchKeys.companyByName(tenantUuid, "ÉLECTRICITé DE FRANCE"))?.uuid).toBe(edf.uuid);
    expect(await store.matchKeys.companyByDomain(tenantUuid, "initech.example")).toBeNull();
  });

  it("finds a company by its name composed or decomposed alike (NFC, NFD)", async () => {
    const itau = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Itau\u0301 Unibanco", domain: null });
    const societe = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Société Générale", domain: null });
    expect((await store.matchKeys.companyByName(tenantUuid, "ITAú Unibanco"))?.uuid).toBe(itau.uuid);
    expect((await store.matchKeys.companyByName(tenantUuid, " Socie\u0301te\u0301 ge\u0301ne\u0301rale "))?.uuid).toBe(societe.uuid);
    expect(await store.matchKeys.companyByName(tenantUuid, "Itau Unibanco")).toBeNull();
    expect(await store.matchKeys.companyByName(otherTenantUuid, "Itaú Unibanco")).toBeNull();
  });

  it("finds a company by its name in any letter's case of any script, and in compatibility forms", async () => {
    const vtb = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "ВТБ", domain: null });
    const oko = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "ÖKO GmbH", domain: null });
    const alfa = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "ΑΛΦΑ", domain: null });
    const toyota = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Toyota", domain: null });
    const strasse = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Straße AG", domain: null });
    const muller = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Müller AG", domain: null });
    expect((await store.matchKeys.companyByName(tenantUuid, "втб"))?.uuid).toBe(vtb.uuid);
    expect((await store.matchKeys.companyByName(tenantUuid, "öko gmbh"))?.uuid).toBe(oko.uuid);
    expect((await store.matchKeys.companyByName(tenantUuid, "Άλφα"))?.uuid).toBe(alfa.uuid);
    expect((await store.matchKeys.companyByName(tenantUuid, "ＴＯＹＯＴＡ\u3000"))?.uuid).toBe(toyota.uuid);
    expect((await store.matchKeys.companyByName(tenantUuid, "STRASSE AG"))?.uuid).toBe(strasse.uuid);
    // Accents other than Greek's count: a name without them may be another firm's.
    expect(await store.matchKeys.companyByName(tenantUuid, "Muller AG")).toBeNull();
    expect((await store.matchKeys.companyByName(tenantUuid, "MÜLLER AG"))?.uuid).toBe(muller.uuid);
    expect(await store.matchKeys.companyByName(otherTenantUuid, "втб")).toBeNull();
  });

  it("finds a renamed company by its new name, not its former one", async () => {
    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex", domain: null });
    await store.companies.update(tenantUuid, company.uuid, { company_name: "Ёлка" });
    expect((await store.matchKeys.companyByName(tenantUuid, "ЁЛКА"))?.uuid).toBe(company.uuid);
    expect(await store.matchKeys.companyByName(tenantUuid, "globex")).toBeNull();
  });

  it("normalizes LinkedIn URLs and domains to their match keys", () => {
    expect(normalizeLinkedinUrl("https://uk.linkedin.com/in/Ada-Park/?trk=x")).toBe("linkedin.com/in/ada-park");
    expect(normalizeLinkedinUrl("www.linkedin.com/in/j%C3%B6rg")).toBe("linkedin.com/in/jörg");
    expect(normalizeLinkedinUrl("https://example.com/in/ada")).toBeNull();
    expect(normalizeDomain("https://www.Globex.example/about")).toBe("globex.example");
    expect(normalizeDomain("Globex")).toBeNull();
  });
});

describe("email bodies", () => {
  it("keeps the first body of an email of the tenant", async () => {
    const { email } = await store.emails.ingest(tenantUuid, { message_id: "<b1@x>", sent_at: 1, from: { email: "a@x.example" } });
    await store.emailBodies.put(tenantUuid, email.uuid, "first");
    await store.emailBodies.put(tenantUuid, email.uuid, "second");
    expect(await store.emailBodies.get(tenantUuid, email.uuid)).toBe("first");
    expect(await store.emailBodies.get(otherTenantUuid, email.uuid)).toBeNull();
    await expect(store.emailBodies.put(otherTenantUuid, email.uuid, "x")).rejects.toBeInstanceOf(InvalidInputError);
  });
});
