/** The styles of a survey panel, added to the overlay's base styles in its shadow root (themable: docs/guides.md, "Theming"). */
export const SURVEY_STYLES = `
.ns-survey{right:16px;bottom:16px;width:min(400px,calc(100vw - 32px));padding:16px 20px}
.ns-question{border:0;margin:0 0 12px;padding:0;min-width:0}
.ns-question .ns-title{display:block;padding:0;margin:0 28px 8px 0}
.ns-radio{position:absolute;opacity:0;width:1px;height:1px;margin:0}
.ns-scale{display:flex;flex-wrap:wrap;gap:4px}
.ns-score span{display:inline-block;min-width:26px;padding:5px 2px;text-align:center;border:1px solid var(--ns-border,#d1d5db);border-radius:var(--ns-button-radius,6px);cursor:pointer}
.ns-score input:checked+span{background:var(--ns-accent,#1d4ed8);color:var(--ns-accent-text,#fff);border-color:var(--ns-accent,#1d4ed8)}
.ns-scale-labels{display:flex;justify-content:space-between;font-size:.85em;margin-top:4px}
.ns-stars{display:flex;gap:2px}
.ns-star{font-size:30px;line-height:1;padding:0 2px;cursor:pointer;color:var(--ns-star-off,#6b7280)}
.ns-star.ns-on{color:var(--ns-star,#b45309)}
.ns-radio:focus-visible+span{outline:3px solid var(--ns-focus,#b45309);outline-offset:2px}
.ns-choices{display:flex;flex-direction:column;gap:6px}
.ns-choice{display:flex;align-items:center;gap:8px;cursor:pointer}
.ns-choice .ns-visible-radio{position:static;opacity:1;width:16px;height:16px;accent-color:var(--ns-accent,#1d4ed8)}
.ns-text{box-sizing:border-box;width:100%;font:inherit;padding:6px 8px;border:1px solid var(--ns-border,#6b7280);border-radius:var(--ns-button-radius,6px);color:inherit;background:inherit}
.ns-count{margin:2px 0 0;font-size:.85em;text-align:right}
.ns-error{margin:0 0 8px;color:var(--ns-error,#b91c1c)}
.ns-thanks{margin:8px 28px 12px 0}
[hidden]{display:none!important}
`;
