/**
 * The quick acceptance of a call's arguments never accepts what zod refuses, for any of the store's call shapes, and
 * accepts the arguments of a server's hot calls without zod.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { CallShape } from "./call-shapes.js";
import { quickAcceptance } from "./quick-acceptance.js";
import { REPOSITORY_CALL_SHAPES } from "./repository-call-shapes.js";

const shapes: Array<[string, CallShape]> = Object.entries(REPOSITORY_CALL_SHAPES).flatMap(([repository, calls]) =>
  Object.entries(calls).map(([name, shape]): [string, CallShape] => [`${repository}.${name}`, shape]),
);

/** Every value an enum of the shapes' arguments takes, so that random arguments hit them as often as not. */
function enumValues(schema: z.ZodType): string[] {
  const definition = (schema as unknown as { _zod: { def: { type: string; entries?: Record<string, string>; innerType?: z.ZodType } } })._zod.def;
  if (definition.type === "enum") return Object.values(definition.entries ?? {});
  return definition.innerType ? enumValues(definition.innerType) : [];
}
const namedValues = [...new Set(shapes.flatMap(([, shape]) => shape.parameters.flatMap(enumValues)))];

const record = fc.dictionary(fc.constantFrom("uuid", "tenant_uuid", "label", "kind", "extra"), fc.oneof(fc.string(), fc.integer(), fc.constant(null)), {
  maxKeys: 4,
});
const argument = fc.oneof(
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(undefined),
  fc.constant(null),
  fc.constantFrom(...namedValues),
  record.map((fields) => Object.freeze(fields)),
  record,
  fc.array(fc.string(), { maxLength: 2 }),
);
const argumentsOf = (shape: CallShape) => fc.array(argument, { maxLength: shape.parameters.length + 1 });

describe("quickAcceptance", () => {
  it("accepts no arguments zod refuses, before and after remembering arguments zod accepted", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...shapes).chain(([operation, shape]) =>
          fc.tuple(fc.constant(operation), fc.constant(shape), fc.array(argumentsOf(shape), { maxLength: 4 }), argumentsOf(shape)),
        ),
        ([, shape, earlier, args]) => {
          const quick = quickAcceptance(shape.parameters);
          for (const before of earlier) if (shape.schema.safeParse(before).success) quick.remember(before);
          if (quick.accepts(args)) expect(shape.schema.safeParse(args).success).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it("agrees with zod on every plain schema it decides alone, and leaves checked ones to zod", () => {
    const plain = [z.string(), z.number(), z.boolean(), z.unknown(), z.enum(["rest", "mcp"]), z.string().optional(), z.number().nullable(), z.enum(["rest"]).nullable().optional()];
    const checked = [z.string().min(2), z.number().int(), z.number().min(0)];
    fc.assert(
      fc.property(fc.constantFrom(...plain, ...checked), argument, (schema, value) => {
        const accepted = quickAcceptance([schema]).accepts([value]);
        if (plain.includes(schema)) expect(accepted).toBe(schema.safeParse(value).success);
        else expect(accepted).toBe(false);
      }),
      { numRuns: 3_000 },
    );
  });

  it("accepts a server's hot calls without zod: a key hash, a month counted, a frozen key noted once zod took it", () => {
    const { findActiveByHash, noteUse } = REPOSITORY_CALL_SHAPES.apiKeys!;
    expect(quickAcceptance(findActiveByHash!.parameters).accepts(["9f86d081884c7d65"])).toBe(true);
    expect(quickAcceptance(findActiveByHash!.parameters).accepts([42])).toBe(false);
    expect(quickAcceptance(REPOSITORY_CALL_SHAPES.usage!.incrementMonthly!.parameters).accepts(["tenant", new Date()])).toBe(true);
    expect(quickAcceptance(REPOSITORY_CALL_SHAPES.usage!.incrementMonthly!.parameters).accepts(["tenant", "2026-11", 9_950])).toBe(true);

    const quick = quickAcceptance(noteUse!.parameters);
    const key = Object.freeze({ uuid: "k1", tenant_uuid: "t1", label: null, read_only: false });
    expect(quick.accepts([key, "rest"])).toBe(false);
    expect(noteUse!.schema.safeParse([key, "rest"]).success).toBe(true);
    quick.remember([key, "rest"]);
    expect(quick.accepts([key, "rest"])).toBe(true);
    expect(quick.accepts([key, "soap"])).toBe(false);
    expect(quick.accepts([{ ...key }, "rest"])).toBe(false);
  });

  it("remembers no object that could still change: unfrozen, or holding an object of its own", () => {
    const quick = quickAcceptance([z.looseObject({})]);
    const open = { uuid: "k1" };
    const nested = Object.freeze({ uuid: "k1", inner: { changeable: true } });
    quick.remember([open]);
    quick.remember([nested]);
    expect(quick.accepts([open])).toBe(false);
    expect(quick.accepts([nested])).toBe(false);
  });
});
