/** A tenant's company whose three contacts the team knows in a set order: the fixture of the company paths' limits tests. */
import { expect } from "vitest";
import { buildTenant, TEST_START, type TestContext, type TestTenant } from "./test-harness.js";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(TEST_START - days * DAY).toISOString();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;
/** A JSON request through the app with the tenant's key: its status and parsed body. */
export type JsonCall = (path: string, options?: { method?: string; body?: unknown }) => Promise<{ status: number; body: Json }>;

/**
 * A new tenant (buildTenant, clock at TEST_START) with Globex and its contacts Grace Hopper (known by both teammates,
 * recent mail), Gina Moss (one teammate, ten days ago) and Gus Fring (one email 200 days ago), strongest first.
 */
export async function companyKnownInOrder(context: TestContext): Promise<{ acme: TestTenant; globex: string; call: JsonCall }> {
  context.clock.set(TEST_START);
  const acme = await buildTenant(context.services);
  const call: JsonCall = async (path, options = {}) => {
    const response = await context.app.request(path, {
      method: options.method ?? "GET",
      headers: { "x-api-key": acme.key, ...(options.body === undefined ? {} : { "content-type": "application/json" }) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const globex = (await call("/v1/companies", { method: "POST", body: { company_name: "Globex", domain: "globex.example" } })).body.uuid as string;
  for (const [name, address] of [
    ["Grace Hopper", "grace@globex.example"],
    ["Gina Moss", "gina@globex.example"],
    ["Gus Fring", "gus@globex.example"],
  ]) {
    expect((await call("/v1/persons", { method: "POST", body: { name, emails: [address], primary_company_uuid: globex } })).status).toBe(201);
  }
  const alice = acme.admin.email;
  const mike = acme.member.email;
  const sent = await call("/v1/emails/batch", {
    method: "POST",
    body: {
      messages: [
        { message_id: "<a1@x>", sent_at: daysAgo(3), from: alice, to: ["grace@globex.example"], subject: "Hello" },
        { message_id: "<a2@x>", sent_at: daysAgo(2), from: "grace@globex.example", to: [alice], subject: "Re: Hello" },
        { message_id: "<m1@x>", sent_at: daysAgo(4), from: mike, to: ["grace@globex.example"], subject: "Intro" },
        { message_id: "<a3@x>", sent_at: daysAgo(10), from: alice, to: ["gina@globex.example"], subject: "Hi Gina" },
        { message_id: "<m2@x>", sent_at: daysAgo(200), from: mike, to: ["gus@globex.example"], subject: "Long ago" },
      ],
    },
  });
  expect(sent.status).toBe(200);
  return { acme, globex, call };
}
