/**
 * Walks the whole operation table: every operation, called by one tenant with another tenant's
 * record ids (in the path, uuid filters and uuid body fields), answers exactly as it does for ids
 * that exist nowhere (404 or an empty result), so neither the other tenant's data nor the existence
 * of its records shows. New operations are covered with no edit here.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyOperation } from "../operations/operation.js";
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

interface Call {
  status: number;
  text: string;
  usedIds: boolean;
}

/** Calls the operation as `mine` with the record ids in `ids` wherever the operation takes ids. */
async function callWith(operation: AnyOperation, ids: Record<string, string>): Promise<Call> {
  let usedIds = operation.path.includes("{");
  const query = new URLSearchParams(operation.example?.query ?? {});
  const shape = operation.query?.shape ?? {};
  const idFor = (name: string) => (name === "uuids" ? (operation.path.startsWith("/v1/companies") ? ids.company_uuid : ids.person_uuid) : ids[name]);
  for (const name of ["uuids", "person_uuid", "company_uuid"]) {
    if (name in shape) {
      query.set(name, idFor(name)!);
      usedIds = true;
    }
  }
  let body: unknown = undefined;
  if (operation.body) {
    const example = { ...((operation.example?.body as Record<string, unknown> | undefined) ?? {}) };
    for (const name of ["uuids", "person_uuid", "company_uuid"]) {
      if (name in example) {
        example[name] = name === "uuids" ? [idFor(name)] : idFor(name);
        usedIds = true;
      }
    }
    body = example;
  }
  const search = query.size > 0 ? `?${query}` : "";
  const response = await context.request(`${pathWith(operation.path, ids)}${search}`, {
    key: mine.key,
    method: operation.method.toUpperCase(),
    body,
  });
  return { status: response.status, text: await response.text(), usedIds };
}

/** Replaces each id of `ids` in `text` with a placeholder named after its parameter. */
function withPlaceholders(text: string, ids: Record<string, string>): string {
  return Object.entries(ids).reduce((result, [name, id]) => result.split(id).join(`<${name}>`), text);
}

describe.each(operations.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it("answers another tenant's record ids exactly as ids that exist nowhere", async () => {
    const foreign = await callWith(operation, theirs.pathIds);
    expect(foreign.status, foreign.text).toBeLessThan(500);
    const names = theirs.secrets.filter((secret) => !Object.values(theirs.pathIds).includes(secret) && secret !== theirs.tenant.uuid);
    for (const secret of [...names, theirs.tenant.uuid]) {
      expect(foreign.text, `${operation.operationId} leaked ${secret}`).not.toContain(secret);
    }
    if (foreign.usedIds) {
      const nowhere = Object.fromEntries(Object.keys(theirs.pathIds).map((name) => [name, randomUUID()]));
      const missing = await callWith(operation, nowhere);
      expect(foreign.status, `${operation.operationId}: ${foreign.text}`).toBe(missing.status);
      expect(withPlaceholders(foreign.text, theirs.pathIds)).toBe(withPlaceholders(missing.text, nowhere));
    }
    if (operation.path.includes("{")) expect([400, 404], foreign.text).toContain(foreign.status);

    // The owner sees its own record through the same operation: the answer above is isolation.
    if (operation.method === "get") {
      const example = new URLSearchParams(operation.example?.query ?? {});
      const own = await context.request(`${pathWith(operation.path, theirs.pathIds)}${example.size > 0 ? `?${example}` : ""}`, { key: theirs.key });
      expect(own.status, `${operation.operationId} for the owner`).toBe(200);
    }
  });
});
