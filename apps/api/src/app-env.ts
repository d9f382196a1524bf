/** The Hono environment every route and middleware shares: services and per-request context. */
import type { ApiKeyOwner } from "@rapport/store";
import type { AuthContext } from "./platform/auth/auth-context.js";
import type { StorageFaults } from "./platform/errors/storage-faults.js";
import type { AppServices } from "./services.js";

export interface AppEnv {
  Variables: {
    /** The request id (see platform/request/request-id.ts). */
    requestId: string;
    services: AppServices;
    /** The storage failures the app's requests met (a full disk, a lock): what `GET /ready` reports. */
    storageFaults: StorageFaults;
    /** Set by key authentication: the live key and its tenant. */
    apiKeyOwner: ApiKeyOwner;
    /** Set once the user context is settled, for every `/v1` operation. */
    auth: AuthContext;
  };
}
