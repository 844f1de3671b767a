/**
 * Build-time constant guarding debug output (the browser SDK's `[Sdk]` logging, the delivery's `log`
 * option): true in tests and the readable CDN IIFE; false in the minified CDN IIFE, where every
 * `if (__NS_DEBUG__) ...` branch (and the strings in it) is removed. The npm builds of
 * @northstar/core and @northstar/browser turn it into `(typeof __NS_DEBUG__ === "undefined" ||
 * __NS_DEBUG__)`, so an app's bundler removes the branches by defining `__NS_DEBUG__` as false (see
 * rollup.config.mjs).
 */
declare const __NS_DEBUG__: boolean;
