/**
 * An opportunity stage or type given by its name where its UUID goes ("move the deal to Term sheet") is told which
 * call lists them, as a person, company or user argument given a name is: a type's stages are one call away. An
 * opportunity given by its name ("the Northwind deal") is told which call finds it by name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../testing/api-call.js";
import { callMcpTool } from "../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { uuidFinderHint } from "./uuid-finder-hint.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.key);
});
afterAll(() => context.close());

const UUID = "06efa435-6c62-4cb7-9770-f221a0bcd7c6";
const STAGES_REST = "GET /v1/opportunity-types/{type_uuid}/stages lists a type's stages with their uuids (an opportunity's type is its type.uuid)";
const TYPES_REST = "GET /v1/opportunity-types lists the opportunity types with their uuids";

describe("an opportunity stage or type given by name", () => {
  it.each([
    ["PATCH", `/v1/opportunities/${UUID}`, { stage_uuid: "Term sheet" }, `body field 'stage_uuid': must be a UUID; ${STAGES_REST}`],
    ["POST", "/v1/opportunities", { name: "Seed", type_uuid: "Investment", stage_uuid: UUID }, `body field 'type_uuid': must be a UUID; ${TYPES_REST}`],
    ["GET", "/v1/opportunities?opportunity_stage_uuid=Diligence", undefined, `query parameter 'opportunity_stage_uuid': must be a UUID; ${STAGES_REST}`],
    ["GET", `/v1/opportunities?opportunity_stage_uuids=${UUID},Diligence`, undefined, `query parameter 'opportunity_stage_uuids': 'Diligence' is not a UUID; ${STAGES_REST}`],
    ["GET", "/v1/opportunities?opportunity_type_uuid=Investment", undefined, `query parameter 'opportunity_type_uuid': must be a UUID; ${TYPES_REST}`],
    ["GET", "/v1/opportunity-types/Investment/stages", undefined, `path parameter 'type_uuid': must be a UUID; ${TYPES_REST}`],
    ["PUT", `/v1/opportunity-types/${UUID}/stages/order`, { stage_uuids: [UUID, "Term sheet"] }, `body field 'stage_uuids.1': must be a UUID; ${STAGES_REST}`],
  ])("%s %s names the call that lists them", async (method, path, body, message) => {
    const answer = await call(path, { method, body });
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toBe(message);
  });

  it("names the tool that lists them over MCP, only where the client has it", async () => {
    const headers = { "x-api-key": acme.key };
    const text = (name: string, args: Record<string, unknown>, query?: string) => callMcpTool(context, { name, args, headers, query }).then((result) => result.content[0]!.text);
    expect(await text("updateOpportunity", { opportunity_uuid: UUID, body: { stage_uuid: "Term sheet" } })).toBe(
      "HTTP 400: body field 'stage_uuid': must be a UUID; the listOpportunityStages tool lists a type's stages with their uuids (type_uuid=: an opportunity's type.uuid)",
    );
    expect(await text("listOpportunities", { opportunity_type_uuid: "Investment" })).toBe(
      "HTTP 400: argument 'opportunity_type_uuid': must be a UUID; the listOpportunityTypes tool lists the opportunity types with their uuids",
    );
    expect(await text("listOpportunities", { opportunity_stage_uuid: "Diligence" }, "?areas=opportunities&read_only=true")).toBe(
      "HTTP 400: argument 'opportunity_stage_uuid': must be a UUID; the listOpportunityStages tool lists a type's stages with their uuids (type_uuid=: an opportunity's type.uuid)",
    );
    // The stage and type tools share the Opportunity area with every tool taking a stage; a client without them is told so.
    expect(uuidFinderHint("stage_uuid")?.tool(() => false)).toBe("no tool of this client lists stages: send one from an earlier answer, or ask for it");
    expect(uuidFinderHint("type_uuid")?.tool(() => false)).toBe("no tool of this client lists opportunity types: send one from an earlier answer, or ask for it");
  });
});

describe("an opportunity given by name", () => {
  const FIND_REST = "find an opportunity's uuid by name with GET /v1/opportunities?search=";
  it.each([
    ["GET", "/v1/opportunities/Northwind%20Series%20A", undefined, `path parameter 'opportunity_uuid': must be a UUID; ${FIND_REST}`],
    ["POST", "/v1/tasks", { title: "Send the deck", associations: [{ entity_type: "OPPORTUNITY", entity_uuid: "Northwind Series A" }] }, `body field 'associations.0.entity_uuid': must be a UUID; ${FIND_REST}`],
  ])("%s %s names the call that finds it", async (method, path, body, message) => {
    const answer = await call(path, { method, body });
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toBe(message);
  });

  it("names the tool that finds it over MCP, only where the client has it", async () => {
    const result = await callMcpTool(context, { name: "getOpportunity", args: { opportunity_uuid: "Northwind Series A" }, headers: { "x-api-key": acme.key } });
    expect(result.content[0]!.text).toBe("HTTP 400: argument 'opportunity_uuid': must be a UUID; find an opportunity's uuid by name with the listOpportunities tool (search=)");
    expect(uuidFinderHint("opportunity_uuid")?.tool(() => false)).toBe("no tool of this client finds an opportunity by name: send one from an earlier answer, or ask for it");
  });
});
