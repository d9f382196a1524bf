/**
 * The server's instructions name the scales of answer fields once, since output schemas carry no descriptions:
 * every number the OpenAPI document describes under one of those names must say that scale. They also name the user
 * the calls act as.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CONTRACT_VERSION } from "../api-contract-version.js";
import { contractOfOperations } from "../openapi/contract-of-operations.js";
import type { JsonSchema } from "../openapi/json-schema.js";
import { operations } from "../routes/operations.js";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { postMcpMessage } from "../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import {
  CHANGE_FILTERS,
  FEWEST_CALLS_FOR_CHANGES,
  generalInstructions,
  INSTRUCTIONS,
  instructionsFor,
  LATEST_INTERACTIONS_BY_PERSON,
  LATEST_INTERACTIONS_BY_USER,
  NO_ACTIVITY_TOOL,
  NO_MEETING_TOOL,
  NOTE_IS_NO_INTERACTION,
  ISO_TEXT_TIME_FIELDS,
  PAGE_WITHOUT_CURSOR,
  PERCENT_FIELDS,
  UNIT_INTERVAL_FIELDS,
} from "./mcp-instructions.js";

/** The document and tools the app serves, made once per worker (each took a fifth of a second to build again). */
const servedContract = () => contractOfOperations(operations, API_CONTRACT_VERSION);

/** Every property of the documented answers: its name, types and description. */
function answerFields(): Array<{ name: string; types: unknown[]; description: unknown }> {
  const found: Array<{ name: string; types: unknown[]; description: unknown }> = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    for (const [keyword, value] of Object.entries(node as JsonSchema)) {
      if (keyword === "properties") {
        for (const [name, property] of Object.entries(value as Record<string, JsonSchema>)) {
          const alternatives = Array.isArray(property.anyOf) ? (property.anyOf as JsonSchema[]) : [property];
          found.push({ name, types: alternatives.flatMap((alternative) => [alternative.type].flat()), description: property.description });
        }
      }
      visit(value);
    }
  };
  const document = servedContract().openApiDocument;
  for (const pathItem of Object.values(document.paths)) for (const operation of Object.values(pathItem)) visit(operation.responses);
  return found;
}

/** Every described numeric property of the documented answers. */
const describedNumbers = () =>
  answerFields().flatMap(({ name, types, description }) =>
    (types.includes("number") || types.includes("integer")) && typeof description === "string" ? [{ name, description }] : [],
  );

describe("the MCP server's instructions", () => {
  it("name the scale of every answer field they list, as the document describes it", () => {
    const numbers = describedNumbers();
    for (const name of UNIT_INTERVAL_FIELDS) {
      const described = numbers.filter((number) => number.name === name);
      expect(described.length, `${name} is an answer field`).toBeGreaterThan(0);
      for (const { description } of described) expect(description, name).toMatch(/0\.0-1\.0/);
    }
    for (const name of PERCENT_FIELDS) {
      const described = numbers.filter((number) => number.name === name);
      expect(described.length, `${name} is an answer field`).toBeGreaterThan(0);
      for (const { description } of described) expect(description, name).toMatch(/0-100|round\(100 × /);
    }
    expect(INSTRUCTIONS).toContain("rq, path_power, path_power_score, connection_score");
  });

  it("name every *_at answer field that is ISO 8601 text, since the rest are epoch milliseconds", () => {
    const textTimes = new Set(answerFields().flatMap(({ name, types }) => (name.endsWith("_at") && types.includes("string") ? [name] : [])));
    expect([...textTimes].sort()).toEqual([...ISO_TEXT_TIME_FIELDS].sort());
    expect(INSTRUCTIONS).toContain(`except ${ISO_TEXT_TIME_FIELDS.join(", ")} in AI summaries and recommended paths, which are ISO 8601 text`);
    // The OpenAPI document's and the README's word on times name them too (until 2026-12-07 both said every *_at).
    const description = servedContract().openApiDocument.info.description;
    const readmeTimes = /^- Times: [\s\S]*?\n(?=- )/m.exec(readFileSync(new URL("../../../../README.md", import.meta.url), "utf8"))?.[0] ?? "";
    for (const name of ISO_TEXT_TIME_FIELDS) {
      expect(description, "the OpenAPI document's description").toContain(name);
      expect(readmeTimes, "the README's Times").toContain(`\`${name}\``);
    }
  });
});

describe("the instructions' list of change filters", () => {
  it("names tools and arguments that exist, and every list tool that filters by a change time", () => {
    const tools = servedContract().mcpTools;
    for (const { tool, argument } of CHANGE_FILTERS) {
      expect(Object.keys(tools.find((candidate) => candidate.name === tool)?.inputSchema.properties ?? {}), tool).toContain(argument);
      expect(INSTRUCTIONS).toContain(`${tool} ${argument}=`);
    }
    const filtering = tools.filter((tool) => Object.keys(tool.inputSchema.properties ?? {}).some((argument) => ["since", "modified_since", "updated_after"].includes(argument)));
    // A company's opportunities are the opportunity list narrowed to one company.
    const named = new Set<string>([...CHANGE_FILTERS.map(({ tool }) => tool), "listCompanyOpportunities"]);
    expect(filtering.map((tool) => tool.name).filter((name) => !named.has(name))).toEqual([]);
  });
});

describe("the instructions' route to the fewest calls for what changed", () => {
  it("names tools that exist and arguments they take, wherever the instructions write tool argument=", () => {
    const tools = servedContract().mcpTools;
    const user = { uuid: "c55a0000-0000-4000-8000-000000000001", person_uuid: "84aa0000-0000-4000-8000-000000000002", name: "Avery Stone" };
    // The README's 40-tool selection (no activity feed) is routed otherwise.
    const withoutActivity = (name: string) => !["Activity", "Meetings"].includes(tools.find((tool) => tool.name === name)?.area ?? "");
    for (const [text, least] of [[instructionsFor(null), CHANGE_FILTERS.length + 1], [instructionsFor(user), CHANGE_FILTERS.length + 1], [instructionsFor(user, withoutActivity), 6]] as const) {
      const cited = [...text.matchAll(/\b([a-z]+[A-Z]\w*) (\w+)=/g)].map(([, tool, argument]) => ({ tool: tool!, argument: argument! }));
      expect(cited.length).toBeGreaterThanOrEqual(least);
      if (least === 6) expect(cited).toContainEqual({ tool: "listUserRelationships", argument: "user_uuid" });
      for (const { tool, argument } of cited) {
        const found = tools.find((candidate) => candidate.name === tool);
        expect(found, `${tool} is a tool`).toBeDefined();
        expect(Object.keys(found!.inputSchema.properties ?? {}), `${tool} takes ${argument}`).toContain(argument);
      }
    }
  });

  it("send an agent to getMe for the time, then the activity feed and one listPersons call", () => {
    expect(INSTRUCTIONS).toContain(FEWEST_CALLS_FOR_CHANGES);
    const order = ["getMe", "listActivity since=", "listPersons uuids="].map((step) => FEWEST_CALLS_FOR_CHANGES.indexOf(step));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("tell an agent that the feed lists what was recorded since, and which field says when each item happened", () => {
    // The demo seeded this morning, or a mailbox imported, lists months-old mail under since=yesterday.
    const listActivity = servedContract().mcpTools.find((tool) => tool.name === "listActivity")!;
    expect((listActivity.inputSchema.properties as Record<string, JsonSchema>).since!.description).toMatch(/recording time, not sent_at/);
    const field = /each item's (\w+) tells when it happened/.exec(FEWEST_CALLS_FOR_CHANGES)?.[1];
    expect(field).toBe("occurred_at");
    const items = (listActivity.outputSchema!.properties as Record<string, JsonSchema>).items as JsonSchema;
    expect(JSON.stringify(items)).toContain(`"${field}"`);
  });
});

describe("the instructions' word to a client without the activity feed", () => {
  it("say its tools cannot list emails and meetings, and where each relationship's latest interaction is", () => {
    const has = (tools: string[]) => (tool: string) => tools.includes(tool);
    expect(INSTRUCTIONS).not.toContain(NO_ACTIVITY_TOOL);
    const readme = generalInstructions(has(["getMe", "listPersons", "listCompanies", "listUserRelationships", "listNotes"]));
    expect(readme).toContain(`do not count as a change of a person or company; ${NO_ACTIVITY_TOOL}: ${LATEST_INTERACTIONS_BY_USER}.`);
    expect(generalInstructions(has(["listPersons", "createPerson"]))).toContain(`; ${NO_ACTIVITY_TOOL}: ${LATEST_INTERACTIONS_BY_PERSON}.`);
    // The fields named are the answers' own.
    const tools = servedContract().mcpTools;
    const answerOf = (name: string) => JSON.stringify(tools.find((tool) => tool.name === name)!.outputSchema);
    expect(answerOf("listUserRelationships")).toContain('"last_activity_date"');
    expect(answerOf("listPersons")).toContain('"last_contact_at"');
  });
});

describe("the instructions' word on notes", () => {
  it("say a note is no interaction, and to a client without createMeeting that a meeting logged as a note will not count", () => {
    const has = (tools: string[]) => (tool: string) => tools.includes(tool);
    expect(INSTRUCTIONS).toContain(`${NOTE_IS_NO_INTERACTION}.`);
    expect(INSTRUCTIONS).not.toContain(NO_MEETING_TOOL);
    expect(generalInstructions(has(["createNote", "listNotes"]))).toContain(`${NOTE_IS_NO_INTERACTION}; ${NO_MEETING_TOOL}.`);
    // A client that cannot write a note is told nothing of notes.
    expect(generalInstructions(has(["listNotes", "createMeeting"]))).not.toContain("A note");
  });
});

describe("the instructions' word on lists without cursors", () => {
  it("send an agent to page= where a list tool takes page but no cursor", () => {
    const tools = servedContract().mcpTools;
    const argumentsOf = (name: string) => Object.keys(tools.find((tool) => tool.name === name)?.inputSchema.properties ?? {});
    for (const name of ["listUserRelationships", "listRelationships", "getCompanyRecommendedPaths"]) {
      expect(argumentsOf(name), name).toContain("page");
      expect(argumentsOf(name), name).not.toContain("cursor");
    }
    expect(INSTRUCTIONS).toContain(`${PAGE_WITHOUT_CURSOR}.`);
  });
});

describe("the instructions a client is given at initialize", () => {
  let context: TestContext;
  let acme: TestTenant;
  beforeAll(async () => {
    context = await createTestContext();
    acme = await buildTenant(context.services);
  });
  afterAll(() => context.close());

  const instructionsWith = async (headers: Record<string, string>) => {
    const params = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1.0.0" } };
    const answer = await postMcpMessage<{ instructions?: string }>(context, { method: "initialize", params }, headers);
    return answer.result?.instructions ?? "";
  };

  it("name the user the calls act as, by user and person UUID, so that 'me' can become an argument", async () => {
    const { member, admin } = acme;
    expect(await instructionsWith({ "x-api-key": acme.memberKey })).toContain(
      `Calls act as the user ${JSON.stringify(member.name)} (user_uuid ${member.uuid}, person_uuid ${member.person_uuid})`,
    );
    expect(await instructionsWith({ "x-api-key": acme.key, "x-service-user-id": admin.uuid })).toContain(`(user_uuid ${admin.uuid}, person_uuid ${admin.person_uuid})`);
  });

  it("tell an agent to ask page= where has_more is true and next_cursor null", async () => {
    expect(await instructionsWith({ "x-api-key": acme.memberKey })).toContain("has_more is true but next_cursor null, the list takes no cursor: ask for the next page with page=.");
  });

  it("say when the calls act tenant-wide, as no user", async () => {
    const instructions = await instructionsWith({ "x-api-key": acme.key });
    expect(instructions).toContain("Calls act tenant-wide, as no user");
    expect(instructions).not.toContain("user_uuid ");
  });

  it("tell a read-only tenant-wide client nothing of what it would create, which it may not", async () => {
    const readOnlyKey = (await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, readOnly: true })).plaintext;
    const instructions = await instructionsWith({ "x-api-key": readOnlyKey });
    expect(instructions).toContain("Calls act tenant-wide, as no user; listUsers names the tenant's users.");
    expect(instructions).not.toMatch(/creat|WORKSPACE|PERSONAL/);
    // A client that may write is still told both.
    expect(await instructionsWith({ "x-api-key": acme.key })).toContain(
      "Calls act tenant-wide, as no user: what they create has no owner, and PERSONAL tasks are refused (create WORKSPACE ones); listUsers names the tenant's users.",
    );
    // One that may write notes but not tasks hears only of ownership.
    expect(instructionsFor(null, (tool) => ["createNote", "listUsers"].includes(tool))).toContain(
      "Calls act tenant-wide, as no user: what they create has no owner; listUsers names the tenant's users.",
    );
  });
});
