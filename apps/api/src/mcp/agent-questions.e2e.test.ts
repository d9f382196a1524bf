/**
 * An agent over a real port, with the MCP SDK client, asking the demo tenant what a user asks: "what changed with my
 * relationships since yesterday?", "who should introduce me to Northwind?", "add a task for me to follow up with
 * Jordan". Each answer is reached in the calls the server's instructions route it to, and every error it meets says
 * what an agent can do.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUuid } from "../demo/demo-ids.js";
import { issueDemoKeys, seedDemoTenant, type DemoKeys } from "../demo/seed-demo-tenant.js";
import { startServer, type RunningServer } from "../server.js";
import { apiCaller } from "../testing/api-call.js";
import { createTestContext, TEST_START, type TestContext } from "../testing/test-harness.js";
import { FEWEST_CALLS_FOR_CHANGES, LATEST_INTERACTIONS_BY_USER, MY_MEETING, NO_ACTIVITY_TOOL, NO_MEETING_TOOL, NOTE_IS_NO_INTERACTION, PEOPLE_AT_COMPANY, PEOPLE_IN_PLACE } from "./mcp-instructions.js";
import { connectMcpClient } from "../testing/mcp-sdk-client.js";

const HOUR = 3_600_000;
const folder = mkdtempSync(join(tmpdir(), "rapport-agent-questions-"));
let context: TestContext;
let server: RunningServer;
let keys: DemoKeys;
const avery = { uuid: demoUuid("user-avery"), person_uuid: demoUuid("user-avery-person") };
const jordan = demoUuid("person-jordan");

beforeAll(async () => {
  const databasePath = join(folder, "demo.db");
  await seedDemoTenant(databasePath, () => TEST_START);
  context = await createTestContext({ databasePath });
  keys = await issueDemoKeys(context.services.store);
  server = await startServer(context.services, { port: 0 });
  // Two days on, "yesterday": Jordan writes to Avery, and the partner meeting moves to another room.
  context.clock.advance(48 * HOUR);
  const call = apiCaller(context, () => keys.tenant_key);
  const ingested = await call("/v1/emails/batch", {
    method: "POST",
    body: { messages: [{ message_id: "<term-sheet@northwind.example>", sent_at: context.clock.now(), subject: "Term sheet questions", from: "jordan@northwind-robotics.example", to: ["avery@demo-capital.example"] }] },
  });
  expect(ingested.status).toBe(200);
  const moved = await call(`/v1/meetings/${demoUuid("meeting-4")}`, { method: "PUT", body: { location: "Northwind HQ, room 4" } });
  expect(moved.status).toBe(200);
  context.clock.advance(6 * HOUR);
});
afterAll(async () => {
  await server?.close(100);
  await context?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The README's 40-tool selection (no activity feed, no createMeeting). */
const README_SELECTION = "?areas=person,company,recommended-paths,pathpower,relationships,note,task,users";

/** A connected client and the tool calls it made; `selection` is the /mcp query choosing its tools (all when empty). */
async function connect(key: string, selection = "") {
  const client = await connectMcpClient(server.url, key, "rapport-agent-test", { query: selection });
  const calls: string[] = [];
  const call = async (name: string, args: Record<string, unknown>) => {
    calls.push(name);
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as Array<{ text: string }>)[0]?.text ?? "";
    return { isError: result.isError === true, text, structured: result.structuredContent as Record<string, any> | undefined };
  };
  return { client, call, calls };
}

describe("an agent asking the demo tenant", () => {
  it("answers 'what changed with my relationships since yesterday?' in the three calls the instructions name", async () => {
    const { client, call, calls } = await connect(keys.user_keys[0]!.key);
    try {
      expect(client.getInstructions()).toContain(FEWEST_CALLS_FOR_CHANGES);
      const me = await call("getMe", {});
      expect(me.isError).toBe(false);
      expect(me.structured).toMatchObject({ user: { uuid: avery.uuid, person_uuid: avery.person_uuid, name: "Avery Stone" }, server_time: new Date(context.clock.now()).toISOString() });

      const yesterday = new Date(Date.parse(me.structured!.server_time) - 24 * HOUR).toISOString();
      const activity = await call("listActivity", { since: yesterday, person_uuid: me.structured!.user.person_uuid, per_page: 50 });
      expect(activity.isError).toBe(false);
      const items = activity.structured!.items as Array<{ title: string; participants: Array<{ person_uuid: string }> }>;
      expect(items.map((item) => item.title).sort()).toEqual(["Northwind partner meeting", "Term sheet questions"]);

      const participants = [...new Set(items.flatMap((item) => item.participants.map((participant) => participant.person_uuid)))];
      const persons = await call("listPersons", { uuids: participants, per_page: 50 });
      expect((persons.structured!.items as Array<{ name: string }>).map((person) => person.name)).toContain("Jordan Blake");
      expect(calls).toEqual(["getMe", "listActivity", "listPersons"]);

      // The meeting's details, by change time, when the question asks for them.
      const meetings = await call("listMeetings", { updated_after: yesterday });
      expect(meetings.structured!.items).toEqual([expect.objectContaining({ title: "Northwind partner meeting", location: "Northwind HQ, room 4" })]);
    } finally {
      await client.close();
    }
  });

  it("sent its user_uuid where listActivity takes a person, is told the person_uuid to send rather than answered 'no activity'", async () => {
    context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
    const { client, call } = await connect(keys.user_keys[0]!.key);
    try {
      const me = (await call("getMe", {})).structured!;
      const yesterday = new Date(Date.parse(me.server_time) - 24 * HOUR).toISOString();
      const mistaken = await call("listActivity", { since: yesterday, person_uuid: me.user.uuid });
      expect(mistaken.isError).toBe(true);
      expect(mistaken.text).toBe(`HTTP 400: person_uuid: ${avery.uuid} is the user_uuid of "Avery Stone", not a person's uuid: send their person_uuid ${avery.person_uuid}`);
      const activity = await call("listActivity", { since: yesterday, person_uuid: avery.person_uuid });
      expect((activity.structured!.items as unknown[]).length).toBeGreaterThan(0);
      // The user list takes either of the two uuids getMe answers.
      const byPerson = await call("listUserRelationships", { user_uuid: me.user.person_uuid });
      const byUser = await call("listUserRelationships", { user_uuid: me.user.uuid });
      expect(byPerson.isError).toBe(false);
      expect(byPerson.structured!.items).toEqual(byUser.structured!.items);
    } finally {
      await client.close();
    }
  });

  it("answers 'who should introduce me to Northwind?' from the company's name in two calls", async () => {
    const { client, call } = await connect(keys.user_keys[0]!.key);
    try {
      const companies = await call("listCompanies", { name: "Northwind" });
      const [northwind] = companies.structured!.items as Array<{ uuid: string }>;
      expect(northwind?.uuid).toBe(demoUuid("company-northwind"));
      const paths = await call("getCompanyRecommendedPaths", { company_uuid: northwind!.uuid });
      expect(paths.isError).toBe(false);
      expect((paths.structured!.items as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it("answers 'how strong is our relationship with Jordan Blake?' from the person's name in the two calls listPersons' description names", async () => {
    const { client, call, calls } = await connect(keys.user_keys[0]!.key);
    try {
      const { tools } = await client.listTools();
      // The route is read from the tool's text, as an agent reads it: the team's strength with a person is its PathPower.
      const route = /GET \/v1\/pathpower\/scores\?entity=(\w+)&uuids= \(tool (\w+)\) how strongly the team is connected/.exec(tools.find((tool) => tool.name === "listPersons")!.description ?? "");
      expect(route).not.toBeNull();
      const persons = await call("listPersons", { name: "jordan blake" });
      const [found] = persons.structured!.items as Array<{ uuid: string }>;
      expect(found?.uuid).toBe(jordan);
      const scores = await call(route![2]!, { entity: route![1], uuids: found!.uuid });
      expect(scores.isError).toBe(false);
      expect(scores.structured!.scores).toEqual([{ entity: "person", uuid: jordan, score: expect.any(Number), score_display: expect.any(Number), strength_label: expect.any(String) }]);
      expect(scores.structured!.scores[0].score).toBeGreaterThan(0);
      expect(calls).toEqual(["listPersons", "listPathPowerScores"]);
    } finally {
      await client.close();
    }
  });

  it("logs 'the meeting I just had with Jordan and Sam' with the caller among the attendees, as the instructions say, so it counts for the caller", async () => {
    context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
    const { client, call } = await connect(keys.user_keys[0]!.key);
    const sam = demoUuid("person-sam");
    const withSam = async () => {
      const relationships = await call("listUserRelationships", { user_uuid: avery.uuid, per_page: 50 });
      return (relationships.structured!.items as Array<{ person_uuid: string; interaction_count: number }>).find((item) => item.person_uuid === sam)?.interaction_count ?? 0;
    };
    try {
      expect(client.getInstructions()).toContain(`person_uuid ${avery.person_uuid}`);
      expect(client.getInstructions()).toContain(MY_MEETING);
      const before = await withSam();
      const startsAt = new Date(context.clock.now() - HOUR).toISOString();
      // Without the caller the meeting is Jordan's and Sam's only: the caller's relationships do not move.
      const without = await call("createMeeting", { body: { title: "Catch-up", starts_at: startsAt, attendees: [{ person_uuid: jordan }, { person_uuid: sam }] } });
      expect(without.isError).toBe(false);
      expect(await withSam()).toBe(before);
      const logged = await call("createMeeting", { body: { title: "Board prep", starts_at: startsAt, attendees: [{ person_uuid: avery.person_uuid }, { person_uuid: jordan }, { person_uuid: sam }] } });
      expect(logged.isError).toBe(false);
      expect(await withSam()).toBe(before + 1);
    } finally {
      await client.close();
    }
  });

  it("answers 'what changed with my relationships since yesterday?' through the README's 40-tool URL (no activity feed) as the instructions say", async () => {
    context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
    const { client } = await connect(keys.user_keys[0]!.key, README_SELECTION);
    const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })).structuredContent as Record<string, any>;
    try {
      expect(client.getInstructions()).toContain(`${NO_ACTIVITY_TOOL}: ${LATEST_INTERACTIONS_BY_USER}.`);
      const me = await call("getMe", {});
      const yesterday = new Date(Date.parse(me.server_time) - 24 * HOUR).toISOString().slice(0, 10);
      const relationships: Array<{ name: string; last_activity_date: string | null }> = [];
      for (let page = 1; ; page += 1) {
        const answer = await call("listUserRelationships", { user_uuid: me.user.uuid, page, per_page: 50 });
        relationships.push(...answer.items);
        if (!answer.has_more) break;
      }
      expect(relationships.length).toBeGreaterThan(1);
      // Yesterday Jordan wrote to Avery (and a test above logged a meeting with Jordan and Sam); the others are older.
      const recent = relationships.filter((relationship) => relationship.last_activity_date !== null && relationship.last_activity_date >= yesterday).map((relationship) => relationship.name);
      expect(recent).toContain("Jordan Blake");
      expect(relationships.map((relationship) => relationship.name)).toContain("Omar Haddad");
      expect(recent).not.toContain("Omar Haddad");
    } finally {
      await client.close();
    }
  });

  it("answers 'who knows Priya best?' through ?areas=persons (no recommended-paths tool) from the person's strongest_relationships", async () => {
    context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
    const { client } = await connect(keys.user_keys[0]!.key, "?areas=persons");
    try {
      const listPersons = (await client.listTools()).tools.find((tool) => tool.name === "listPersons")!;
      expect(listPersons.description).toContain("recommended-paths (no tool of this client) who on the team knows them best (each person's strongest_relationships names the top two)");
      const found = (await client.callTool({ name: "listPersons", arguments: { name: "Priya Nair" } })).structuredContent as { items: Array<{ uuid: string; strongest_relationships: Array<{ user_uuid: string }> }> };
      const [priya] = found.items;
      // The same first name as the recommended paths a full client would ask for.
      const paths = await apiCaller(context, () => keys.tenant_key)(`/v1/persons/${priya!.uuid}/recommended-paths`);
      expect(priya!.strongest_relationships[0]!.user_uuid).toBe(paths.body.items[0].user_uuid);
    } finally {
      await client.close();
    }
  });

  it("is told, through the README's 40-tool URL (no createMeeting), that a meeting logged as a note does not count, which holds", async () => {
    context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
    const { client } = await connect(keys.user_keys[0]!.key, README_SELECTION);
    const priya = demoUuid("person-priya");
    const scoreOf = async () => {
      const result = await client.callTool({ name: "listPathPowerScores", arguments: { entity: "person", uuids: priya } });
      return (result.structuredContent as { scores: Array<{ score: number | null }> }).scores[0]!.score;
    };
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).not.toContain("createMeeting");
      expect(client.getInstructions()).toContain(`${NOTE_IS_NO_INTERACTION}; ${NO_MEETING_TOOL}.`);
      const before = await scoreOf();
      expect(before).toBeGreaterThan(0);
      const note = await client.callTool({ name: "createNote", arguments: { body: { content: "Met Priya today", associations: [{ entity_type: "PERSON", entity_uuid: priya }] } } });
      expect(note.isError).not.toBe(true);
      expect(await scoreOf()).toBe(before);
    } finally {
      await client.close();
    }
  });

  it("creates a deal for Globex in stage Diligence and attaches a note; an error citing an operation names its tool", async () => {
    context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
    const { client, call } = await connect(keys.user_keys[0]!.key);
    try {
      const [globex] = (await call("listCompanies", { name: "globex" })).structured!.items as Array<{ uuid: string }>;
      // A guessed type: the refusal names the tool that lists the types, not only its REST path.
      const guessed = await call("createOpportunity", { body: { name: "Globex seed", type_uuid: "00000000-0000-4000-8000-000000000000", stage_uuid: "00000000-0000-4000-8000-000000000001" } });
      expect(guessed.text).toBe("HTTP 400: opportunity type 00000000-0000-4000-8000-000000000000 not found: list types with GET /v1/opportunity-types (tool listOpportunityTypes)");
      expect(guessed.structured).toMatchObject({ error: expect.stringContaining("(tool listOpportunityTypes)") });
      const [type] = (await call("listOpportunityTypes", {})).structured!.items as Array<{ uuid: string }>;
      const stages = (await call("listOpportunityStages", { type_uuid: type!.uuid })).structured!.items as Array<{ uuid: string; name: string }>;
      const diligence = stages.find((stage) => stage.name === "Diligence")!;
      const deal = await call("createOpportunity", {
        body: { name: "Globex seed", type_uuid: type!.uuid, stage_uuid: diligence.uuid, associations: [{ entity_type: "COMPANY", entity_uuid: globex!.uuid }] },
      });
      expect(deal.isError).toBe(false);
      const note = await call("createNote", { body: { content: "Met the founders; strong clinical data.", associations: [{ entity_type: "OPPORTUNITY", entity_uuid: deal.structured!.uuid }] } });
      expect(note.isError).toBe(false);
      const linked = (await call("listOpportunityAssociations", { opportunity_uuid: deal.structured!.uuid })).structured!.items as Array<{ entity_type: string; entity_uuid: string }>;
      expect(linked.map((link) => link.entity_type).sort()).toEqual(["COMPANY", "NOTE"]);
    } finally {
      await client.close();
    }
    // REST keeps its message as it was.
    const rest = await apiCaller(context, () => keys.tenant_key)("/v1/opportunities", { method: "POST", body: { name: "Globex seed", type_uuid: "00000000-0000-4000-8000-000000000000", stage_uuid: "00000000-0000-4000-8000-000000000001" } });
    expect(rest.body.error).toBe("opportunity type 00000000-0000-4000-8000-000000000000 not found: list types with GET /v1/opportunity-types");
  });

  it("moves the Northwind deal to 'Term sheet' after the meeting: the stage given by name is told which tool lists the stages", async () => {
    context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
    const { client, call } = await connect(keys.user_keys[0]!.key);
    try {
      const [deal] = (await call("listOpportunities", { search: "Northwind" })).structured!.items as Array<{ uuid: string; type: { uuid: string } }>;
      const byName = await call("updateOpportunity", { opportunity_uuid: deal!.uuid, body: { stage_uuid: "Term sheet" } });
      expect(byName.text).toBe(
        "HTTP 400: body field 'stage_uuid': must be a UUID; the listOpportunityStages tool lists a type's stages with their uuids (type_uuid=: an opportunity's type.uuid)",
      );
      // The hint's route, as an agent follows it.
      const stages = (await call("listOpportunityStages", { type_uuid: deal!.type.uuid })).structured!.items as Array<{ uuid: string; name: string }>;
      const termSheet = stages.find((stage) => stage.name === "Term sheet")!;
      const moved = await call("updateOpportunity", { opportunity_uuid: deal!.uuid, body: { stage_uuid: termSheet.uuid } });
      expect(moved.isError).toBe(false);
      expect(moved.structured).toMatchObject({ stage: { uuid: termSheet.uuid, name: "Term sheet" } });
    } finally {
      await client.close();
    }
  });

  it("finds whom the team knows in London in the one call the instructions name", async () => {
    context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
    const { client, call, calls } = await connect(keys.user_keys[0]!.key);
    try {
      expect(client.getInstructions()).toContain(PEOPLE_IN_PLACE);
      const listed = (await call("listPersons", { city: "london", per_page: 50 })).structured!;
      const persons = listed.items as Array<{ name: string; city: string | null }>;
      expect(calls).toEqual(["listPersons"]);
      expect(persons.length).toBeGreaterThan(0);
      expect(persons.every((person) => person.city === "London")).toBe(true);
      expect(persons.map((person) => person.name)).toContain("Priya Nair");
    } finally {
      await client.close();
    }
  });

  it("finds everyone at Northwind the team has not talked to lately in the two calls the instructions name", async () => {
    context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
    const { client, call, calls } = await connect(keys.user_keys[0]!.key);
    try {
      expect(client.getInstructions()).toContain(PEOPLE_AT_COMPANY);
      const [northwind] = (await call("listCompanies", { name: "northwind" })).structured!.items as Array<{ uuid: string }>;
      const listed = (await call("listPersons", { company_uuid: northwind!.uuid, per_page: 50 })).structured!;
      const persons = listed.items as Array<{ name: string; last_contact_at: number | null; primary_company: { uuid: string } | null }>;
      expect(calls).toEqual(["listCompanies", "listPersons"]);
      expect(listed.total).toBe(persons.length);
      expect(persons.map((person) => person.name).sort()).toEqual(["Jordan Blake", "Sam Ortiz"]);
      expect(persons.every((person) => person.primary_company?.uuid === northwind!.uuid)).toBe(true);
      // "Not talked to in six months" reads last_contact_at, in epoch milliseconds.
      expect(persons.every((person) => person.last_contact_at === null || person.last_contact_at <= context.clock.now())).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("sent a name where a uuid goes, is told which tool turns the name into the uuid in its argument's words, and the REST message names the path", async () => {
    context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
    const { client, call } = await connect(keys.user_keys[0]!.key);
    try {
      const person = await call("getPersonRecommendedPaths", { person_uuid: "Jordan Blake" });
      expect(person.isError).toBe(true);
      expect(person.text).toBe("HTTP 400: argument 'person_uuid': must be a UUID; find a person's uuid by name with the listPersons tool (name=)");
      const company = await call("getCompanyPathPower", { company_uuid: "Northwind Robotics" });
      expect(company.text).toBe("HTTP 400: argument 'company_uuid': must be a UUID; find a company's uuid by name with the listCompanies tool (name=)");
      const assignee = await call("listTasks", { assignee_user_uuid: "Avery" });
      expect(assignee.text).toBe("HTTP 400: argument 'assignee_user_uuid': must be a UUID; the listUsers tool lists the users with their uuids (getMe: the caller's)");
      const attendee = await call("createMeeting", { body: { title: "Catch-up", starts_at: "2026-12-01T10:00:00Z", attendees: [{ person_uuid: "Jordan" }] } });
      expect(attendee.text).toBe("HTTP 400: body field 'attendees.0.person_uuid': must be a UUID; find a person's uuid by name with the listPersons tool (name=)");
      // A uuid no call finds by name keeps the bare message.
      const meeting = await call("getMeeting", { meeting_uuid: "Monday's meeting" });
      expect(meeting.text).toBe("HTTP 400: argument 'meeting_uuid': must be a UUID");
    } finally {
      await client.close();
    }
    const rest = await apiCaller(context, () => keys.tenant_key)("/v1/persons/Jordan%20Blake/recommended-paths");
    expect(rest.status).toBe(400);
    expect(rest.body.error).toBe("path parameter 'person_uuid': must be a UUID; find a person's uuid by name with GET /v1/persons?name=");
  });

  it("adds a follow-up task with Jordan: tenant-wide, a PERSONAL task's refusal says what the agent can do, not which header to send", async () => {
    const { client, call } = await connect(keys.tenant_key);
    const taskCount = async () =>
      (await context.services.store.tasks.list(demoUuid("tenant"), { position: { kind: "offset", offset: 0 }, limit: 1, filters: {}, order: "asc", viewer: { user_uuid: null } })).total;
    try {
      expect(client.getInstructions()).toContain("PERSONAL tasks are refused (create WORKSPACE ones)");
      const before = await taskCount();
      const personal = await call("createTask", { body: { title: "Follow up with Jordan", scope: "PERSONAL" } });
      expect(personal.isError).toBe(true);
      expect(personal.text).toContain("create it with scope WORKSPACE");
      expect(personal.text).not.toMatch(/x-service-user-id|header/i);
      expect(await taskCount()).toBe(before);

      const workspace = await call("createTask", {
        body: { title: "Follow up with Jordan", assignee_user_uuid: avery.uuid, associations: [{ entity_type: "PERSON", entity_uuid: jordan }] },
      });
      expect(workspace.isError).toBe(false);
      expect(workspace.structured).toMatchObject({ scope: "WORKSPACE", assignee: { uuid: avery.uuid } });
    } finally {
      await client.close();
    }
    // The tool's description says the same; REST keeps naming the header a REST client sends.
    const lister = await connect(keys.tenant_key);
    try {
      const createTask = (await lister.client.listTools()).tools.find((tool) => tool.name === "createTask");
      expect(createTask?.description).toContain("PERSONAL");
      expect(createTask?.description).not.toContain("x-service-user-id");
    } finally {
      await lister.client.close();
    }
    const rest = await apiCaller(context, () => keys.tenant_key)("/v1/tasks", { method: "POST", body: { title: "Follow up with Jordan", scope: "PERSONAL" } });
    expect(rest.status).toBe(400);
    expect(rest.body.error).toBe("a PERSONAL task needs a user context: use a user-bound key or send x-service-user-id");
  });

  it("adds it as a PERSONAL task of the user the calls act as", async () => {
    const { client, call } = await connect(keys.user_keys[0]!.key);
    try {
      const personal = await call("createTask", { body: { title: "Follow up with Jordan", scope: "PERSONAL", assignee_user_uuid: avery.uuid } });
      expect(personal.isError).toBe(false);
      expect(personal.structured).toMatchObject({ scope: "PERSONAL", assignee: { uuid: avery.uuid } });
    } finally {
      await client.close();
    }
  });
});
