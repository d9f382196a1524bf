/**
 * @module
 * One local address for a server that restarts: each connection to it is forwarded to the port the server listens on
 * now, as a reverse proxy would. A restarted server takes a free port of its own (reusing its last one failed when
 * another process took that port meanwhile), and its URL, the OAuth issuer among them, stays the same.
 */
import { connect, createServer, type AddressInfo, type Socket } from "node:net";

export interface StableAddress {
  /** e.g. `http://127.0.0.1:40123`: pass it as the server's `publicUrl` and send every request to it. */
  url: string;
  /** Sends the connections opened from now on to `port` on 127.0.0.1. */
  forwardTo(port: number): void;
  /** Stops listening and cuts the connections still forwarded. */
  close(): Promise<void>;
}

/** Listens on a free local port; forwardTo names where its connections go. */
export async function stableAddress(): Promise<StableAddress> {
  let target = 0;
  const open = new Set<Socket>();
  const listener = createServer((incoming) => {
    const outgoing = connect(target, "127.0.0.1");
    for (const [socket, other] of [[incoming, outgoing], [outgoing, incoming]] as const) {
      open.add(socket);
      // Either side closing or failing closes the other: a client sees its server's close as a direct client would.
      socket.once("error", () => other.destroy());
      socket.once("close", () => {
        open.delete(socket);
        other.destroy();
      });
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const { port } = listener.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwardTo(next) {
      target = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        listener.close(() => resolve());
      }),
  };
}
