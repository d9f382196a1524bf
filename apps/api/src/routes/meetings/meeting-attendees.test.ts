import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

type Attendee = { person_uuid: string; response: string };
// Every call here answers a JSON body (no 204).
const call = async (path: string, options: { method?: string; body?: unknown } = {}) => {
  const { status, body } = await context.json(path, { ...options, key: acme.key });
  return { status, body: body! };
};
const post = (fields: object) => call("/v1/meetings", { method: "POST", body: { title: "Review", starts_at: "2026-11-20T15:00:00Z", ...fields } });
const sorted = (attendees: Attendee[]) => [...attendees].sort((left, right) => left.person_uuid.localeCompare(right.person_uuid));
const personByEmail = async (email: string) => (await context.services.store.persons.findByEmails(acme.tenant.uuid, [email])).get(email);

describe("the same person twice in a meeting's attendees", () => {
  it("is a 400 naming both positions once addresses resolve to persons, and creates nothing", async () => {
    const attendees = [
      acme.admin.email.toUpperCase(),
      "first.time@northwind.example",
      { email: "jordan@northwind.example" },
      { person_uuid: acme.admin.person_uuid, response: "declined" },
    ];
    const refused = await post({ attendees });
    expect(refused).toEqual({ status: 400, body: { error: `attendees.0 and attendees.3 name the same person, ${acme.admin.person_uuid}` } });
    expect((await call("/v1/meetings")).body.total).toBe(0);
    expect(await personByEmail("first.time@northwind.example")).toBeUndefined();
    const sameAddress = await post({ attendees: ["sam@northwind.example", " SAM@northwind.example "] });
    expect([sameAddress.status, sameAddress.body.error]).toEqual([400, expect.stringMatching(/^attendees\.0 and attendees\.1 name the same person, /)]);
    expect(await personByEmail("sam@northwind.example")).toBeUndefined();
  });

  it("is a 400 on PUT too, leaving the meeting as it was", async () => {
    const created = await post({ attendees: ["jordan@northwind.example"] });
    const path = `/v1/meetings/${created.body.uuid}`;
    const refused = await call(path, { method: "PUT", body: { title: "Changed", attendees: [{ person_uuid: acme.member.person_uuid }, acme.member.email] } });
    expect(refused).toEqual({ status: 400, body: { error: `attendees.0 and attendees.1 name the same person, ${acme.member.person_uuid}` } });
    // An attendee that is no address is named by its position ("participant 'ada' is neither ..." named none).
    const notAddress = await call(path, { method: "PUT", body: { attendees: ["sam@northwind.example", { email: "ada", name: "Ada" }] } });
    expect(notAddress).toEqual({ status: 400, body: { error: "body field 'attendees.1.email': 'ada' is not an email address or 'Name <address>'" } });
    // A blank email beside a person_uuid is a client's bug, refused by its path (the uuid used to decide the person).
    const blank = await call(path, { method: "PUT", body: { attendees: [{ person_uuid: acme.member.person_uuid, email: "" }] } });
    expect(blank).toEqual({ status: 400, body: { error: "body field 'attendees.0.email': must not be blank: send an email address, or leave email out beside person_uuid" } });
    expect((await call(path)).body).toEqual(created.body);
  });

  it("still lets the organizer be listed among the attendees: once, accepting, as the organizer always is", async () => {
    const created = await post({ organizer: acme.admin.email, attendees: [{ person_uuid: acme.admin.person_uuid, response: "declined" }, "jordan@northwind.example"] });
    expect(created.status).toBe(201);
    const jordan = await personByEmail("jordan@northwind.example");
    expect(sorted(created.body.attendees)).toEqual(sorted([{ person_uuid: acme.admin.person_uuid, response: "accepted" }, { person_uuid: jordan!, response: "accepted" }]));
  });
});

describe("changing a meeting's organizer without its attendees", () => {
  it("leaves the attendee list a POST with the same fields would build: the old organizer off it, the new one on", async () => {
    const created = await post({ organizer: acme.admin.email, attendees: ["jordan@northwind.example", { email: "sam@northwind.example", response: "declined" }] });
    const path = `/v1/meetings/${created.body.uuid}`;
    const changed = await call(path, { method: "PUT", body: { organizer: acme.member.email } });
    expect(changed.status).toBe(200);
    const rebuilt = await post({ organizer: acme.member.email, attendees: ["jordan@northwind.example", { email: "sam@northwind.example", response: "declined" }] });
    expect(changed.body.organizer_person_uuid).toBe(acme.member.person_uuid);
    expect(sorted(changed.body.attendees)).toEqual(sorted(rebuilt.body.attendees));
    expect(changed.body.attendees.map((attendee: Attendee) => attendee.person_uuid)).not.toContain(acme.admin.person_uuid);

    const noOrganizer = await call(path, { method: "PUT", body: { organizer: null } });
    expect(noOrganizer.body.organizer_person_uuid).toBeNull();
    expect(noOrganizer.body.attendees.map((attendee: Attendee) => attendee.person_uuid)).not.toContain(acme.member.person_uuid);
    expect(noOrganizer.body.attendees).toHaveLength(2);
  });

  it("keeps the old organizer when the PUT lists them among the attendees, and changes nothing when the organizer stays", async () => {
    const created = await post({ organizer: acme.admin.email, attendees: ["jordan@northwind.example"] });
    const path = `/v1/meetings/${created.body.uuid}`;
    expect((await call(path, { method: "PUT", body: { organizer: acme.admin.email } })).body.attendees).toEqual(created.body.attendees);
    const handedOver = await call(path, { method: "PUT", body: { organizer: acme.member.email, attendees: [acme.admin.email, "jordan@northwind.example"] } });
    expect(handedOver.body.attendees.map((attendee: Attendee) => attendee.person_uuid)).toEqual(expect.arrayContaining([acme.admin.person_uuid, acme.member.person_uuid]));
    expect(handedOver.body.attendees).toHaveLength(3);
  });
});

describe("an attendee or organizer first seen by address alone", () => {
  it("is named by a later meeting's display name (organizer first, then attendees in order), moving their change time; a name given stays", async () => {
    const { store } = context.services;
    const dana = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "dana", emails: ["dana@partner.example"] });
    expect((await post({ organizer: "bob@partner.example", attendees: [{ email: "cleo@partner.example", name: "Cleo" }] })).status).toBe(201);
    const [bob, cleo] = [(await personByEmail("bob@partner.example"))!, (await personByEmail("cleo@partner.example"))!];
    context.clock.advance(60_000);
    const response = await post({
      organizer: { email: "cleo@partner.example", name: "Cleo Smith" },
      attendees: [{ email: "bob@partner.example", name: "Bob Partner" }, { email: "cleo@partner.example", name: "C. Smith" }, { email: "dana@partner.example", name: "Dana Wu" }],
    });
    expect(response.status).toBe(201);
    const person = async (uuid: string) => (await store.persons.get(acme.tenant.uuid, uuid))!;
    expect(await person(bob)).toMatchObject({ name: "Bob Partner", service_updated_at: context.clock.now() });
    expect((await person(cleo)).name).toBe("Cleo Smith");
    expect(await person(dana.uuid)).toMatchObject({ name: "dana", service_updated_at: dana.service_updated_at });
  });
});

describe("a meeting as a calendar or mail export writes it", () => {
  it("takes an organizer written 'Name <address>', the attendees as one string and a Date header's start; an item that is not one mailbox is named", async () => {
    const created = await post({
      starts_at: "Fri, 20 Nov 2026 16:00:00 +0100",
      organizer: "Ada Lovelace <ada@analytical.example>",
      attendees: `"Babbage, Charles" <charles@analytical.example>, =?UTF-8?Q?Mar=C3=ADa?= <maria@analytical.example>`,
    });
    expect(created.status).toBe(201);
    expect(created.body.starts_at).toBe(Date.UTC(2026, 10, 20, 15));
    const names = await Promise.all(["ada", "charles", "maria"].map(async (local) => (await context.services.store.persons.get(acme.tenant.uuid, (await personByEmail(`${local}@analytical.example`))!))?.name));
    expect(names).toEqual(["Ada Lovelace", "Babbage, Charles", "María"]);
    expect(created.body.attendees).toHaveLength(3);
    const refused = await post({ attendees: ["ada@analytical.example", "a@x.example; b@x.example"] });
    expect(refused).toEqual({
      status: 400,
      body: { error: "body field 'attendees.1': 'a@x.example; b@x.example' holds 2 addresses: send one participant each (a list of participants also takes the whole list as one string)" },
    });
  });
});
