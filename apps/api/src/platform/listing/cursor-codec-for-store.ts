/** The deployment's cursor codec, its secret generated once and kept in the store's settings. */
import { randomBytes } from "node:crypto";
import type { Store } from "@rapport/store";
import { createCursorCodec, type CursorCodec } from "./cursor-codec.js";

const codecs = new WeakMap<Store, Promise<CursorCodec>>();

/**
 * Every API node sharing the database signs and verifies cursors with the same secret. A failed read or store of
 * it (the database locked by another process, a full disk) is not kept: the next list tries again, where every list
 * answered that failure until the server was restarted.
 */
export function cursorCodecFor(store: Store): Promise<CursorCodec> {
  const known = codecs.get(store);
  if (known) return known;
  const codec = store.settings
    .getOrCreate("cursor_secret", () => randomBytes(32).toString("base64url"))
    .then(createCursorCodec);
  codecs.set(store, codec);
  codec.catch(() => {
    if (codecs.get(store) === codec) codecs.delete(store);
  });
  return codec;
}
