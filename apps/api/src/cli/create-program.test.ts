/**
 * The `rapport --help` overview: a group of commands that lists what it does names every command it has; and each
 * command's help lists the global options (`--db`, `--json`) that apply to it.
 */
import { describe, expect, it } from "vitest";
import { createProgram } from "./create-program.js";

/** The groups whose one-line description lists their commands' verbs (`keys`: "create, list, rotate, ..."). */
const LISTING_GROUPS = ["tenants", "users", "keys", "persons"];

describe("rapport --help", () => {
  const program = createProgram();

  it.each(LISTING_GROUPS)("describes %s by every command it has", (name) => {
    const group = program.commands.find((command) => command.name() === name)!;
    // `set-role` is listed as setting roles, `set-password` as setting passwords.
    const verbs = group.commands.map((command) => command.name().replace(/^set-/, ""));
    expect(verbs.length).toBeGreaterThan(1);
    expect(verbs.filter((verb) => !group.description().includes(verb))).toEqual([]);
  });

  it("lists the global options in every command's help, where an operator reading one command looks", () => {
    const commands = program.commands.flatMap((command) => [command, ...command.commands]);
    const missing = commands.filter((command) => {
      const help = command.helpInformation();
      return !(help.includes("--db <path>") && help.includes("--json"));
    });
    expect(missing.map((command) => command.name())).toEqual([]);
  });
});
