// `@northstar/server`: the app (`@northstar/server/app`) and the Express router over it.
export * from './without-http.js';
export { createNorthstarRouter } from './http/router.js';
export type { NorthstarRouter } from './http/router.js';
export type { NorthstarRouterOptions, NorthstarHttpOptions } from './http/options.js';
