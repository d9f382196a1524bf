/**
 * GET /v1/opportunities?state=: a subdivision's bare code names it only in its own country. "WA" is
 * Washington in the United States and Western Australia in Australia, so a state given by full name
 * (or as `US-WA`) must not match a record of another country that stores the same two letters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpportunity, buildPipeline, personLink } from "../../testing/deal-builders.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  const pipeline = await buildPipeline(context.services, acme);
  const dealWith = async (name: string, state: string, country: string | null) => {
    const person = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: `${name} contact`, state, country });
    await buildOpportunity(context.services, acme, pipeline, { name, associations: [personLink(person.uuid)] });
  };
  await dealWith("Seattle", "WA", "US");
  await dealWith("Perth", "WA", "Australia");
  await dealWith("Olympia", "Washington", "United States");
  // No country stored: the code cannot be placed, so it counts for every subdivision with that code.
  await dealWith("Unplaced", "WA", null);
  await dealWith("Lahore", "Punjab", "Pakistan");
  // PB is Paraíba's code in Brazil, and Punjab's in India and in Pakistan.
  await dealWith("Joao Pessoa", "PB", "BR");
  await dealWith("Munich", "Bayern", "Germany");
  await dealWith("Augsburg", "BY", "DE");
  await dealWith("London", "England", "GB");
});
afterAll(() => context.close());

async function names(query: string): Promise<string[]> {
  const response = await context.request(`/v1/opportunities?${query}&per_page=50`, { key: acme.key });
  const body = (await response.json()) as { items?: Array<{ name: string }>; error?: string };
  expect(response.status, body.error).toBe(200);
  return body.items!.map((item) => item.name).sort();
}

describe("GET /v1/opportunities state filter and subdivision codes", () => {
  it("matches a stored code by full name only in that subdivision's country (or with no country stored)", async () => {
    expect(await names("state=Washington")).toEqual(["Olympia", "Seattle", "Unplaced"]);
    expect(await names("state=Western%20Australia")).toEqual(["Perth", "Unplaced"]);
    expect(await names("state=Punjab")).toEqual(["Lahore"]);
    expect(await names("state=Para%C3%ADba")).toEqual(["Joao Pessoa"]);
  });

  it("reads a prefixed code as its own country's subdivision", async () => {
    expect(await names("state=US-WA")).toEqual(["Olympia", "Seattle", "Unplaced"]);
    expect(await names("state=AU-WA")).toEqual(["Perth", "Unplaced"]);
  });

  it("keeps a bare code with country to that country", async () => {
    expect(await names("state=WA&country=US")).toEqual(["Olympia", "Seattle"]);
    expect(await names("state=WA&country=AU")).toEqual(["Perth"]);
  });

  it("resolves a subdivision's English name (CLDR's) as its own, and England, which the dataset lacks", async () => {
    expect(await names("state=Bavaria")).toEqual(["Augsburg", "Munich"]);
    expect(await names("state=England")).toEqual(["London"]);
  });
});
