/**
 * An opportunity's owner given as a deactivated user's person that a merge removed is refused as before, and the
 * refusal names the person it was merged into (which now names the user), on creation and on update.
 */
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { useFreshStore } from "../testing/fresh-store.js";

const fresh = useFreshStore();

describe("opportunities' owner_user_uuid naming a merged-away person", () => {
  it("is refused naming the person it was merged into; that person names the user once reactivated", async () => {
    const { store, tenantUuid } = fresh;
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
    const deal = { tenant_uuid: tenantUuid, name: "Series A", type_uuid: type.uuid, stage_uuid: stage.uuid };
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const contact = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada Contact", emails: ["ada@globex.example"] });
    await store.users.deactivate(tenantUuid, ada.uuid);
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: contact.uuid, superseded_uuid: ada.person_uuid, preview: false, merged_by_user_uuid: null });
    await store.users.reactivate(tenantUuid, ada.uuid);

    const refusal = new InvalidInputError(
      `owner ${ada.person_uuid} is not an active user of this tenant (a user UUID or a user's person UUID): it was merged into person ${contact.uuid}`,
    );
    await expect(store.opportunities.create({ ...deal, owner_user_uuid: ada.person_uuid }, { user_uuid: null })).rejects.toThrow(refusal);
    const opportunity = await store.opportunities.create({ ...deal, owner_user_uuid: contact.uuid }, { user_uuid: null });
    expect(opportunity.owner?.user_uuid).toBe(ada.uuid);
    await expect(store.opportunities.update(tenantUuid, opportunity.uuid, { owner_user_uuid: ada.person_uuid }, { user_uuid: null }, { user_uuid: null })).rejects.toThrow(refusal);
    const stranger = "00000000-0000-4000-8000-000000000000";
    await expect(store.opportunities.create({ ...deal, owner_user_uuid: stranger }, { user_uuid: null })).rejects.toThrow(
      `owner ${stranger} is not an active user of this tenant (a user UUID or a user's person UUID)`,
    );
  });
});
