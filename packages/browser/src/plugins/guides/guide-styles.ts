/** The styles of the guide types, added to the overlay's base styles in each guide's shadow root. */
export const GUIDE_STYLES = `
.ns-banner{left:0;right:0;max-width:none;border-radius:0;display:flex;flex-wrap:wrap;align-items:center;gap:4px 16px;padding:10px 48px 10px 20px}
.ns-banner.ns-top{top:0}.ns-banner.ns-bottom{bottom:0}
.ns-banner .ns-title,.ns-banner .ns-body{margin:0}
.ns-banner .ns-actions{margin-left:auto}
.ns-modal{position:fixed;width:min(480px,calc(100vw - 32px));padding:24px}
.ns-slideout{top:0;bottom:0;width:min(360px,100vw);max-width:none;border-radius:0;padding:48px 24px 24px;overflow:auto}
.ns-slideout.ns-right{right:0}.ns-slideout.ns-left{left:0}
.ns-tooltip,.ns-tour{width:max-content;max-width:min(340px,calc(100vw - 16px));padding-top:14px}
.ns-tour.ns-centered{top:50%;left:50%;transform:translate(-50%,-50%)}
.ns-checklist{right:16px;bottom:16px;width:min(320px,calc(100vw - 32px));padding:12px 16px}
.ns-toggle{display:flex;flex-direction:column;align-items:flex-start;width:calc(100% - 32px);border:0;padding:4px;text-align:left}
.ns-toggle .ns-title{margin:0}.ns-count{font-size:.9em}
.ns-items{list-style:none;margin:8px 0 0;padding:0}
.ns-item{display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:6px 0;border-top:1px solid var(--ns-border,#d1d5db)}
.ns-check{width:18px;height:18px;margin:0;accent-color:var(--ns-accent,#1d4ed8)}
.ns-done label{text-decoration:line-through}
.ns-item-link{margin-left:auto;color:var(--ns-accent,#1d4ed8)}
.ns-item-description{flex-basis:100%;margin:0 0 0 26px;font-size:.9em}
[hidden]{display:none!important}
`;
