import { describe, expect, it } from "vitest";
import { demoLines } from "./demo-lines.js";

describe("demoLines", () => {
  it("prints every demo key in one column, whatever its label's length", () => {
    const lines = demoLines("http://127.0.0.1:8787", {
      tenant_key: "pk_tenant",
      read_only_key: "pk_read",
      user_keys: [
        { user_uuid: "u1", user_name: "Avery Stone", key: "pk_avery" },
        { user_uuid: "u2", user_name: "Morgan Lee", key: "pk_morgan" },
      ],
    });
    const keyLines = lines.filter((line) => / pk_[a-z]+$/.test(line));
    expect(keyLines).toHaveLength(4);
    expect(new Set(keyLines.map((line) => line.indexOf(" pk_"))).size).toBe(1);
    expect(keyLines[0]).toMatch(/^ {2}tenant-wide key: +pk_tenant$/);
  });
});
