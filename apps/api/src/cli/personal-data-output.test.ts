/** `writeJsonTo`: a personal data export on standard output, as JSON a terminal shows without acting on it. */
import { PassThrough } from "node:stream";
import type { PagedPersonalDataExport, PersonalDataExport } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { writeJsonTo } from "./personal-data-output.js";

describe("writeJsonTo", () => {
  it("escapes C1 control characters of the person's data, emails included, the document the same to a parser", async () => {
    const document = { person_uuid: "p", persons: [{ name: "Ctrl\u009b2J" }], emails: [] } as unknown as PersonalDataExport;
    const email = { message_id: "m", subject: "Re:\u0085next" };
    const exported: PagedPersonalDataExport = {
      document,
      async *emailPages() {
        yield [email] as never;
      },
    };
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on("data", (chunk: Buffer) => chunks.push(chunk));
    const bytes = await writeJsonTo(output, exported);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(Buffer.byteLength(text)).toBe(bytes);
    expect(text).not.toMatch(/[\u007f-\u009f]/);
    expect(text).toContain("Ctrl\\u009b2J");
    expect(JSON.parse(text)).toEqual({ ...document, emails: [email] });
  });
});
