import { BadRequestError } from '../errors/index.js';

/**
 * Deepest nesting of objects and arrays a JSON body may have (docs/decisions.md, "JSON nesting depth").
 * Deeper bodies are refused before any validator walks them, so no recursive walk can exhaust the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** 400 when `value` nests objects or arrays deeper than `maxDepth` levels. Iterative: any depth is safe to check. */
export function assertJsonDepth(value: unknown, maxDepth: number = MAX_JSON_DEPTH): void {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > maxDepth) throw new BadRequestError(`JSON body is nested deeper than ${maxDepth} levels`);
    for (const child of Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
}
