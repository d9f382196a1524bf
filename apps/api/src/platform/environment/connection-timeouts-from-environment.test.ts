import { describe, expect, it } from "vitest";
import { connectionTimeoutsFromEnvironment } from "./connection-timeouts-from-environment.js";

describe("connectionTimeoutsFromEnvironment", () => {
  it("keeps an idle connection 65 s, longer than a proxy's 60 s, and waits a second more for headers", () => {
    expect(connectionTimeoutsFromEnvironment({})).toEqual({ keepAliveMilliseconds: 65_000, headersMilliseconds: 66_000, requestMilliseconds: 300_000 });
    expect(connectionTimeoutsFromEnvironment({ RAPPORT_KEEP_ALIVE_SECONDS: " ", RAPPORT_HEADERS_TIMEOUT_SECONDS: "" })).toEqual(connectionTimeoutsFromEnvironment({}));
  });

  it("reads both settings in seconds; the headers limit follows the keep-alive unless given, up to the request limit", () => {
    expect(connectionTimeoutsFromEnvironment({ RAPPORT_KEEP_ALIVE_SECONDS: "120" })).toMatchObject({ keepAliveMilliseconds: 120_000, headersMilliseconds: 121_000 });
    expect(connectionTimeoutsFromEnvironment({ RAPPORT_KEEP_ALIVE_SECONDS: "3600" })).toMatchObject({ keepAliveMilliseconds: 3_600_000, headersMilliseconds: 300_000 });
    expect(connectionTimeoutsFromEnvironment({ RAPPORT_KEEP_ALIVE_SECONDS: "120", RAPPORT_HEADERS_TIMEOUT_SECONDS: "20" })).toMatchObject({
      keepAliveMilliseconds: 120_000,
      headersMilliseconds: 20_000,
    });
  });

  it("names the variable when its value is not a whole number of seconds in range (0 would wait forever)", () => {
    for (const text of ["0", "-1", "1.5", "long", "3601"]) {
      expect(() => connectionTimeoutsFromEnvironment({ RAPPORT_KEEP_ALIVE_SECONDS: text })).toThrow(`RAPPORT_KEEP_ALIVE_SECONDS: expecting a whole number from 1 to 3600 but got "${text}"`);
    }
    for (const text of ["0", "301", "soon"]) {
      expect(() => connectionTimeoutsFromEnvironment({ RAPPORT_HEADERS_TIMEOUT_SECONDS: text })).toThrow(`RAPPORT_HEADERS_TIMEOUT_SECONDS: expecting a whole number from 1 to 300 but got "${text}"`);
    }
    for (const text of ["0", "3601", "1h"]) {
      expect(() => connectionTimeoutsFromEnvironment({ RAPPORT_REQUEST_TIMEOUT_SECONDS: text })).toThrow(`RAPPORT_REQUEST_TIMEOUT_SECONDS: expecting a whole number from 1 to 3600 but got "${text}"`);
    }
  });

  it("reads the whole request's limit (a large upload over a slow link), which bounds the headers limit as Node requires", () => {
    expect(connectionTimeoutsFromEnvironment({ RAPPORT_REQUEST_TIMEOUT_SECONDS: "1800" })).toEqual({ keepAliveMilliseconds: 65_000, headersMilliseconds: 66_000, requestMilliseconds: 1_800_000 });
    expect(connectionTimeoutsFromEnvironment({ RAPPORT_REQUEST_TIMEOUT_SECONDS: "1800", RAPPORT_HEADERS_TIMEOUT_SECONDS: "900" })).toMatchObject({ headersMilliseconds: 900_000 });
    expect(connectionTimeoutsFromEnvironment({ RAPPORT_REQUEST_TIMEOUT_SECONDS: "30" })).toMatchObject({ headersMilliseconds: 30_000, requestMilliseconds: 30_000 });
    expect(() => connectionTimeoutsFromEnvironment({ RAPPORT_REQUEST_TIMEOUT_SECONDS: "30", RAPPORT_HEADERS_TIMEOUT_SECONDS: "31" })).toThrow(
      'RAPPORT_HEADERS_TIMEOUT_SECONDS: expecting a whole number from 1 to 30 but got "31"',
    );
  });
});
