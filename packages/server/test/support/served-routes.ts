interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

function routesOf(stack: Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.handle.stack) return routesOf(layer.handle.stack);
    if (!layer.route) return [];
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    const methods = Object.keys(layer.route.methods).filter((method) => method !== 'options');
    return paths.flatMap((path) => methods.map((method) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`));
  });
}

/** Every `method /path/{param}` a router serves, read from Express 5's own route table (CORS preflights aside). */
export function servedRoutes(router: unknown): string[] {
  return routesOf((router as { stack: Layer[] }).stack);
}
