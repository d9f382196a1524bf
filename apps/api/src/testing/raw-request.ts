/** @module Raw HTTP over a socket, for tests of what no `fetch` would send. */
import { connect } from "node:net";

/**
 * Sends `request` as written over a new connection to `port` on 127.0.0.1 and resolves to all the server wrote back
 * until it closed the connection.
 *
 * @example const answer = await sendRawRequest(port, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
 */
export function sendRawRequest(port: number, request: string | Buffer): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}
