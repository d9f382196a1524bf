/** The AsyncLocalStorage oidc-provider runs each of its requests in (a module of the package without types of its own). */
declare module "oidc-provider/lib/helpers/als.js" {
  import type { AsyncLocalStorage } from "node:async_hooks";
  const providerContext: AsyncLocalStorage<unknown>;
  export default providerContext;
}
