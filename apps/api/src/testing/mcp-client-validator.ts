/**
 * @module Test helper: the MCP SDK client's default output-schema validator (Ajv), its compilations shared by every
 * client of the test worker. Each new client compiled again the output schema of every tool it called, a third of the
 * MCP end-to-end files' processor time; what is checked, and how, is the default's.
 */
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";

const engine = new AjvJsonSchemaValidator();
const compiled = new Map<string, JsonSchemaValidator<unknown>>();

/** Give as `jsonSchemaValidator` in a test's `new Client(...)` options. */
export const sharedSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const text = JSON.stringify(schema);
    let validator = compiled.get(text);
    if (!validator) compiled.set(text, (validator = engine.getValidator(schema)));
    return validator as JsonSchemaValidator<T>;
  },
};
