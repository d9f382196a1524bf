/**
 * @module
 * Objects whose members are built on first read: a transaction's store has some 35 repositories, each wrapped
 * in argument checks and the closed-store refusal, and building them all for every transaction cost more than its
 * statements (an empty `store.transaction` spent nearly all of its time there). Most transactions use one or two.
 */

/** The factories of an object's members, by name. */
export type MemberFactories<Members> = { readonly [Name in keyof Members]: () => Members[Name] };

/**
 * Builds a member into `target` (an own, writable property from then on) when it is first asked for. A proxy rather
 * than a getter per member: V8 defines an accessor property in about a microsecond, as long as building a store of
 * plain members took, where a proxy is made in a fraction of one.
 */
function lazyHandler(names: readonly string[], build: (name: string) => unknown): ProxyHandler<Record<PropertyKey, unknown>> {
  const memberNames = new Set(names);
  const isMember = (name: PropertyKey): name is string => typeof name === "string" && memberNames.has(name);
  const builtInto = (target: Record<PropertyKey, unknown>, name: PropertyKey) => {
    if (!Object.hasOwn(target, name) && isMember(name)) target[name] = build(name);
  };
  return {
    get(target, name, receiver) {
      builtInto(target, name);
      return Reflect.get(target, name, receiver);
    },
    has: (target, name) => isMember(name) || Reflect.has(target, name),
    ownKeys: (target) => [...names, ...Reflect.ownKeys(target).filter((name) => !isMember(name))],
    getOwnPropertyDescriptor(target, name) {
      builtInto(target, name);
      return Reflect.getOwnPropertyDescriptor(target, name);
    },
  };
}

/**
 * An object with a member for each name, built by `build` when first read and kept from then on: an own, enumerable,
 * writable property, as an object literal's (`Object.entries` and spreading see every member, building it).
 * `Reflect.ownKeys` names the members without building them.
 *
 * @example
 * const guarded = lazyObject(Reflect.ownKeys(store).filter((name) => typeof name === "string"), (name) => guard(store[name]));
 */
export function lazyObject<Members extends object>(names: readonly string[], build: (name: string) => unknown): Members {
  return new Proxy({}, lazyHandler(names, build)) as Members;
}

/**
 * `lazyObject` with a factory for each member.
 *
 * @example
 * const store = lazyMembers({ persons: () => createPersonRepository(context, graphs), close: () => close });
 */
export function lazyMembers<Members extends object>(factories: MemberFactories<Members>): Members {
  const byName = factories as Readonly<Record<string, () => unknown>>;
  return lazyObject(Object.keys(factories), (name) => byName[name]!());
}
