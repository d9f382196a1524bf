/**
 * @module
 * Keeps a running server on the current OAuth keys: before each use of the authorization server, the key set's
 * generation is read, and a server built from keys a rotation has since replaced is rebuilt from the stored ones.
 * oidc-provider takes its signing keys and cookie keys only when a Provider is constructed, so a rotation means a
 * new Provider; its state is in the store, so nothing in flight is lost.
 */

export interface FollowKeyRotationsOptions<Server> {
  /** Builds a server from the keys stored now. */
  build(): Promise<Server>;
  /** The generation of the stored key set: a different value means the keys changed. */
  readGeneration(): Promise<string | null>;
}

/**
 * Returns a function answering the server built from the current keys: the one built before while the generation
 * is unchanged, else a new one. Concurrent callers share a build; a failed build is retried by the next call.
 */
export function followKeyRotations<Server>({ build, readGeneration }: FollowKeyRotationsOptions<Server>): () => Promise<Server> {
  let current: { generation: string | null; server: Promise<Server> } | null = null;
  return async () => {
    // Read before the keys are: a rotation landing in between is seen, and followed, at the next call.
    const generation = await readGeneration();
    if (current === null || current.generation !== generation) {
      const building = build();
      const entry = { generation, server: building };
      current = entry;
      building.catch(() => {
        if (current === entry) current = null;
      });
    }
    return current.server;
  };
}
