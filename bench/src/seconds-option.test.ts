import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { parseLoadSeconds } from "./seconds-option.js";

describe("parseLoadSeconds", () => {
  it("takes whole and fractional seconds", () => {
    expect(parseLoadSeconds("5")).toBe(5);
    expect(parseLoadSeconds("0.25")).toBe(0.25);
  });

  it.each(["", " ", "abc", "0", "-1", "Infinity", "NaN", "5s"])("refuses %j", (value) => {
    expect(() => parseLoadSeconds(value)).toThrow(/expected a number of seconds above 0/);
  });

  it("makes commander stop with the option named", () => {
    const program = new Command("bench").exitOverride().configureOutput({ writeErr: () => {} });
    program.option("--http-seconds <n>", "seconds", parseLoadSeconds).action(() => {});
    expect(() => program.parse(["--http-seconds", "abc"], { from: "user" })).toThrow(/--http-seconds <n>' argument 'abc' is invalid/);
  });
});
