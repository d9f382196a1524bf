/**
 * @module
 * The client address a sign-in attempt is counted by.
 */
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/**
 * An IPv6 address as its /64 network (one host commonly holds a whole /64, so counting single addresses would let
 * it change address at each attempt); an IPv4 address, or an IPv4-mapped IPv6 one, as the IPv4 address.
 */
export function addressNetwork(address: string): string {
  const plain = address.replace(/%.*$/, "");
  if (isIP(plain) !== 6) return plain;
  const [head, tail] = plain.split("::") as [string, string | undefined];
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<number>(8 - headGroups.length - tailGroups.length).fill(0);
  const groups = [...headGroups, ...zeros, ...tailGroups];
  // ::ffff:a.b.c.d, written in any of its forms (expanded, hex groups): the IPv4 address it maps.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

/** The 16-bit groups of part of an IPv6 address; an embedded IPv4 address (`::1.2.3.4`) stands for two. */
function groupsOf(text: string): number[] {
  if (text === "") return [];
  return text.split(":").flatMap((group) => {
    if (!group.includes(".")) return [Number.parseInt(group, 16)];
    const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
    return [a * 256 + b, c * 256 + d];
  });
}

/**
 * The address in an `X-Forwarded-For` entry, without the port or brackets some proxies write (`203.0.113.7:51234`,
 * `[2001:db8::5]:51234`), or null when it holds no address.
 */
function forwardedAddress(entry: string): string | null {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  const address = bracketed?.[1] ?? withPort?.[1] ?? entry;
  return isIP(address.replace(/%.*$/, "")) ? address : null;
}

/**
 * The address of the client behind a request: the connection's peer or, behind a trusted proxy, the last
 * `X-Forwarded-For` entry, the one the proxy itself appended (the entries before it are the client's to write,
 * so counting by them would let a client pick a fresh address per attempt).
 */
export function signInAddress(incoming: IncomingMessage, trustProxy: boolean): string {
  const peer = incoming.socket.remoteAddress ?? "unknown";
  if (!trustProxy) return addressNetwork(peer);
  const header = incoming.headers["x-forwarded-for"];
  const entries = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").map((entry) => entry.trim()).filter(Boolean);
  const last = entries.at(-1);
  return addressNetwork((last === undefined ? null : forwardedAddress(last)) ?? peer);
}
