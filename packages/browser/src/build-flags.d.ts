/**
 * Build-time constant: true in the npm builds, the readable IIFE and tests; false in the minified CDN
 * IIFE, where every `if (__NS_DEBUG__) ...` branch (and the strings in it) is removed.
 */
declare const __NS_DEBUG__: boolean;
