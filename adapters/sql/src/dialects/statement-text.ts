/** `(?, ?, ?), (?, ?, ?)`: `rows` groups of `columns` placeholders, built with one repeat, no per-row work. */
export function valuesPlaceholders(columns: number, rows: number): string {
  const group = `(${'?, '.repeat(columns - 1)}?)`;
  return `${`${group}, `.repeat(rows - 1)}${group}`;
}

/** `"a", "b"`: trusted names of ours, each quoted by `quote`. */
export function nameList(quote: (name: string) => string, names: readonly string[]): string {
  return names.map(quote).join(', ');
}
