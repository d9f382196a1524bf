/**
 * Walks every operation that changes nothing: a member's PERSONAL tasks, linked to every kind of record a task links
 * to (with the task, afterwards, a link removed, a task deleted), change no answer any other caller gets (another member, an administrator, a tenant-wide key, a tenant-wide key
 * acting as the administrator). Spec: a PERSONAL task is "visible to and deletable by its creator"; decided in
 * docs/api-decisions.md (Tasks): invisible to everyone else, administrators and tenant-wide calls included, absent from
 * lists, association lists, counts and links. The one exception is a data subject's export (administrators only),
 * which lists every task linked to the person. New operations are covered with no edit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesNothing, type AnyOperation } from "../operations/operation.js";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { callWithIds, urlOf } from "../testing/foreign-record-calls.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { createTestContext, type TestContext, type TestRequestOptions } from "../testing/test-harness.js";
import { operations } from "./operations.js";

/** Reads that show a PERSONAL task to others by design, and why. */
const SHOWN_BY_DESIGN: Record<string, string> = {
  exportPersonalData: "a data subject's export (administrators only) lists every task linked to the person (api-decisions, Tasks)",
};

const reads = operations.filter((operation) => changesNothing(operation) && !(operation.operationId in SHOWN_BY_DESIGN));

let context: TestContext;
let tenant: PopulatedTenant;
let others: Record<string, TestRequestOptions>;
/** Each read's answer to each other caller before the task was made. */
const before = new Map<string, string>();
let task: { uuid: string; title: string };

async function answerOf(operation: AnyOperation, caller: TestRequestOptions): Promise<string> {
  const call = callWithIds(operation, tenant.pathIds);
  const response = await context.request(urlOf(operation, call), { ...caller, method: operation.method.toUpperCase(), body: call.body });
  return `${response.status} ${await response.text()}`;
}

beforeAll(async () => {
  context = await createTestContext();
  tenant = await buildPopulatedTenant(context.services, "Acme");
  const { store } = context.services;
  const colleague = await store.users.create({ tenant_uuid: tenant.tenant.uuid, name: "Cora", email: `cora.${tenant.tenant.uuid.slice(0, 8)}@example.com`, role: "member" });
  others = {
    "another member": { key: (await issueApiKey(store, { tenantUuid: tenant.tenant.uuid, userUuid: colleague.uuid })).plaintext },
    "an administrator": { key: tenant.adminKey },
    "a tenant-wide key": { key: tenant.key },
    "a tenant-wide key acting as the administrator": { key: tenant.key, userUuid: tenant.admin.uuid },
  };
  // Later than every record's writes: one whose updated_at moved with the task (made at this instant) would show it.
  context.clock.advance(60_000);
  for (const operation of reads) for (const [who, caller] of Object.entries(others)) before.set(`${operation.operationId} ${who}`, await answerOf(operation, caller));
  const ids = tenant.pathIds;
  const made = await context.json("/v1/tasks", {
    key: tenant.memberKey,
    method: "POST",
    body: {
      title: "Mike's private follow-up",
      scope: "PERSONAL",
      assignee_user_uuid: tenant.member.uuid,
      associations: [
        { entity_type: "PERSON", entity_uuid: ids.person_uuid },
        { entity_type: "COMPANY", entity_uuid: ids.company_uuid },
        { entity_type: "OPPORTUNITY", entity_uuid: ids.opportunity_uuid },
        { entity_type: "NOTE", entity_uuid: ids.note_uuid },
        { entity_type: "FILE", entity_uuid: ids.file_uuid },
      ],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  task = made.body as { uuid: string; title: string };
  // Links made afterwards from the task's side, one removed again, and another PERSONAL task deleted with its links.
  const asMember = async (method: string, path: string, body?: unknown) => {
    const answer = await context.json(path, { key: tenant.memberKey, method, body });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body as Record<string, any>;
  };
  const later = await asMember("POST", "/v1/tasks", { title: "Mike's private follow-up", scope: "PERSONAL" });
  const linked = await asMember("POST", `/v1/tasks/${later.uuid}/associations`, { entity_type: "OPPORTUNITY", entity_uuid: ids.opportunity_uuid });
  await asMember("POST", `/v1/tasks/${later.uuid}/associations`, { entity_type: "NOTE", entity_uuid: ids.note_uuid });
  await asMember("DELETE", `/v1/tasks/${later.uuid}/associations/${linked.uuid}`);
  const deleted = await asMember("POST", "/v1/tasks", {
    title: "Mike's private follow-up",
    scope: "PERSONAL",
    associations: [
      { entity_type: "OPPORTUNITY", entity_uuid: ids.opportunity_uuid },
      { entity_type: "NOTE", entity_uuid: ids.note_uuid },
    ],
  });
  await asMember("DELETE", `/v1/tasks/${deleted.uuid}`);
});
afterAll(() => context.close());

describe.each(reads.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it.each(["another member", "an administrator", "a tenant-wide key", "a tenant-wide key acting as the administrator"])(
    "answers %s as before a member made a PERSONAL task linked to its records",
    async (who) => {
      const answer = await answerOf(operation, others[who]!);
      expect(answer).not.toContain(task.uuid);
      expect(answer).not.toContain("private follow-up");
      expect(answer).toBe(before.get(`${operation.operationId} ${who}`));
    },
  );
});

it("shows the task to its creator, so the answers above are its visibility", async () => {
  const listed = await context.json(`/v1/tasks?entity_type=OPPORTUNITY&entity_uuid=${tenant.pathIds.opportunity_uuid}`, { key: tenant.memberKey });
  expect(listed.body?.items.map((item: { uuid: string }) => item.uuid)).toContain(task.uuid);
});
