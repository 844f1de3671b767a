// Entry of the script-tag build (IIFE). It has no exports on purpose: an IIFE with exports and a
// global name would assign them to `window.northstar` after this code ran, overwriting the global.
import { installGlobal } from './script-tag.js';

installGlobal(typeof document === 'undefined' ? undefined : (document.currentScript as HTMLScriptElement | null)?.src);
