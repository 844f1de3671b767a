// Module resolve hook of the worker test: importing `express` (or a file of it) fails the process.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'express' || specifier.startsWith('express/')) {
    throw new Error(`refuse-express: ${context.parentURL ?? 'the entry point'} imported ${specifier}`);
  }
  return nextResolve(specifier, context);
}
