/**
 * Custom field values: a refused value is named as the client sent it; text is held to the control-character rule;
 * a field is given one value a write.
 * A deleted field's values leave what opportunities show: those holding one come again for `updated_after` pollers.
 */
import { describe, expect, it } from "vitest";
import type { OpportunityCustomField } from "../deal-records.js";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { createDeletionLogTenant, recordBuilders } from "../testing/deletion-log-tenant.js";
import { mergeCustomFieldValues } from "./opportunity-custom-field-repository.js";

const amount: OpportunityCustomField = { uuid: "f-1", tenant_uuid: "t-1", key: "amount", name: "Amount", type: "number", choices: [], created_at: 0, updated_at: 0 };
const memo: OpportunityCustomField = { ...amount, uuid: "f-2", key: "memo", name: "Memo", type: "text" };
const vehicle: OpportunityCustomField = { ...amount, uuid: "f-3", key: "vehicle", name: "Vehicle", type: "single_select", choices: ["Fund II"] };
const sectors: OpportunityCustomField = { ...amount, uuid: "f-4", key: "sectors", name: "Sectors", type: "multi_select", choices: ["AI", "Bio"] };

describe("mergeCustomFieldValues", () => {
  it("names a number beyond range as the number it is, not as null (which would remove the value)", () => {
    // JSON.parse reads 1e400 as Infinity.
    for (const [value, shown] of [
      [Number.POSITIVE_INFINITY, "Infinity"],
      [Number.NEGATIVE_INFINITY, "-Infinity"],
      [Number.NaN, "NaN"],
    ] as const) {
      expect(() => mergeCustomFieldValues([amount], {}, { amount: value })).toThrow(
        new InvalidInputError(`custom field 'amount' (number) needs a finite number, got ${shown}`),
      );
    }
    expect(() => mergeCustomFieldValues([amount], {}, { amount: "12" })).toThrow(`needs a finite number, got "12"`);
    expect(mergeCustomFieldValues([amount], {}, { amount: 12 })).toEqual({ "f-1": 12 });
  });

  it("holds a text value to the rule for multi-line text, as the API's schemas do: layout kept, other controls refused", () => {
    expect(() => mergeCustomFieldValues([memo], {}, { memo: "a\u001b[2Jb" })).toThrow(
      new InvalidInputError("custom field 'memo' (text) must not contain control characters (U+001B)"),
    );
    expect(() => mergeCustomFieldValues([memo], {}, { "f-2": "ring\u0007" })).toThrow("(U+0007)");
    expect(mergeCustomFieldValues([memo], {}, { memo: "line one\r\n\tline two" })).toEqual({ "f-2": "line one\r\n\tline two" });
  });

  it("refuses a field named twice (by key and by UUID, or by UUID in two cases) rather than keep one value unsaid", () => {
    const named = new InvalidInputError("custom field 'amount' is named twice, as 'amount' and 'f-1': send one value for it");
    expect(() => mergeCustomFieldValues([amount], {}, { amount: 1, "f-1": 2 })).toThrow(named);
    expect(() => mergeCustomFieldValues([amount], {}, { "F-1": 1, "f-1": null })).toThrow("named twice, as 'F-1' and 'f-1'");
    expect(mergeCustomFieldValues([amount, memo], {}, { amount: 1, "f-2": "x" })).toEqual({ "f-1": 1, "f-2": "x" });
  });

  it("takes a choice since removed from a select field where the opportunity holds it, and nowhere else", () => {
    const stored = { "f-3": "Fund I", "f-4": ["Fintech", "AI"] };
    const fields = [vehicle, sectors];
    expect(mergeCustomFieldValues(fields, stored, { vehicle: "Fund I", sectors: ["Fintech", "AI"] })).toEqual(stored);
    expect(mergeCustomFieldValues(fields, stored, { sectors: ["Fintech", "Bio"] })).toEqual({ ...stored, "f-4": ["Fintech", "Bio"] });
    expect(() => mergeCustomFieldValues(fields, {}, { vehicle: "Fund I" })).toThrow(`needs one of ["Fund II"], got "Fund I"`);
    expect(() => mergeCustomFieldValues(fields, stored, { sectors: ["Fund I"] })).toThrow("needs an array of values from");
    expect(() => mergeCustomFieldValues(fields, { "f-3": "Fintech" }, { sectors: ["Fintech"] })).toThrow("needs an array of values from");
  });
});

describe("opportunityCustomFields.delete", () => {
  it("moves updated_at of the live opportunities holding a value of the field, and of no other", async () => {
    let clock = 1_000;
    const store = await createSqliteStore({ path: ":memory:", now: () => clock });
    try {
      const tenant = await createDeletionLogTenant(store);
      const other = await createDeletionLogTenant(store, "Other");
      const viewer = { user_uuid: null };
      const field = await store.opportunityCustomFields.create({ tenant_uuid: tenant.tenantUuid, key: "region", name: "Region", type: "text" });
      const kept = await store.opportunityCustomFields.create({ tenant_uuid: tenant.tenantUuid, key: "memo", name: "Memo", type: "text" });
      const otherField = await store.opportunityCustomFields.create({ tenant_uuid: other.tenantUuid, key: "region", name: "Region", type: "text" });
      const [holding, keptOnly, without, foreign] = [
        await recordBuilders(store, tenant).opportunity(),
        await recordBuilders(store, tenant).opportunity(),
        await recordBuilders(store, tenant).opportunity(),
        await recordBuilders(store, other).opportunity(),
      ];
      await store.opportunities.update(tenant.tenantUuid, holding, { custom_fields: { region: "EMEA", memo: "hi" } }, viewer, viewer);
      await store.opportunities.update(tenant.tenantUuid, keptOnly, { custom_fields: { memo: "hi" } }, viewer, viewer);
      await store.opportunities.update(other.tenantUuid, foreign, { custom_fields: { [otherField.uuid]: "EMEA" } }, viewer, viewer);

      clock = 2_000;
      expect(await store.opportunityCustomFields.delete(tenant.tenantUuid, field.uuid)).toBe(true);
      const updatedAt = async (tenantUuid: string, uuid: string) => (await store.opportunities.get(tenantUuid, uuid, viewer))!.updated_at;
      expect(await updatedAt(tenant.tenantUuid, holding)).toBe(2_000);
      expect(await updatedAt(tenant.tenantUuid, keptOnly)).toBe(1_000);
      expect(await updatedAt(tenant.tenantUuid, without)).toBe(1_000);
      expect(await updatedAt(other.tenantUuid, foreign)).toBe(1_000);
      expect((await store.opportunities.get(tenant.tenantUuid, holding, viewer))!.custom_fields).toEqual({ [field.uuid]: "EMEA", [kept.uuid]: "hi" });

      // Another tenant's field is not this tenant's to delete: nothing moves.
      clock = 3_000;
      expect(await store.opportunityCustomFields.delete(tenant.tenantUuid, otherField.uuid)).toBe(false);
      expect(await updatedAt(other.tenantUuid, foreign)).toBe(1_000);
    } finally {
      await store.close();
    }
  });
});
