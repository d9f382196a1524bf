/** Runs in each test file: after its own hooks (vitest runs after-hooks last registered first), the contexts it left open are closed. */
import { afterAll } from "vitest";
import { closeForgottenTestContexts } from "./src/testing/test-harness.js";

afterAll(closeForgottenTestContexts);
