// Entry of the minified script-tag build (IIFE, `northstar.min.js`, served as `/sdk/northstar.js`). It has
// no exports on purpose: an IIFE with exports and a global name would assign them to `window.northstar`
// after this code ran, overwriting the global.
import { autocapture } from './plugins/autocapture/autocapture.js';
import { frustration } from './plugins/frustration/frustration.js';
import { installGlobal } from './script-tag.js';

const script = typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);
// The subsystems the CDN script carries, each on unless its option is `false`.
installGlobal(script?.src, script?.nonce, [autocapture, frustration()]);
