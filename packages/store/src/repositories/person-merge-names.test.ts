/**
 * A merge's name: the canonical person keeps a name someone gave, but one only derived from an address (created from
 * a bare address, `bob@partner.example`) is as good as empty and takes the superseded person's typed name, in the
 * preview as in the merge; whether the name was derived follows it, so mail seen later names only a derived one.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const START = Date.UTC(2026, 11, 1);
let store: Store;
let tenantUuid: string;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:", now: () => START });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const merge = (canonical: string, superseded: string, preview = false) =>
  store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview, merged_by_user_uuid: null });

/** The canonical person's name once mail from its address offers `Bob From Mail`. */
async function nameAfterMail(personUuid: string, address: string): Promise<string> {
  await store.emails.ingest(tenantUuid, { message_id: `m-${address}`, sent_at: START - 1, from: { email: address, name: "Bob From Mail" }, to: [{ email: "ada@acme.example" }] });
  return (await store.persons.get(tenantUuid, personUuid))!.name;
}

describe("a merge's name", () => {
  it("takes the superseded person's typed name for a canonical name derived from an address, in the preview too", async () => {
    const derived = await store.persons.create({ tenant_uuid: tenantUuid, emails: ["bob@partner.example"] });
    const typed = await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob Partner", emails: ["robert@partner.example"] });
    expect(derived.name).toBe("bob@partner.example");
    expect((await merge(derived.uuid, typed.uuid, true)).merged.name).toBe("Bob Partner");
    expect((await merge(derived.uuid, typed.uuid)).merged.name).toBe("Bob Partner");
    // The typed name came with its flag: mail seen later does not replace it.
    expect(await nameAfterMail(derived.uuid, "bob@partner.example")).toBe("Bob Partner");
  });

  it("keeps a canonical name someone gave, whatever the superseded person's", async () => {
    const typed = await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob", emails: ["bob@partner.example"] });
    const other = await store.persons.create({ tenant_uuid: tenantUuid, name: "Robert Partner", emails: ["robert@partner.example"] });
    expect((await merge(typed.uuid, other.uuid)).merged.name).toBe("Bob");
  });

  it("keeps a derived canonical name when the superseded one's is derived too, and mail still names the merged person", async () => {
    const derived = await store.persons.create({ tenant_uuid: tenantUuid, emails: ["bob@partner.example"] });
    const alsoDerived = await store.persons.create({ tenant_uuid: tenantUuid, emails: ["robert@partner.example"] });
    expect((await merge(derived.uuid, alsoDerived.uuid)).merged.name).toBe("bob@partner.example");
    expect(await nameAfterMail(derived.uuid, "robert@partner.example")).toBe("Bob From Mail");
  });

  it("fills a blank canonical name with the superseded person's derived one, which mail still replaces", async () => {
    const blank = await store.persons.create({ tenant_uuid: tenantUuid, linkedin_url: "https://www.linkedin.com/in/bob-partner" });
    const derived = await store.persons.create({ tenant_uuid: tenantUuid, emails: ["bob@partner.example"] });
    expect(blank.name).toBe("");
    expect((await merge(blank.uuid, derived.uuid)).merged.name).toBe("bob@partner.example");
    expect(await nameAfterMail(blank.uuid, "bob@partner.example")).toBe("Bob From Mail");
  });
});
