/** @module The words of a README command line, read as a shell reads them. */

/**
 * Splits a command line into its shell words as sh would: quotes removed, `$NAME` expanded from `variables`, `\`
 * escapes applied, a `# comment` dropped. Substitutions (`$(...)`) and pipes are the caller's.
 *
 * @example
 * shellWords('rapport users create --name "Ada Park"  # a comment', {}); // ["rapport", "users", "create", "--name", "Ada Park"]
 */
export function shellWords(line: string, variables: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const variableAt = (index: number) => /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(line.slice(index));
  const expand = (name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`the command reads $${name}, which is not set: ${line}`);
    return value;
  };
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index]!;
    if (/\s/.test(character)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (character === "#" && word === null) {
      break;
    } else if (character === "'") {
      const end = line.indexOf("'", index + 1);
      word = (word ?? "") + line.slice(index + 1, end);
      index = end;
    } else if (character === '"') {
      word ??= "";
      for (index += 1; line[index] !== '"'; index += 1) {
        if (index >= line.length) throw new Error(`unclosed " in: ${line}`);
        const variable = variableAt(index);
        if (variable) {
          word += expand(variable[1]!);
          index += variable[0].length - 1;
        } else if (line[index] === "\\" && '"\\$'.includes(line[index + 1]!)) word += line[(index += 1)];
        else word += line[index];
      }
    } else if (character === "\\") {
      word = (word ?? "") + line[(index += 1)];
    } else if (variableAt(index)) {
      const variable = variableAt(index)!;
      word = (word ?? "") + expand(variable[1]!);
      index += variable[0].length - 1;
    } else {
      word = (word ?? "") + character;
    }
  }
  if (word !== null) words.push(word);
  return words;
}
