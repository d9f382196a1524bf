import { describe, expect, it } from "vitest";
import { entityTagConditionOf, entityTagOf, namesCurrentAnswer, namesCurrentRecord, recordDigestOf } from "./entity-tag.js";

describe("entityTagOf", () => {
  it("is a quoted record digest and answer digest, the same for the same inputs and another for any change", () => {
    const record = recordDigestOf({ uuid: "a", city: "Lisbon" });
    const tag = entityTagOf(record, '{"city":"Lisbon"}');
    expect(tag).toMatch(/^"[0-9a-f]{16}\.[0-9a-f]{16}"$/);
    expect(tag.slice(1, 17)).toBe(record);
    expect(entityTagOf(record, Buffer.from('{"city":"Lisbon"}'))).toBe(tag);
    expect(entityTagOf(record, '{"city":"Porto"}')).not.toBe(tag);
    expect(entityTagOf(recordDigestOf({ uuid: "a", city: "Porto" }), '{"city":"Lisbon"}')).not.toBe(tag);
  });
});

describe("entityTagConditionOf", () => {
  it("reads *, one tag, a list, weak tags, and keeps text that is no tag as a tag that matches nothing", () => {
    expect(entityTagConditionOf(" * ")).toEqual({ any: true });
    expect(entityTagConditionOf('"a"')).toEqual({ any: false, tags: [{ opaque: '"a"', weak: false }] });
    expect(entityTagConditionOf('W/"a" , "b",')).toEqual({ any: false, tags: [{ opaque: '"a"', weak: true }, { opaque: '"b"', weak: false }] });
    expect(entityTagConditionOf("17")).toEqual({ any: false, tags: [{ opaque: "17", weak: false }] });
  });
});

describe("namesCurrentAnswer (If-None-Match)", () => {
  const tag = entityTagOf("0123456789abcdef", "answer");
  it("holds for the tag, in a list, weak, or *; not for another", () => {
    for (const header of [tag, `"x", ${tag}`, `W/${tag}`, "*"]) expect(namesCurrentAnswer(header, tag), header).toBe(true);
    for (const header of ['"x"', entityTagOf("0123456789abcdef", "another answer"), tag.slice(1, -1)]) expect(namesCurrentAnswer(header, tag), header).toBe(false);
  });
});

describe("namesCurrentRecord (If-Match)", () => {
  const record = "0123456789abcdef";
  it("holds for a strong tag of the record, whatever its answer part; never for a weak one or another record's", () => {
    const read = entityTagConditionOf(`"x", ${entityTagOf(record, "answer read an hour ago")}`);
    expect(read.any).toBe(false);
    if (read.any) return;
    expect(namesCurrentRecord(read.tags, record)).toBe(true);
    for (const header of [`W/${entityTagOf(record, "answer")}`, entityTagOf("fedcba9876543210", "answer"), `"${record}."`, `"${record}.0123456789abcdef0"`]) {
      const condition = entityTagConditionOf(header);
      expect(!condition.any && namesCurrentRecord(condition.tags, record), header).toBe(false);
    }
  });
});
