/** The address a sign-in is counted by: IPv6 by its /64, and behind a trusted proxy the entry the proxy appended. */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { addressNetwork, signInAddress } from "./sign-in-address.js";

const request = (peer: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor } }) as unknown as IncomingMessage;

describe("addressNetwork", () => {
  it("keeps an IPv4 address, unmaps an IPv4-mapped one, and gives an IPv6 address's /64", () => {
    expect(addressNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressNetwork("2001:DB8:0001:0002::9")).toBe("2001:db8:1:2::/64");
    expect(addressNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressNetwork("::1")).toBe("0:0:0:0::/64");
    expect(addressNetwork("::")).toBe("0:0:0:0::/64");
    expect(addressNetwork("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("unmaps an IPv4-mapped address however it is written, so it counts as the IPv4 address and not in one shared /64", () => {
    expect(addressNetwork("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("::ffff:cb00:7107")).toBe("203.0.113.7");
    expect(addressNetwork("0:0:0:0:0:FFFF:CB00:7107")).toBe("203.0.113.7");
    expect(addressNetwork("::1:ffff:cb00:7107")).toBe("0:0:0:0::/64");
  });
});

describe("signInAddress", () => {
  it("is the peer's address unless a proxy is trusted", () => {
    expect(signInAddress(request("198.51.100.1", "203.0.113.7"), false)).toBe("198.51.100.1");
  });

  it("behind a trusted proxy is the last X-Forwarded-For entry, which the client cannot write", () => {
    expect(signInAddress(request("10.0.0.2", "192.0.2.99, 203.0.113.7"), true)).toBe("203.0.113.7");
    expect(signInAddress(request("10.0.0.2", "2001:db8:1:2::5"), true)).toBe("2001:db8:1:2::/64");
    expect(signInAddress(request("10.0.0.2"), true)).toBe("10.0.0.2");
    expect(signInAddress(request("10.0.0.2", "not an address"), true)).toBe("10.0.0.2");
  });

  it("reads the client's address from an entry a proxy wrote with a port or in brackets, not the proxy's own", () => {
    // Some proxies (Azure Application Gateway, IIS ARR) append `address:port`; falling back to the peer would count
    // every client as the proxy, and twenty failures by anyone would lock everyone out.
    expect(signInAddress(request("10.0.0.2", "192.0.2.99, 203.0.113.7:51234"), true)).toBe("203.0.113.7");
    expect(signInAddress(request("10.0.0.2", "[2001:db8:1:2::5]:51234"), true)).toBe("2001:db8:1:2::/64");
    expect(signInAddress(request("10.0.0.2", "[2001:db8:1:2::5]"), true)).toBe("2001:db8:1:2::/64");
    expect(signInAddress(request("10.0.0.2", "203.0.113.7:port"), true)).toBe("10.0.0.2");
  });
});
