/**
 * @module
 * Arguments a call's shape surely accepts, told without zod: a server makes several checked calls for every request
 * (the key's owner, the request counted, the key's use noted), and zod's parse of each call's tuple was a tenth of the
 * work of a kept answer. Only what is certain is accepted here; anything else is left to zod, which decides and words
 * the refusal. Two kinds of argument are certain: a value of a plain schema (a string, a finite number, true or false,
 * one of an enum's values, anything for `unknown`, or undefined/null where the schema is optional/nullable), and a
 * frozen object of primitive fields that zod accepted for the same argument before (a frozen object cannot change).
 */
import type { z } from "zod";

/** Whether a value surely fits one argument's schema. */
type Certainty = (value: unknown) => boolean;

/** The definition fields read here, as zod 4 keeps them in `schema._zod.def`. */
interface SchemaDefinition {
  type: string;
  checks?: readonly unknown[];
  entries?: Readonly<Record<string, unknown>>;
  innerType?: z.ZodType;
}

const definitionOf = (schema: z.ZodType): SchemaDefinition => (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;

/** A certainty for a plain schema; null for one with checks or of another kind (an object, an array, a refinement). */
function plainCertainty(schema: z.ZodType): Certainty | null {
  const definition = definitionOf(schema);
  if ((definition.checks?.length ?? 0) > 0) return null;
  switch (definition.type) {
    case "string":
      return (value) => typeof value === "string";
    case "number":
      return (value) => typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return (value) => typeof value === "boolean";
    case "unknown":
    case "any":
      return () => true;
    case "enum": {
      const values = new Set(Object.values(definition.entries ?? {}));
      return (value) => values.has(value);
    }
    case "optional":
    case "nullable": {
      const inner = definition.innerType ? plainCertainty(definition.innerType) : null;
      if (inner === null) return null;
      const absent = definition.type === "optional" ? undefined : null;
      return (value) => value === absent || inner(value);
    }
    default:
      return null;
  }
}

/** A frozen object whose fields are all primitives: what zod accepted of it holds for as long as it lives. */
function isFrozenRecord(value: unknown): value is object {
  if (typeof value !== "object" || value === null || !Object.isFrozen(value) || Array.isArray(value)) return false;
  for (const field of Object.values(value)) if (typeof field === "object" && field !== null) return false;
  return true;
}

export interface QuickAcceptance {
  /** True when zod surely accepts `args` for the call; false when zod must decide. */
  accepts(args: readonly unknown[]): boolean;
  /** Notes arguments zod accepted: their frozen records are accepted here from then on. */
  remember(args: readonly unknown[]): void;
}

/**
 * The quick acceptance of a call taking arguments of these schemas, in order (those of `callShape`; arguments past the
 * last are anything, as the shape's tuple takes them).
 *
 * @example
 * const quick = quickAcceptance([z.string(), z.enum(["rest", "mcp"])]);
 * quick.accepts(["3f1c...", "rest"]); // true
 * quick.accepts(["3f1c...", "soap"]); // false: zod decides (and refuses)
 */
export function quickAcceptance(parameters: readonly z.ZodType[]): QuickAcceptance {
  const plain = parameters.map(plainCertainty);
  const accepted = parameters.map(() => new WeakSet<object>());
  return {
    accepts(args) {
      for (let index = 0; index < plain.length; index++) {
        const value = args[index];
        const certain = plain[index];
        if (certain ? !certain(value) : !(typeof value === "object" && value !== null && accepted[index]!.has(value))) return false;
      }
      return true;
    },
    remember(args) {
      for (let index = 0; index < plain.length; index++) {
        const value = args[index];
        if (plain[index] === null && isFrozenRecord(value)) accepted[index]!.add(value);
      }
    },
  };
}
