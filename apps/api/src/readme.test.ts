/** Keeps the package README in step: its Usage example serves, and every value `@rapport/api` exports is named in it. */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import * as apiPackage from "./index.js";
import type { RunningServer } from "./server.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("README", () => {
  it("names every value the package exports", () => {
    const exported = Object.keys(apiPackage);
    expect(exported).toContain("createApp");
    expect(exported.filter((name) => !new RegExp(`\`(new )?${name}\\b`).test(readme))).toEqual([]);
  });
});

describe("README Usage", () => {
  it("starts a server on the database it names, that answers until closed as its comment says", async () => {
    const block = /## Usage\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const [importLine, ...body] = block.split("\n");
    expect(importLine).toBe('import { createServices, startServer } from "@rapport/api";');
    const later = body.find((line) => line.startsWith("// later: "))?.replace(/^\/\/ later: /, "").replace(/ *\/\/.*$/, "");
    expect(later).toBe("await server.close();");
    const folder = mkdtempSync(join(tmpdir(), "rapport-api-readme-"));
    const databasePath = join(folder, "rapport.db");
    // A copy of the run's migrated file opens at once; the example's port is any free one, so tests run side by side.
    copyFileSync(inject("migratedDatabasePath"), databasePath);
    const source = body
      .join("\n")
      .replace('"./data/rapport.db"', JSON.stringify(databasePath))
      .replace("port: 8787", "port: 0");
    const printed: string[] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...names: string[]) => (...values: unknown[]) => Promise<unknown>;
    const example = new AsyncFunction("createServices", "startServer", "console", `${source}\nreturn server;`);
    const server = (await example(apiPackage.createServices, apiPackage.startServer, { log: (text: string) => printed.push(text) })) as RunningServer;
    try {
      expect(printed).toEqual([`listening on ${server.url}`]);
      expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ status: "ok" });
    } finally {
      await new AsyncFunction("server", later!)(server);
      rmSync(folder, { recursive: true, force: true });
    }
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });
});
