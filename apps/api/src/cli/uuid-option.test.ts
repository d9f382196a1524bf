import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { tenantUuidOption, userUuidOption, uuidOption } from "./uuid-option.js";

describe("uuidOption", () => {
  it("gives a UUID in lower case, however it was written", () => {
    expect(uuidOption("6F1C2A9E-0B3D-4C5E-8F71-A2B3C4D5E6F7")).toBe("6f1c2a9e-0b3d-4c5e-8f71-a2b3c4d5e6f7");
    expect(uuidOption(" 6f1c2a9e-0b3d-4c5e-8f71-a2b3c4d5e6f7\n")).toBe("6f1c2a9e-0b3d-4c5e-8f71-a2b3c4d5e6f7");
  });

  it("refuses what is not a UUID", () => {
    for (const value of ["acme", "", "6f1c2a9e0b3d4c5e8f71a2b3c4d5e6f7", "6f1c2a9e-0b3d-4c5e-8f71-a2b3c4d5e6f7x"]) {
      expect(() => uuidOption(value), value).toThrow(InvalidArgumentError);
    }
  });

  it("says which command lists the UUIDs when --tenant or --user is given a name or an address", () => {
    expect(tenantUuidOption("6F1C2A9E-0B3D-4C5E-8F71-A2B3C4D5E6F7")).toBe("6f1c2a9e-0b3d-4c5e-8f71-a2b3c4d5e6f7");
    expect(userUuidOption(" 6f1c2a9e-0b3d-4c5e-8f71-a2b3c4d5e6f7")).toBe("6f1c2a9e-0b3d-4c5e-8f71-a2b3c4d5e6f7");
    expect(() => tenantUuidOption("TalentCo Recruiting")).toThrow("must be a UUID, not a name: rapport tenants list shows each tenant's");
    expect(() => userUuidOption("alice@talentco.example")).toThrow(
      "must be a UUID, not a name or an email address: rapport users list --tenant <tenant uuid> shows each user's",
    );
  });
});
