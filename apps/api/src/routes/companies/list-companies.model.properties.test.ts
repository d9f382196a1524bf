/**
 * Model-based property test (fast-check) of GET /v1/companies: a small random tenant written through the store (names
 * apart only by case or accents, other scripts, tied change times, cities with and without a value) and a random
 * query (`uuids`, `modified_since`, `name`, `city`, every sort and order), against a plain model of the spec's rules,
 * walked by page and by cursor while companies are created and renamed between pages.
 */
import type { CompanySortField } from "@rapport/store";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alphabeticalKey, expectWalksAsModel, foldAnyCase, modelOrder, type ListEnvelope, type SortKey, type SortOrder, walkPaging, modelRunParameters, modelTenant, pagesOver } from "../../testing/list-model.js";
import { createTestContext, type TestContext } from "../../testing/test-harness.js";

const NAMES = ["acme", "Acme", "Ácme", "Émile & Co", "émile & co", "Zeta", "Ωmega", "Дина", "山田商事"];
const CITIES = [null, "München", "MÜNCHEN", "Paris", "Zürich"];
const SORTS = ["service_updated_at", "created_at", "company_name"] as const satisfies readonly CompanySortField[];

/** A write between two cursor pages. */
const write = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), name: fc.constantFrom(...NAMES), city: fc.constantFrom(...CITIES) }),
  fc.record({ kind: fc.constant("rename" as const), target: fc.nat(20), name: fc.constantFrom(...NAMES) }),
);

const query = fc.record({
  uuids: fc.option(fc.subarray([0, 1, 2, 3, 4, 5, 6, 7], { minLength: 1 }), { nil: undefined }),
  modified_since: fc.option(fc.nat(12), { nil: undefined }),
  // The spec's "case-insensitive substring": any letter's case, accents counting (docs: Company list filters).
  name: fc.option(fc.constantFrom("acm", "ÁCME", "émile", "ÉMILE &", "ωmega", "дин", "zeta"), { nil: undefined, freq: 3 }),
  city: fc.option(fc.constantFrom("münchen", "ÜRI", "par"), { nil: undefined, freq: 3 }),
  sort_by: fc.option(fc.constantFrom(...SORTS), { nil: undefined, freq: 5 }),
  order: fc.option(fc.constantFrom<SortOrder>("asc", "desc"), { nil: undefined, freq: 3 }),
});


interface ModelCompany {
  uuid: string;
  name: string;
  city: string | null;
  created_at: number;
  service_updated_at: number;
}

let context: TestContext;
let start: number;

beforeAll(async () => {
  context = await createTestContext();
  start = context.clock.now();
});
afterAll(() => context.close());

describe("GET /v1/companies against a model", () => {
  it("filters, orders and walks by page and by cursor as the model says, writes between pages included", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: fc.constantFrom(...NAMES), city: fc.constantFrom(...CITIES), step: fc.constantFrom(0, 0, 1, 3) }), { minLength: 1, maxLength: 8 }),
        query,
        walkPaging,
        fc.array(write, { minLength: 1, maxLength: 3 }),
        async (drafts, q, sizes, writes) => {
          const { store } = context.services;
          const { tenant, key } = await modelTenant(store);
          const model: ModelCompany[] = [];
          const create = async (name: string, city: string | null) => {
            const company = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: name, city });
            model.push({ uuid: company.uuid, name, city, created_at: context.clock.now(), service_updated_at: context.clock.now() });
          };
          for (const draft of drafts) {
            context.clock.advance(draft.step);
            await create(draft.name, draft.city);
          }

          const uuids = q.uuids?.map((index) => model[index % model.length]!.uuid);
          const since = q.modified_since === undefined ? undefined : start + q.modified_since;
          const base = {
            uuids: uuids?.join(","),
            modified_since: since === undefined ? undefined : new Date(since).toISOString(),
            name: q.name,
            city: q.city,
            sort_by: q.sort_by,
            order: q.order,
          };
          const order = q.order ?? "asc";
          const sortKey = (company: ModelCompany): SortKey | SortKey[] =>
            q.sort_by === "company_name" ? alphabeticalKey(company.name) : q.sort_by === "created_at" ? company.created_at : company.service_updated_at;
          const holds = (value: string | null, text: string | undefined) => text === undefined || (value !== null && foldAnyCase(value).includes(foldAnyCase(text)));
          const rows = () =>
            modelOrder(
              model
                .filter((company) => uuids === undefined || uuids.includes(company.uuid))
                .filter((company) => since === undefined || company.service_updated_at >= since)
                .filter((company) => holds(company.name, q.name) && holds(company.city, q.city))
                .map((company) => ({ uuid: company.uuid, key: sortKey(company) })),
              order,
            );
          await expectWalksAsModel({
            ...pagesOver((url) => context.request(url, { key }), "/v1/companies", base),
            rows,
            order,
            ...sizes,
            changed: { order: order === "asc" ? "desc" : "asc" },
            async between(step) {
              const change = writes[step];
              context.clock.advance(1);
              if (change?.kind === "create") await create(change.name, change.city);
              if (change?.kind === "rename") {
                const company = model[change.target % model.length]!;
                await store.companies.update(tenant.uuid, company.uuid, { company_name: change.name });
                // A write that changes nothing moves no stamp (docs: Syncing).
                if (company.name !== change.name) Object.assign(company, { name: change.name, service_updated_at: context.clock.now() });
              }
            },
          });
        },
      ),
      modelRunParameters(25),
    );
  });
});
