/**
 * @module
 * The bytes one API process lets its import uploads take on disk, all tenants together: each tenant may have
 * MAX_IMPORTS_PER_TENANT under way, up to 100 MiB each, in the OS temp folder, which is memory where it is a tmpfs.
 */

/** The default bound: ten uploads of the 100 MiB limit at once. */
export const DEFAULT_UPLOAD_SPACE_BYTES = 1024 * 1024 * 1024;

/** Bytes held for one upload, from before its body is read to the end of its job; released once. */
export interface UploadSpaceHold {
  /** The bytes held now. */
  readonly bytes: number;
  /** Holds `bytes` instead, once the upload is saved and its size known (never more than held). */
  shrinkTo(bytes: number): void;
  /** Gives the bytes back; a second call does nothing. */
  release(): void;
}

export interface UploadSpace {
  /** The bound, in bytes. */
  readonly limitBytes: number;
  /** Holds `bytes` for one upload, or null when the uploads already held leave less than that. */
  hold(bytes: number): UploadSpaceHold | null;
  /** The bytes held now, all uploads together. */
  heldBytes(): number;
}

/**
 * The upload space of one process, bounded at `limitBytes`.
 *
 * @example
 * const space = createUploadSpace(1024 ** 3);
 * const hold = space.hold(declaredLength);
 * if (hold === null) throw new ApiError(503, "try again later");
 * try { hold.shrinkTo(await save()); } finally { hold.release(); }
 */
export function createUploadSpace(limitBytes = DEFAULT_UPLOAD_SPACE_BYTES): UploadSpace {
  let held = 0;
  return {
    limitBytes,
    hold(bytes) {
      if (held + bytes > limitBytes) return null;
      held += bytes;
      let mine = bytes;
      let released = false;
      return {
        get bytes() {
          return released ? 0 : mine;
        },
        shrinkTo(smaller) {
          if (released || smaller >= mine) return;
          held -= mine - Math.max(0, smaller);
          mine = Math.max(0, smaller);
        },
        release() {
          if (released) return;
          released = true;
          held -= mine;
        },
      };
    },
    heldBytes: () => held,
  };
}
