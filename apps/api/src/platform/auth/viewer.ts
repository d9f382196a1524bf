/** The store's view of the caller: which user (if any) decides what PERSONAL tasks are visible. */
import type { Viewer } from "@rapport/store";
import type { AuthContext } from "./auth-context.js";

export const viewerOf = (auth: AuthContext): Viewer => ({ user_uuid: auth.user?.uuid ?? null });
