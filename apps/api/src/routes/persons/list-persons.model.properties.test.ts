/**
 * Model-based property test (fast-check) of GET /v1/persons: a small random tenant written through the store (names
 * apart only by case or accents, other scripts, tied change times) and a random query (`uuids`, `modified_since`,
 * `name`, every sort and order), against a plain model of the spec's rules, walked by page and by cursor while
 * persons are created, renamed and erased between pages.
 */
import type { PersonSortField } from "@rapport/store";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alphabeticalKey, expectWalksAsModel, foldAnyCase, modelOrder, type ListEnvelope, type SortKey, type SortOrder, walkPaging, modelRunParameters, modelTenant, pagesOver } from "../../testing/list-model.js";
import { createTestContext, type TestContext } from "../../testing/test-harness.js";

const NAMES = ["abel", "Ábel", "Abel", "Éva", "eva", "Zoe", "zoë", "Ωmega", "Дина", "山田太郎", "Eva Abel"];
/** Name filters, each matching some name (a text matching none is retried fuzzily: not this model's). */
const NAME_FILTERS = ["ab", "ÁBEL", "eva", "zoe", "ΩMEGA", "дин", "abel eva", "太郎"];
const SORTS = ["service_updated_at", "created_at", "name"] as const satisfies readonly PersonSortField[];
const CITIES = [null, "München", "MÜNCHEN", "Zürich"];
/** A person: a name, a city, a company (an index into the run's two, or none). */
const person = fc.record({ name: fc.constantFrom(...NAMES), city: fc.constantFrom(...CITIES), company: fc.constantFrom(null, 0, 1) });
type PersonDraft = typeof person extends fc.Arbitrary<infer T> ? T : never;

/** A write between two cursor pages. */
const write = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), person }),
  fc.record({ kind: fc.constant("move" as const), target: fc.nat(20), company: fc.constantFrom(null, 0, 1) }),
  fc.record({ kind: fc.constant("rename" as const), target: fc.nat(20), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant("erase" as const), target: fc.nat(20) }),
);

const query = fc.record({
  uuids: fc.option(fc.subarray([0, 1, 2, 3, 4, 5, 6, 7], { minLength: 1 }), { nil: undefined }),
  modified_since: fc.option(fc.nat(12), { nil: undefined }),
  name: fc.option(fc.constantFrom(...NAME_FILTERS), { nil: undefined, freq: 3 }),
  company: fc.option(fc.constantFrom(0, 1), { nil: undefined, freq: 3 }),
  // The person's own city: a substring in any letter's case, accents counting (docs: GET /v1/persons?city=).
  city: fc.option(fc.constantFrom("münchen", "ZÜR"), { nil: undefined, freq: 3 }),
  sort_by: fc.option(fc.constantFrom(...SORTS), { nil: undefined, freq: 5 }),
  order: fc.option(fc.constantFrom<SortOrder>("asc", "desc"), { nil: undefined, freq: 3 }),
});


interface ModelPerson extends PersonDraft {
  uuid: string;
  created_at: number;
  service_updated_at: number;
  erased: boolean;
}

/** The persons' name filter: every word in the name, case and accents ignored (docs: GET /v1/persons?name=). */
const fold = (text: string) => alphabeticalKey(text)[0];
const holdsEveryWord = (name: string, text: string) => text.split(/\s+/).every((word) => fold(name).includes(fold(word)));

let context: TestContext;
let start: number;

beforeAll(async () => {
  context = await createTestContext();
  start = context.clock.now();
});
afterAll(() => context.close());

describe("GET /v1/persons against a model", () => {
  it("filters, orders and walks by page and by cursor as the model says, writes between pages included", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ person, step: fc.constantFrom(0, 0, 1, 3) }), { minLength: 1, maxLength: 8 }),
        fc.subarray([0, 1, 2, 3, 4, 5, 6, 7], { maxLength: 2 }),
        query,
        walkPaging,
        fc.array(write, { minLength: 1, maxLength: 3 }),
        async (drafts, erased, q, sizes, writes) => {
          const { store } = context.services;
          const { tenant, key } = await modelTenant(store);
          const model: ModelPerson[] = [];
          /** The erased persons, in the order erased. */
          const erasures: string[] = [];
          const companies = [
            (await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Acme" })).uuid,
            (await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" })).uuid,
          ];
          const companyOf = (index: number | null) => (index === null ? null : companies[index]!);
          const create = async (draft: PersonDraft) => {
            const created = await store.persons.create({ tenant_uuid: tenant.uuid, name: draft.name, city: draft.city, primary_company_uuid: companyOf(draft.company) });
            model.push({ ...draft, uuid: created.uuid, created_at: context.clock.now(), service_updated_at: context.clock.now(), erased: false });
          };
          const erase = async (person: ModelPerson) => {
            await store.persons.erase(tenant.uuid, person.uuid);
            person.erased = true;
            erasures.push(person.uuid);
          };
          for (const draft of drafts) {
            context.clock.advance(draft.step);
            await create(draft.person);
          }
          context.clock.advance(1);
          for (const index of erased) if (model[index] && !model[index].erased) await erase(model[index]);

          const uuids = q.uuids?.map((index) => model[index % model.length]!.uuid);
          const since = q.modified_since === undefined ? undefined : start + q.modified_since;
          const base = {
            uuids: uuids?.join(","),
            modified_since: since === undefined ? undefined : new Date(since).toISOString(),
            name: q.name,
            company_uuid: q.company === undefined ? undefined : companies[q.company],
            city: q.city,
            sort_by: q.sort_by,
            order: q.order,
          };
          const order = q.order ?? "asc";
          const sortKey = (person: ModelPerson): SortKey | SortKey[] =>
            q.sort_by === "name" ? alphabeticalKey(person.name) : q.sort_by === "created_at" ? person.created_at : person.service_updated_at;
          const rows = () =>
            modelOrder(
              model
                .filter((person) => !person.erased)
                .filter((person) => uuids === undefined || uuids.includes(person.uuid))
                .filter((person) => since === undefined || person.service_updated_at >= since)
                .filter((person) => q.name === undefined || holdsEveryWord(person.name, q.name))
                .filter((person) => q.company === undefined || person.company === q.company)
                .filter((person) => q.city === undefined || (person.city !== null && foldAnyCase(person.city).includes(foldAnyCase(q.city))))
                .map((person) => ({ uuid: person.uuid, key: sortKey(person) })),
              order,
            );
          // A name that matches nobody is retried fuzzily (docs): no model of that here.
          if (q.name !== undefined && rows().length === 0) return;
          await expectWalksAsModel({
            ...pagesOver<ListEnvelope & { name_match?: string }>((url) => context.request(url, { key }), "/v1/persons", base, (body) => {
              if (q.name !== undefined) expect(body.name_match).toBe("exact");
              return body;
            }),
            rows,
            order,
            ...sizes,
            changed: { order: order === "asc" ? "desc" : "asc" },
            async between(step) {
              const change = writes[step];
              context.clock.advance(1);
              const live = model.filter((person) => !person.erased);
              if (change?.kind === "create") await create(change.person);
              if (change?.kind === "rename" && live.length > 0) {
                const person = live[change.target % live.length]!;
                await store.persons.update(tenant.uuid, person.uuid, { name: change.name });
                // A write that changes nothing moves no stamp (docs: Syncing).
                if (person.name !== change.name) Object.assign(person, { name: change.name, service_updated_at: context.clock.now() });
              }
              if (change?.kind === "move" && live.length > 0) {
                const person = live[change.target % live.length]!;
                await store.persons.update(tenant.uuid, person.uuid, { primary_company_uuid: companyOf(change.company) });
                // A new primary company is a current affiliation, the old one no longer current: a change of the record.
                if (person.company !== change.company) Object.assign(person, { company: change.company, service_updated_at: context.clock.now() });
              }
              if (change?.kind === "erase" && live.length > 0) await erase(live[change.target % live.length]!);
            },
          });
          // The deletions log lists each erased person once, in the order erased, by uuid alone (docs: Person erasure).
          const log = (await (await context.request("/v1/deletions?entity_type=PERSON&per_page=50", { key })).json()) as { items: Array<{ uuid: string; reason: string }> };
          expect(log.items.map((item) => [item.uuid, item.reason])).toEqual(erasures.map((uuid) => [uuid, "ERASED"]));
        },
      ),
      modelRunParameters(25),
    );
  });
});
