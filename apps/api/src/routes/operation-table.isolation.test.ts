/**
 * Walks the whole operation table: every operation, called by one tenant with another tenant's
 * record ids (in the path and in uuid filters), answers 404 or an empty result and never shows
 * anything of the other tenant. New operations are covered with no edit here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { operations } from "./operations.js";

let context: TestContext;
let mine: PopulatedTenant;
let theirs: PopulatedTenant;

beforeAll(async () => {
  context = await createTestContext();
  mine = await buildPopulatedTenant(context.services, "Mine");
  theirs = await buildPopulatedTenant(context.services, "Theirs");
});
afterAll(() => context.close());

function pathWith(path: string, ids: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`no fixture id for path parameter '${name}': add one in testing/populated-tenant.ts`);
    return id;
  });
}

describe.each(operations.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it("never reveals another tenant's records", async () => {
    const query = new URLSearchParams(operation.example?.query ?? {});
    const shape = operation.query?.shape ?? {};
    for (const name of ["uuids", "person_uuid", "company_uuid"]) {
      if (name in shape) query.set(name, theirs.pathIds[name === "uuids" ? "person_uuid" : name]!);
    }
    const search = query.size > 0 ? `?${query}` : "";
    const response = await context.request(`${pathWith(operation.path, theirs.pathIds)}${search}`, {
      key: mine.key,
      method: operation.method.toUpperCase(),
      body: operation.body ? (operation.example?.body ?? {}) : undefined,
    });
    const text = await response.text();
    // An error may quote the id the caller itself sent; a success must not contain it at all.
    const sent = response.ok ? [] : Object.values(theirs.pathIds);
    for (const secret of theirs.secrets.filter((secret) => !sent.includes(secret))) {
      expect(text, `${operation.operationId} leaked ${secret}`).not.toContain(secret);
    }
    if (operation.path.includes("{")) {
      expect([404, 400], `${operation.operationId} answered ${response.status}: ${text}`).toContain(response.status);
    } else {
      expect(response.status, text).toBeLessThan(500);
    }

    // The owner still sees its own record through the same operation: the 404 above is isolation.
    if (operation.method === "get") {
      const own = await context.request(`${pathWith(operation.path, theirs.pathIds)}`, { key: theirs.key });
      expect(own.status, `${operation.operationId} for the owner`).toBe(200);
    }
  });
});
