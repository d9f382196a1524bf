import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { measureMboxImport } from "./measure-mbox-import.js";
import { writeLargeMbox } from "./write-large-mbox.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("benchmark helpers", () => {
  it("write an mbox to disk and import it, measuring memory", async () => {
    const folder = mkdtempSync(join(tmpdir(), "rapport-bench-"));
    folders.push(folder);
    const mboxPath = join(folder, "bench.mbox");
    const bytes = await writeLargeMbox(mboxPath, { messages: 300, correspondents: 50 });
    expect(statSync(mboxPath).size).toBe(bytes);
    const result = await measureMboxImport({ databasePath: join(folder, "bench.db"), mboxPath, batchSize: 100 });
    expect(result).toMatchObject({ messages_read: 300, emails_new: 300, summary: { problems: { count: 0 }, owner: { appearances: 300 } } });
    expect(result.summary.persons.created).toBe(50);
    expect(result.peak_rss_bytes).toBeGreaterThanOrEqual(result.baseline_rss_bytes);
    expect(result.rss_by_progress[0]?.messages_read).toBe(100);
  });
});
