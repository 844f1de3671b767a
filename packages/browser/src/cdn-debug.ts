// Entry of the readable script-tag build (`northstar.iife.js`, served as `/sdk/northstar.debug.js`):
// the same script as cdn.ts, built with `__NS_DEBUG__` true so the `[Sdk]` logging is kept.
import './cdn.js';
