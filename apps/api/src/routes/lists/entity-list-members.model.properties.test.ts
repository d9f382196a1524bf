/**
 * Model-based property test (fast-check) of GET /v1/lists/{list_uuid}/entities: members added in calls (each in the
 * order sent, some already members) and removed, against a plain model of the list's order (docs: the order added,
 * one call's as sent), walked by page and by cursor while members are added and removed between pages.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectWalksAsModel, modelOrder, type ListEnvelope, walkPaging, modelRunParameters, modelTenant, pagesOver } from "../../testing/list-model.js";
import { createTestContext, type TestContext } from "../../testing/test-harness.js";

const PERSONS = [0, 1, 2, 3, 4, 5, 6, 7];
const call = fc.shuffledSubarray(PERSONS, { minLength: 1, maxLength: 4 });
/** A write between two cursor pages: a call adding members, or a removal. */
const write = fc.oneof(fc.record({ kind: fc.constant("add" as const), call }), fc.record({ kind: fc.constant("remove" as const), target: fc.nat(7) }));

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe("GET /v1/lists/{list_uuid}/entities against a model", () => {
  it("lists the members in the order added, by page and by cursor, members added and removed between pages included", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 3 }), fc.subarray(PERSONS, { maxLength: 3 }), walkPaging, fc.array(write, { minLength: 1, maxLength: 3 }), async (calls, removals, sizes, writes) => {
        const { store } = context.services;
        const { tenant, key } = await modelTenant(store);
        const persons: string[] = [];
        for (const index of PERSONS) persons.push((await store.persons.create({ tenant_uuid: tenant.uuid, name: `Member ${index}` })).uuid);
        const list = await store.entityLists.create({ tenant_uuid: tenant.uuid, name: "Model", kind: "persons", owner_user_uuid: null });
        /** Each member's place: a member added again after its removal goes to the end. */
        const places = new Map<number, number>();
        let next = 0;
        const add = async (members: number[]) => {
          context.clock.advance(1);
          await store.entityLists.addMembers(tenant.uuid, list.uuid, members.map((index) => persons[index]!), null);
          for (const index of members) if (!places.has(index)) places.set(index, next++);
        };
        const remove = async (index: number) => {
          await store.entityLists.removeMember(tenant.uuid, list.uuid, persons[index]!);
          places.delete(index);
        };
        for (const members of calls) await add(members);
        for (const index of removals) await remove(index);

        await expectWalksAsModel({
          ...pagesOver<Omit<ListEnvelope, "items"> & { items: Array<{ entity_uuid: string }> }>(
            (url) => context.request(url, { key }),
            `/v1/lists/${list.uuid}/entities`,
            {},
            (body) => ({ ...body, items: body.items.map((member) => ({ uuid: member.entity_uuid })) }),
          ),
          rows: () => modelOrder([...places].map(([index, place]) => ({ uuid: persons[index]!, key: place })), "asc"),
          order: "asc",
          ...sizes,
          async between(step) {
            const change = writes[step];
            if (change?.kind === "add") await add(change.call);
            if (change?.kind === "remove") await remove(change.target);
          },
        });
      }),
      modelRunParameters(20),
    );
  });
});
