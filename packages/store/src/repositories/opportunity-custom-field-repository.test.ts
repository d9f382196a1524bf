/** Custom field values: a refused value is named as the client sent it; text is held to the control-character rule. */
import { describe, expect, it } from "vitest";
import type { OpportunityCustomField } from "../deal-records.js";
import { InvalidInputError } from "../errors.js";
import { mergeCustomFieldValues } from "./opportunity-custom-field-repository.js";

const amount: OpportunityCustomField = { uuid: "f-1", tenant_uuid: "t-1", key: "amount", name: "Amount", type: "number", choices: [], created_at: 0, updated_at: 0 };
const memo: OpportunityCustomField = { ...amount, uuid: "f-2", key: "memo", name: "Memo", type: "text" };

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
});
