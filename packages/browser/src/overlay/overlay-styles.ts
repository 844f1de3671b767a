/**
 * The styles every overlay shares, inside its shadow root; each kind adds its own. Themable from the page
 * through CSS custom properties, which cross the shadow boundary (docs/guides.md, "Theming").
 */
export const BASE_STYLES = `
:host{all:initial}
.ns-panel{position:fixed;box-sizing:border-box;z-index:var(--ns-z-index,2147483000);font-family:var(--ns-font-family,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);font-size:var(--ns-font-size,15px);line-height:1.5;color:var(--ns-text,#1f2937);background:var(--ns-background,#fff);border:1px solid var(--ns-border,#d1d5db);border-radius:var(--ns-radius,10px);box-shadow:var(--ns-shadow,0 10px 30px rgba(15,23,42,.2));padding:16px 20px;max-width:min(420px,calc(100vw - 24px))}
.ns-title{margin:0 24px 6px 0;font-size:1.1em;font-weight:600}
.ns-body{margin:0 0 12px;white-space:pre-wrap;overflow-wrap:anywhere}
.ns-actions{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end;align-items:center}
.ns-progress{margin-right:auto;font-size:.9em}
button,.ns-link{font:inherit;cursor:pointer;border-radius:var(--ns-button-radius,6px);padding:6px 14px;border:1px solid var(--ns-border,#d1d5db);background:var(--ns-background,#fff);color:var(--ns-text,#1f2937);text-decoration:none;display:inline-block}
.ns-primary{background:var(--ns-accent,#1d4ed8);color:var(--ns-accent-text,#fff);border-color:var(--ns-accent,#1d4ed8)}
button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible,[tabindex]:focus-visible{outline:3px solid var(--ns-focus,#b45309);outline-offset:2px}
.ns-close{position:absolute;top:6px;right:6px;border:0;font-size:20px;line-height:1;padding:4px 9px}
.ns-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.ns-enter{animation:ns-in .18s ease-out}
@keyframes ns-in{from{opacity:0;transform:translateY(6px)}}
dialog{margin:auto;inset:0}
dialog::backdrop{background:var(--ns-overlay,rgba(15,23,42,.55))}
@media (prefers-reduced-motion:reduce){*,::backdrop{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
`;
