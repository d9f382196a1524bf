/**
 * @module
 * What the table-walking isolation suites send: an operation's path, query and body with a set of record ids put
 * wherever it takes ids, the same ids put back as placeholders in its answer (so an answer naming another tenant's
 * record compares with one naming a record that exists nowhere), and a tenant whose records are all gone (merged away
 * or deleted): ids a tenant once held are as unknown to every other tenant as ids never issued.
 */
import type { AnyOperation } from "../operations/operation.js";
import { buildPopulatedTenant, type PopulatedTenant } from "./populated-tenant.js";
import type { TestContext } from "./test-harness.js";

/** An operation's request with record ids put in: its path's parameters, query and JSON body. */
export interface CallWithIds {
  /** The path parameters by name (for a tool call, its flat arguments). */
  params: Record<string, string>;
  /** The query parameters: the operation's example with the uuid filters set. */
  query: Record<string, string>;
  /** The body: the operation's example with its uuid fields set; undefined for an operation without one. */
  body: unknown;
  /** Whether any id went in (the path, a filter or a body field). */
  usedIds: boolean;
}

/** The fields named so in a query or a body that name a record by its uuid, as the walks fill them. */
const ID_FIELDS = ["uuids", "person_uuid", "company_uuid"] as const;

/** The operation's request with the ids of `ids` (path parameter name → id) wherever it takes ids. */
export function callWithIds(operation: AnyOperation, ids: Record<string, string>): CallWithIds {
  const params: Record<string, string> = {};
  for (const [, name] of operation.path.matchAll(/\{([^}]+)\}/g)) {
    const id = ids[name!];
    if (!id) throw new Error(`no fixture id for path parameter '${name}': add one in testing/populated-tenant.ts`);
    params[name!] = id;
  }
  let usedIds = Object.keys(params).length > 0;
  const query: Record<string, string> = { ...(operation.example?.query ?? {}) };
  const idFor = (name: (typeof ID_FIELDS)[number]) =>
    name === "uuids" ? (operation.path.startsWith("/v1/companies") ? ids.company_uuid! : ids.person_uuid!) : ids[name]!;
  const shape = operation.query?.shape ?? {};
  for (const name of ID_FIELDS) {
    if (name in shape) {
      query[name] = idFor(name);
      usedIds = true;
    }
  }
  let body: unknown = undefined;
  if (operation.body) {
    const example = { ...((operation.example?.body as Record<string, unknown> | undefined) ?? {}) };
    for (const name of ID_FIELDS) {
      if (name in example) {
        example[name] = name === "uuids" ? [idFor(name)] : idFor(name);
        usedIds = true;
      }
    }
    body = example;
  }
  return { params, query, body, usedIds };
}

/** The operation's path with the call's parameters in it, and its query string. */
export function urlOf(operation: AnyOperation, call: CallWithIds): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => call.params[name]!);
  const search = new URLSearchParams(call.query);
  return search.size > 0 ? `${path}?${search}` : path;
}

/** Replaces each id of `ids` in `text` with a placeholder named after its parameter. */
export function withPlaceholders(text: string, ids: Record<string, string>): string {
  return Object.entries(ids).reduce((result, [name, id]) => result.split(id).join(`<${name}>`), text);
}

/**
 * A populated tenant whose records are gone, through the API as its administrator: its person and company merged
 * into others, its note, task, file, meeting, list, opportunity and custom field deleted. Its `pathIds` name them
 * still (its users, type, stage, email and import have no deletion and stay); the survivors' ids join its secrets.
 */
export async function buildTenantOfGoneRecords(context: TestContext, marker: string): Promise<PopulatedTenant> {
  const tenant = await buildPopulatedTenant(context.services, marker);
  const ids = tenant.pathIds;
  const { store } = context.services;
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await context.request(path, { key: tenant.adminKey, method, body });
    if (response.status >= 300) throw new Error(`buildTenantOfGoneRecords: ${method} ${path} answered ${response.status}: ${await response.text()}`);
  };
  const survivor = await store.persons.create({ tenant_uuid: tenant.tenant.uuid, name: `${marker} Survivor` });
  const survivingCompany = await store.companies.create({ tenant_uuid: tenant.tenant.uuid, company_name: `${marker} Surviving Company` });
  await send("POST", `/v1/persons/${survivor.uuid}/merge`, { superseded_person_uuid: ids.person_uuid });
  await send("POST", `/v1/companies/${survivingCompany.uuid}/merge`, { superseded_company_uuid: ids.company_uuid });
  await send("DELETE", `/v1/notes/${ids.note_uuid}`);
  await send("DELETE", `/v1/tasks/${ids.task_id}`);
  await send("DELETE", `/v1/files/${ids.file_uuid}`);
  await send("DELETE", `/v1/meetings/${ids.meeting_uuid}`);
  await send("DELETE", `/v1/lists/${ids.list_uuid}`);
  await send("DELETE", `/v1/opportunities/${ids.opportunity_uuid}`);
  await send("DELETE", `/v1/opportunity-custom-fields/${ids.field_uuid}`);
  tenant.secrets.push(survivor.uuid, `${marker} Survivor`, survivingCompany.uuid, `${marker} Surviving Company`);
  return tenant;
}
