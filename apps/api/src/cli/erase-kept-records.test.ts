import { describe, expect, it } from "vitest";
import { keptRecordsLines } from "./erase-kept-records.js";

describe("keptRecordsLines", () => {
  it("counts the kept notes and tasks in words that fit one or many, a line per record, and says nothing of none", () => {
    expect(keptRecordsLines({ notes: [], tasks: [] })).toEqual([]);
    expect(keptRecordsLines({ notes: ["n1"], tasks: [] })).toEqual([
      "  1 note linked to them is kept with the text written in it, which may still speak of the person: review it (GET /v1/notes/{uuid}, GET /v1/tasks/{uuid})",
      "    note n1",
    ]);
    expect(keptRecordsLines({ notes: ["n1", "n2"], tasks: ["t1"] })).toEqual([
      "  2 notes and 1 task linked to them are kept with the text written in them, which may still speak of the person: review each (GET /v1/notes/{uuid}, GET /v1/tasks/{uuid})",
      "    note n1",
      "    note n2",
      "    task t1",
    ]);
  });
});
