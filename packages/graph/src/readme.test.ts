/**
 * Keeps the README's example runnable (its code block is the example file, and its output is what it prints) and
 * its reference complete (every value and type the package exports is named in it, and it names no other as the
 * package's).
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { exportedNames } from "../../../scripts/exported-names.mjs";
import * as graphPackage from "./index.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const example = readFileSync(new URL("./testing/readme-example.ts", import.meta.url), "utf8");

function block(marker: string): string {
  const start = readme.indexOf(`<!-- ${marker}:start -->`);
  const end = readme.indexOf(`<!-- ${marker}:end -->`);
  expect(start).toBeGreaterThan(0);
  return readme.slice(start, end).replace(/^.*\n```[a-z]*\n/, "").replace(/```\n$/, "");
}

describe("README example", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the code of src/testing/readme-example.ts", () => {
    expect(block("example")).toBe(example.replace('from "../index.js"', 'from "@rapport/graph"'));
  });

  it("prints what the README says", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...values: unknown[]) => {
      lines.push(values.join(" "));
    });
    await import("./testing/readme-example.js");
    expect(lines.join("\n")).toBe(block("output").trimEnd());
  });
});

describe("README reference", () => {
  const exported = exportedNames(new URL("./index.ts", import.meta.url));

  it("names every value the package exports", () => {
    const undocumented = Object.keys(graphPackage).filter((name) => !new RegExp(`\`(new )?${name}\\b`).test(readme));
    expect(undocumented).toEqual([]);
  });

  it("names every type the package exports too, as its source lists them", () => {
    expect(exported).toEqual(expect.arrayContaining(Object.keys(graphPackage)));
    expect(exported.filter((name) => !new RegExp(`\`(new |type )?${name}\\b`).test(readme))).toEqual([]);
  });

  it("gives as the package's only names it exports: its reference headings and what its imports name", () => {
    const headings = [...readme.matchAll(/^### (?:new )?([A-Za-z]+)$/gm)].map((match) => match[1]!);
    const imported = [...readme.matchAll(/import (?:type )?\{([^}]*)\} from "@rapport\/graph"/g)].flatMap((match) =>
      match[1]!.split(",").map((name) => name.trim()).filter((name) => /^\w+$/.test(name)),
    );
    expect(headings.length + imported.length).toBeGreaterThan(20);
    // Headings of a section that is no export (Updates, Parameters, ...) are not names.
    const sections = new Set(["Updates", "Parameters"]);
    expect([...headings, ...imported].filter((name) => !sections.has(name) && !exported.includes(name))).toEqual([]);
  });
});
