/**
 * GET /v1/companies: every filter of the spec's behaviour list. Each case's expected set is a
 * strict subset of the companies, so a filter that were ignored would fail its case.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
const uuids: Record<string, string> = {};

const json = async (response: Response) => (await response.json()) as Record<string, any>;

const COMPANIES: Array<Record<string, unknown>> = [
  {
    company_name: "Northwind Robotics",
    domain: "northwind.example",
    linkedin_url: "https://www.linkedin.com/company/northwind",
    facebook_url: "https://facebook.com/northwindbots",
    twitter_url: "https://x.com/northwindbots",
    description: "Warehouse robots for mid-size retailers",
    city: "Boston",
    country: "United States",
    state: "Massachusetts",
    operating_status: "active",
    acquisition_status: "not_acquired",
    ipo_status: "private",
    service_industry_tags: ["Robotics", "AI"],
    investor_types: ["Venture Capital"],
    last_investment_type: "series_a",
    last_investment_date: "2024-03-15",
    npi_types: ["angel"],
    npi_date: "2024-01-10",
    year_founded: "2015",
    score: 0.8,
    employee_count: "51-200",
    overall_operating_score: 70,
    overall_investor_score: 40,
  },
  {
    company_name: "Globex Health",
    domain: "globex.example",
    city: "London",
    country: "GB",
    operating_status: "Active",
    acquisition_status: "acquired",
    ipo_status: "public",
    service_industry_tags: ["healthcare", "ai"],
    investor_types: ["Private Equity"],
    last_investment_type: "series_c",
    last_investment_date: "2025-06-01",
    npi_types: ["corporate"],
    npi_date: "2025-02-01",
    year_founded: "2008",
    score: 0.4,
    employee_count: "1001-5000",
    overall_operating_score: 55,
    overall_investor_score: 80,
  },
  {
    company_name: "Initech Payments",
    domain: "initech.example",
    city: "Austin",
    country: "USA",
    state: "TX",
    operating_status: "closed",
    acquisition_status: "not_acquired",
    ipo_status: "private",
    service_industry_tags: ["fintech"],
    investor_types: ["Angel Group"],
    last_investment_type: "seed",
    last_investment_date: "2021-09-09",
    year_founded: "2019",
    score: 0.6,
    employee_count: "11-50",
    overall_operating_score: 30,
    overall_investor_score: 20,
  },
  {
    company_name: "Lumen Analytics",
    city: "San Francisco",
    country: "us",
    state: "California",
    service_industry_tags: ["AI", "analytics"],
    year_founded: "2001",
    employee_count: "10000+",
  },
  { company_name: "Umbra Energy", city: "Berlin", country: "DEU", service_industry_tags: ["Straßenbau"] },
  { company_name: "Ørsted Vind", city: "Århus", country: "Åland Islands", service_industry_tags: ["İzmir"] },
];

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  for (const company of COMPANIES) {
    context.clock.advance(1_000);
    const response = await context.request("/v1/companies", { key: acme.key, method: "POST", body: company });
    expect(response.status).toBe(201);
    uuids[company.company_name as string] = (await json(response)).uuid;
  }
  // Another tenant's look-alike must never show up.
  const other = await buildTenant(context.services, { name: "Other" });
  await context.request("/v1/companies", { key: other.key, method: "POST", body: { ...COMPANIES[0], company_name: "Northwind Robotics (other tenant)" } });
});
afterAll(() => context.close());

async function names(query: string): Promise<string[]> {
  const separator = query ? "&" : "";
  const response = await context.request(`/v1/companies?sort_by=company_name&per_page=50${separator}${query}`, { key: acme.key });
  const body = await json(response);
  expect(response.status, `${query}: ${JSON.stringify(body)}`).toBe(200);
  return (body.items as Array<{ company_name: string }>).map((item) => item.company_name);
}

const [N, G, I, L, U, O] = ["Northwind Robotics", "Globex Health", "Initech Payments", "Lumen Analytics", "Umbra Energy", "Ørsted Vind"];

describe("GET /v1/companies filters", () => {
  it("returns every company of the tenant without filters", async () => {
    // In name order: "Ørsted" among the o's (store migration 0064), not after "z".
    expect(await names("")).toEqual([G, I, L, N, O, U]);
  });

  it.each([
    ["name=ROBOT", [N]],
    // Trimmed: the space a form or a copy leaves around a word is no part of the filter.
    ["name=%20robot%20", [N]],
    ["domain=globex", [G]],
    ["domain=globex%20", [G]],
    ["linkedin_url=company/northwind", [N]],
    ["facebook_url=northwindbots", [N]],
    ["twitter_url=x.com/northwind", [N]],
    ["description=warehouse", [N]],
    ["city=aus", [I]],
    // Case-insensitive for every letter, not A–Z alone: "ørsted" finds "Ørsted".
    ["name=%C3%98RSTED", [O]],
    ["name=%C3%B8rsted", [O]],
    ["city=%C3%85rhus", [O]],
    ["city=%C3%A5rhus", [O]],
    ["city=%C3%85RHUS", [O]],
    // A substring, as the specification says: accents count.
    ["name=orsted", []],
    ["city=arhus", []],
  ])("text filter %s", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it("finds no name by a substring whose accents differ, and suggests it (name_suggestions)", async () => {
    const body = await json(await context.request("/v1/companies?name=orsted", { key: acme.key }));
    expect(body).toMatchObject({ items: [], total: 0, name_suggestions: [{ uuid: uuids[O], name: O }] });
  });

  it.each([
    ["country=US", [I, L, N]],
    ["country=united%20states%20of%20america", [I, L, N]],
    ["country=United%20Kingdom", [G]],
    ["country=gbr", [G]],
    ["country=Germany", [U]],
    ["state=Texas", [I]],
    ["state=CA&country=US", [L]],
    ["state=US-MA", [N]],
    ["country=US&state=massachusetts", [N]],
    ["country=AX", [O]],
  ])("location filter %s matches every stored spelling", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it.each([
    ["operating_status=closed", [I]],
    ["operating_status=closed,ACTIVE", [G, I, N]],
    ["acquisition_status=acquired", [G]],
    ["ipo_status=PUBLIC", [G]],
    ["ipo_status=private,%20public", [G, I, N]],
  ])("OR-list filter %s", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it.each([
    ["service_industry_tags=ai,fintech", [G, I, L, N]],
    ["service_industry_tags=ai,fintech&service_industry_tags_operator=OR", [G, I, L, N]],
    ["service_industry_tags=AI,robotics&service_industry_tags_operator=AND", [N]],
    ["service_industry_tags=ai,analytics&service_industry_tags_operator=and", [L]],
    ["investor_types=angel%20group", [I]],
    ["investor_types=Venture%20Capital,private%20equity", [G, N]],
    ["last_investment_types=seed,series_a", [I, N]],
    ["npi_types=Corporate", [G]],
    // Every letter's case as Unicode folds it, in compatibility form: "ß" is "ss", "İ" is "i", full-width "ＡＩ" is "AI".
    ["service_industry_tags=STRASSENBAU", [U]],
    ["service_industry_tags=izmir,strassenbau&service_industry_tags_operator=OR", [O, U]],
    ["service_industry_tags=%EF%BC%A1%EF%BC%A9", [G, L, N]],
  ])("tag and investor filter %s", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it.each([
    ["founded_on_from=2010&founded_on_to=2016", [N]],
    ["founded_on_from=2018", [I]],
    ["founded_on_to=2005", [L]],
    ["score_from=0.5", [I, N]],
    ["score_to=0.5", [G]],
    ["score_from=0.6&score_to=0.6", [I]],
    ["employee_count_from=11-50&employee_count_to=51-200", [I, N]],
    ["employee_count_from=5000", [G, L]],
    ["employee_count_to=10", []],
    ["employee_count_from=10000%2B", [L]],
    ["overall_operating_score_from=50&overall_operating_score_to=60", [G]],
    ["overall_investor_score_from=75", [G]],
    ["overall_investor_score_to=40", [I, N]],
    // A number in exponent form, as the opportunity list's value_from reads it.
    ["score_from=5e-1", [I, N]],
    ["overall_investor_score_from=7.5E1", [G]],
  ])("inclusive numeric range %s", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it.each([
    ["last_investment_date_from=2024-01-01&last_investment_date_to=2024-12-31", [N]],
    ["last_investment_date_from=2021-09-09&last_investment_date_to=2024-03-15", [I, N]],
    ["last_investment_date_from=2021-09-09T00:00:00Z&last_investment_date_to=2021-09-09T23:59:59Z", [I]],
    ["npi_date_from=2025-01-01&npi_date_to=2025-12-31", [G]],
  ])("date range %s", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it("filters by uuids and combines filters with AND", async () => {
    expect(await names(`uuids=${uuids[N]},${uuids[I]}`)).toEqual([I, N]);
    expect(await names("country=US&service_industry_tags=ai")).toEqual([L, N]);
    expect(await names("country=US&operating_status=active&score_from=0.1")).toEqual([N]);
  });

  it("filters by modified_since after an update", async () => {
    context.clock.advance(60_000);
    const since = new Date(context.clock.now()).toISOString();
    await context.request(`/v1/companies/${uuids[G]}`, { key: acme.key, method: "PUT", body: { sector: "Healthcare" } });
    expect(await names(`modified_since=${since}`)).toEqual([G]);
  });

  it.each([
    ["country=Atlantis", /country 'Atlantis' is not a recognized country/],
    ["state=TX", /send country too/],
    ["state=Narnia", /does not resolve/],
    ["last_investment_date_from=2024-01-01", /last_investment_date_from and last_investment_date_to go together/],
    ["npi_date_to=2024-01-01", /npi_date_from and npi_date_to go together/],
    ["last_investment_date_from=2025-01-01&last_investment_date_to=2024-01-01", /must not be after/],
    ["score_from=0.9&score_to=0.1", /score_from must not be greater than score_to/],
    ["score_from=high", /score_from': must be a number/],
    ["employee_count_from=lots", /employee_count_from'.*head count or a band/],
    ["founded_on_from=15", /founded_on_from'.*four-digit year/],
    ["service_industry_tags_operator=XOR", /service_industry_tags_operator/],
    ["operating_status=,", /give at least one value/],
    ["last_investment_date_from=yesterday&last_investment_date_to=2024-01-01", /not an ISO 8601 date/],
    // A text filter's refusals say what to send, not zod's "Too small: expected string to have >=1 characters".
    ["name=", /^query parameter 'name': must not be empty: leave it out for no filter$/],
    ["name=%20%20", /^query parameter 'name': must not be empty: leave it out for no filter$/],
    ["description=%20", /^query parameter 'description': must not be empty: leave it out for no filter$/],
    [`city=${"a".repeat(201)}`, /^query parameter 'city': at most 200 characters$/],
  ])("answers 400 for %s", async (query, message) => {
    const response = await context.request(`/v1/companies?${query}`, { key: acme.key });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatch(message);
  });

  it.each([
    ["score_from", "9", /^query parameter 'score_from': must be a finite number$/],
    ["overall_operating_score_to", "-9", /^query parameter 'overall_operating_score_to': must be a finite number$/],
    ["employee_count_to", "9", /^query parameter 'employee_count_to': must be a head count or a band/],
  ])("answers 400 naming %s for a number past a double", async (name, digits, message) => {
    // The store's own words ("request.filters.score.from" must be a number; got Infinity) named no parameter sent.
    const response = await context.request(`/v1/companies?${name}=${digits.padEnd(400, "9")}`, { key: acme.key });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatch(message);
  });

  it("scans a filtered set with cursors and refuses a changed filter mid-scan", async () => {
    const seen: string[] = [];
    let body = await json(await context.request("/v1/companies?country=US&sort_by=company_name&per_page=1", { key: acme.key }));
    seen.push(...body.items.map((item: { company_name: string }) => item.company_name));
    const firstCursor = body.next_cursor as string;
    while (body.next_cursor) {
      body = await json(
        await context.request(`/v1/companies?country=US&sort_by=company_name&per_page=1&cursor=${encodeURIComponent(body.next_cursor)}`, { key: acme.key }),
      );
      seen.push(...body.items.map((item: { company_name: string }) => item.company_name));
    }
    expect(seen).toEqual([I, L, N]);
    const changed = await context.request(`/v1/companies?country=GB&sort_by=company_name&per_page=1&cursor=${encodeURIComponent(firstCursor)}`, {
      key: acme.key,
    });
    expect(changed.status).toBe(400);
    expect((await json(changed)).error).toMatch(/filters or sort changed/);
    // A cursor of another list is refused the same way, and the message says that can be the cause.
    const personsCursor = (await json(await context.request("/v1/persons?per_page=1", { key: acme.key }))).next_cursor as string;
    const elsewhere = await context.request(`/v1/companies?country=US&sort_by=company_name&per_page=1&cursor=${encodeURIComponent(personsCursor)}`, { key: acme.key });
    expect(elsewhere.status).toBe(400);
    expect((await json(elsewhere)).error).toMatch(/or it came from another list/);
  });
});
