/**
 * Keeps the README in step with the package: its Usage example runs, it names every value and type its entries export
 * (and gives as the package's nothing else) and every migration that creates triggers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportedNames } from "../../../scripts/exported-names.mjs";
import { createSqliteStore } from "./index.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  exports: Record<string, { import: string }>;
};

/** Each entry of package.json `exports` ("." or "./vocabulary") with the source module it is built from. */
const entries = Object.entries(packageJson.exports).map(([entry, target]) => ({
  entry,
  source: target.import.replace(/^\.\/dist\//, "./"),
}));

/** Whether the README names `name` in code: `` `name` ``, `` `name(...)` ``, `` `new name(...)` ``. */
function documented(name: string): boolean {
  return new RegExp(`\`(new )?${name}\\b`).test(readme);
}

describe("README", () => {
  it("covers both entries of package.json", () => {
    expect(entries.map(({ entry }) => entry)).toEqual([".", "./vocabulary"]);
  });

  it.each(entries)("names every value the $entry entry exports", async ({ entry, source }) => {
    const exported = Object.keys((await import(/* @vite-ignore */ source)) as object);
    expect(exported.length, `${entry} exports nothing`).toBeGreaterThan(0);
    expect(exported.filter((name) => !documented(name))).toEqual([]);
  });

  it("names the vocabulary entry", () => {
    expect(readme).toContain("`@rapport/store/vocabulary`");
  });

  it.each(entries)("names every type the $entry entry exports too, as its source lists them", async ({ source }) => {
    const exported = exportedNames(new URL(source.replace(/\.js$/, ".ts"), import.meta.url));
    expect(exported).toEqual(expect.arrayContaining(Object.keys((await import(/* @vite-ignore */ source)) as object)));
    expect(exported.filter((name) => !new RegExp(`\`(new |type )?${name}\\b`).test(readme))).toEqual([]);
  });

  it("gives as the package's only what it has: each API entry's name and each store.<member> a Store member or an export", () => {
    const exported = entries.flatMap(({ source }) => exportedNames(new URL(source.replace(/\.js$/, ".ts"), import.meta.url)));
    const storeSource = readFileSync(new URL("./store.ts", import.meta.url), "utf8");
    const members = new Set(
      [...storeSource.matchAll(/^export interface Store \{\n([\s\S]*?)^\}/gm)].flatMap((match) =>
        [...match[1]!.matchAll(/^ {2}(?:readonly )?(\w+)[?<(:]/gm)].map((member) => member[1]!),
      ),
    );
    expect(members).toContain("transaction");
    const entryNames = [...readme.matchAll(/^- `(?:new )?(\w+)\b/gm)].map((match) => match[1]!);
    const storeMembers = [...readme.matchAll(/`store\.(\w+)\b/g)].map((match) => match[1]!);
    expect(entryNames.length).toBeGreaterThan(20);
    expect(entryNames.filter((name) => name !== "store" && !exported.includes(name) && !members.has(name))).toEqual([]);
    expect(storeMembers.filter((name) => !members.has(name))).toEqual([]);
  });
});

describe("README Usage", () => {
  it("runs as written, on a database of its own, and prints the user's person, the total and the names", async () => {
    const block = /## Usage\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const [importLine, ...body] = block.split("\n");
    expect(importLine).toBe('import { createSqliteStore } from "@rapport/store";');
    expect(block).toContain('"./data/rapport.db"');
    const folder = mkdtempSync(join(tmpdir(), "rapport-store-readme-"));
    const printed: unknown[][] = [];
    try {
      // The example's own statements, its database file in a folder of the test's; the package's exports as imported.
      const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...names: string[]) => (...values: unknown[]) => Promise<void>;
      const example = new AsyncFunction("createSqliteStore", "console", body.join("\n").replace('"./data/rapport.db"', JSON.stringify(join(folder, "data", "rapport.db"))));
      await example(createSqliteStore, { log: (...values: unknown[]) => printed.push(values) });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect(printed).toEqual([[expect.stringMatching(/^[0-9a-f-]{36}$/), 1, ["Ada Park"]]]);
  });
});

describe("README Migrations", () => {
  const folder = new URL("./sqlite/migrations/", import.meta.url);
  const migrations = readdirSync(folder).filter((name) => /^\d{4}-.*(?<!\.test)\.ts$/.test(name));

  /** A migration that creates triggers, itself or through the shared generation triggers. */
  function createsTriggers(name: string): boolean {
    const source = readFileSync(new URL(name, folder), "utf8");
    return /create trigger/i.test(source) || source.includes("generation-triggers.js");
  }

  it("names every migration that creates triggers, which PostgreSQL would need in its own version", () => {
    const paragraph = readme.slice(readme.indexOf("## Migrations"));
    const withTriggers = migrations.filter(createsTriggers).map((name) => name.replace(/\.ts$/, ""));
    expect(withTriggers.length).toBeGreaterThan(10);
    const listed = paragraph.slice(0, paragraph.indexOf("create triggers written in SQL"));
    expect(withTriggers.filter((name) => !listed.includes(`\`${name}\``))).toEqual([]);
  });
});
