/** Keeps the README in step with the package: every value its entries export, and every migration that creates triggers. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

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
