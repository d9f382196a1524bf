/** Every reason a CommonJS program could not require() an entry of the package (or would get a second copy of it); empty when none. */
export function commonJsConsumerProblems(packageFolder: URL): string[];
