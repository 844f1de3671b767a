// Entry of the minified script-tag build (IIFE, `northstar.min.js`, served as `/sdk/northstar.js`). It has
// no exports on purpose: an IIFE with exports and a global name would assign them to `window.northstar`
// after this code ran, overwriting the global.
import { installGlobal } from './script-tag.js';

const script = typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);
installGlobal(script?.src, script?.nonce);
