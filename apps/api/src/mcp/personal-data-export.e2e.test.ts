/**
 * An agent over a real port, with the MCP SDK client (which checks structured content against the tool's output
 * schema), exporting a heavy person's personal data: the tool result is a bounded preview with every list's count and
 * where the whole document is, not megabytes of JSON; REST still answers the whole document.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREVIEW_ITEMS_PER_LIST, PREVIEW_TEXT_CHARACTERS } from "../persons/personal-data-preview.js";
import { startServer, type RunningServer } from "../server.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { connectMcpClient } from "../testing/mcp-sdk-client.js";

const EMAILS = 1_200;
const BODY_CHARACTERS = 4_000;
let context: TestContext;
let server: RunningServer;
let acme: TestTenant;
let heavyUuid: string;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  const { store } = context.services;
  const tenantUuid = acme.tenant.uuid;
  const heavy = await store.persons.create({ tenant_uuid: tenantUuid, name: "Hana Weber", emails: ["hana@weber.example"] });
  heavyUuid = heavy.uuid;
  // More than two pages of emails with long stored bodies: about 5 MB of JSON in the whole document.
  const ingested = await store.emails.ingestMany(
    tenantUuid,
    Array.from({ length: EMAILS }, (_, index) => ({ message_id: `heavy-${index}`, sent_at: TEST_START - 10_000_000 + index * 1_000, subject: `Update ${index}`, from: { person_uuid: heavy.uuid }, to: [{ person_uuid: acme.admin.person_uuid }] })),
  );
  for (const result of ingested) if ("email" in result) await store.emailBodies.put(tenantUuid, result.email.uuid, `${result.email.message_id} `.padEnd(BODY_CHARACTERS, "x"));
  for (let index = 0; index < 15; index += 1) {
    await store.notes.create({ tenant_uuid: tenantUuid, content: `Note ${index}`, associations: [{ entity_type: "PERSON", entity_uuid: heavy.uuid }] }, { user_uuid: null });
  }
  server = await startServer(context.services, { port: 0 });
});
afterAll(async () => {
  await server?.close(100);
  await context?.close();
});

async function connect(key: string): Promise<Client> {
  const client = await connectMcpClient(server.url, key, "rapport-export-test");
  return client;
}

describe("exportPersonalData over MCP for a person with a heavy mailbox", () => {
  it("answers a preview of bounded size: every list's count, its first items, texts cut, and where the whole document is", async () => {
    const client = await connect(acme.adminKey);
    try {
      const result = await client.callTool({ name: "exportPersonalData", arguments: { person_uuid: heavyUuid } });
      expect(result.isError).toBeFalsy();
      const text = (result.content as Array<{ text: string }>)[0]!.text;
      expect(Buffer.byteLength(text)).toBeLessThan(64 * 1024);
      const preview = result.structuredContent as Record<string, any>;
      expect(JSON.parse(text)).toEqual(preview);
      expect(preview.preview).toMatchObject({
        complete: false,
        items_per_list: PREVIEW_ITEMS_PER_LIST,
        text_characters: PREVIEW_TEXT_CHARACTERS,
        counts: { emails: EMAILS, notes: 15, persons: 1, email_addresses: 1 },
      });
      expect(preview.preview.whole_document).toContain(`GET /v1/persons/${heavyUuid}/personal-data`);
      expect(preview.preview.whole_document).toContain(`rapport persons export --tenant ${acme.tenant.uuid} --person ${heavyUuid}`);
      // The earliest emails, as the document orders them, their bodies cut and saying by how much.
      expect(preview.emails.map((email: { message_id: string }) => email.message_id)).toEqual(Array.from({ length: PREVIEW_ITEMS_PER_LIST }, (_, index) => `heavy-${index}`));
      const [firstEmail] = preview.emails as Array<{ body: string }>;
      expect(firstEmail!.body).toBe(`${"heavy-0 ".padEnd(PREVIEW_TEXT_CHARACTERS, "x")}… [${BODY_CHARACTERS - PREVIEW_TEXT_CHARACTERS} more characters in the whole document]`);
      expect(preview.notes).toHaveLength(PREVIEW_ITEMS_PER_LIST);

      // A member is refused: the tool is an administrator's, which a member's client is not offered.
      const member = await connect(acme.memberKey);
      try {
        const refused = await member.callTool({ name: "exportPersonalData", arguments: { person_uuid: heavyUuid } });
        expect(refused.isError).toBe(true);
        expect((refused.content as Array<{ text: string }>)[0]!.text).toMatch(/^tool 'exportPersonalData' is not available to this client: only an administrator may call it/);
      } finally {
        await member.close();
      }
    } finally {
      await client.close();
    }
    // REST answers the whole document.
    const rest = (await (await fetch(`${server.url}/v1/persons/${heavyUuid}/personal-data`, { headers: { "x-api-key": acme.adminKey } })).json()) as { emails: Array<{ body: string }> };
    expect(rest.emails).toHaveLength(EMAILS);
    expect(rest.emails[0]!.body).toHaveLength(BODY_CHARACTERS);
  });
});
