/**
 * Build-time constant: true in the readable IIFE and tests; false in the minified CDN IIFE, where every
 * `if (__NS_DEBUG__) ...` branch (and the strings in it) is removed. The npm builds turn it into
 * `(typeof __NS_DEBUG__ === "undefined" || __NS_DEBUG__)`, so an app's bundler removes the branches
 * by defining `__NS_DEBUG__` as false (see rollup.config.mjs).
 */
declare const __NS_DEBUG__: boolean;
