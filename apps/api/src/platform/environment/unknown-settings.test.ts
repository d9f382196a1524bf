import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RAPPORT_VARIABLES, unknownSettings } from "./unknown-settings.js";

describe("unknownSettings", () => {
  it("names each RAPPORT_ variable Rapport does not read, with the setting or serve option likely meant", () => {
    expect(
      unknownSettings({
        RAPPORT_PORTT: "9000",
        RAPPORT_LOGLEVEL: "debug",
        RAPPORT_BD: "/var/lib/rapport/rapport.db",
        rapport_db: "/var/lib/rapport/rapport.db",
        RAPPORT_HOST: "0.0.0.0",
        RAPPORT_COLOUR: "blue",
        RAPPORT_DB: "/var/lib/rapport/rapport.db",
        HOME: "/root",
      }),
    ).toEqual([
      { variable: "RAPPORT_BD", meant: "RAPPORT_DB" },
      { variable: "RAPPORT_COLOUR", meant: null },
      { variable: "RAPPORT_HOST", meant: "--host" },
      { variable: "RAPPORT_LOGLEVEL", meant: "RAPPORT_LOG_LEVEL" },
      { variable: "RAPPORT_PORTT", meant: "--port" },
      { variable: "rapport_db", meant: "RAPPORT_DB" },
    ]);
  });

  it("knows every variable of the README's Configuration table, and the README examples' RAPPORT_KEY", () => {
    const readme = readFileSync(new URL("../../../../../README.md", import.meta.url), "utf8");
    const documented = [...readme.matchAll(/^\| `(RAPPORT_[A-Z_]+)` \|/gm)].map((match) => match[1]!);
    expect(documented.length).toBeGreaterThan(15);
    expect(unknownSettings(Object.fromEntries(documented.map((variable) => [variable, "1"])))).toEqual([]);
    expect(unknownSettings({ RAPPORT_KEY: "pk_example" })).toEqual([]);
    expect(RAPPORT_VARIABLES).not.toContain("RAPPORT_KEY");
  });
});
