/**
 * The playback page: static markup with no server data and no inline script or style; `player.js`
 * fills it. `base` is where the page's assets are relative to the page (`replay/` when it is served as
 * `/replay`).
 */
export function replayPage(base: 'replay/' | './'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Session replay · Northstar</title>
<link rel="stylesheet" href="${base}assets/rrweb.css">
<link rel="stylesheet" href="${base}assets/player.css">
</head>
<body>
<main id="player-page" data-state="loading">
<h1>Session replay</h1>
<p id="status" role="status" aria-live="polite">Loading…</p>
<form id="signin" hidden>
<label>Email <input name="email" type="email" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button>
</form>
<dl id="session-facts"></dl>
<div class="controls">
<button id="play" type="button" aria-pressed="false" disabled>Play</button>
<input id="seek" type="range" min="0" max="0" step="1" value="0" aria-label="Position in the session" disabled>
<span id="time">0:00 / 0:00</span>
</div>
<div class="layout">
<div id="stage"></div>
<ol id="timeline" aria-label="Timeline: page views, clicks, frustration and errors"></ol>
</div>
</main>
<script src="${base}assets/rrweb.js"></script>
<script src="${base}assets/player.js"></script>
</body>
</html>
`;
}

/** The page's own style sheet (rrweb's is served beside it). */
export const PLAYER_STYLE = `body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: #1b1f24; background: #f6f8fa; }
main { max-width: 1400px; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.3rem; margin: 0 0 .5rem; }
#status:empty { display: none; } main[data-state="error"] #status { color: #cf222e; }
#signin { display: grid; gap: .5rem; max-width: 22rem; padding: 1rem; background: #fff; border: 1px solid #d0d7de; border-radius: 6px; }
#signin[hidden] { display: none; } label { display: grid; gap: .2rem; }
input { font: inherit; padding: .3rem .4rem; border: 1px solid #afb8c1; border-radius: 4px; }
#session-facts { display: flex; flex-wrap: wrap; gap: .2rem 1.2rem; margin: .5rem 0; }
#session-facts dt { font-weight: 600; color: #57606a; } #session-facts dd { margin: 0 .4rem 0 -.8rem; }
.controls { display: flex; align-items: center; gap: .8rem; margin: .5rem 0; }
#seek { flex: 1; } #time { font-variant-numeric: tabular-nums; min-width: 7rem; text-align: right; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 20rem; gap: 1rem; align-items: start; }
#stage { position: relative; overflow: hidden; background: #fff; border: 1px solid #d0d7de; border-radius: 6px; min-height: 12rem; }
#stage .replayer-wrapper { position: absolute; top: 0; left: 0; }
#stage iframe { border: 0; background: #fff; }
#timeline { list-style: none; margin: 0; padding: 0; max-height: 75vh; overflow: auto; border: 1px solid #d0d7de; border-radius: 6px; background: #fff; }
.entry button { display: grid; grid-template-columns: 3.2rem 1fr; gap: 0 .4rem; width: 100%; text-align: left; font: inherit; padding: .35rem .6rem; border: 0; border-bottom: 1px solid #eaeef2; background: none; cursor: pointer; }
.entry button:hover, .entry button:focus-visible { background: #f3f4f6; }
.entry .at { color: #57606a; font-variant-numeric: tabular-nums; } .entry .label { grid-column: 2; color: #57606a; font-size: .85em; overflow-wrap: anywhere; }
.entry-frustration .name { color: #9a6700; font-weight: 600; } .entry-error .name { color: #cf222e; font-weight: 600; }
@media (max-width: 900px) { .layout { grid-template-columns: 1fr; } }
`;

/**
 * Content-Security-Policy of the page. Scripts: its own two files only (the replayed page's scripts
 * never run: rrweb rebuilds it in an iframe sandboxed without `allow-scripts`). The replayed page's
 * styles and resources load in that iframe, which inherits this policy: so inline styles (the
 * recorded style sheets are rebuilt as `<style>` elements) and images, fonts and media from the
 * recorded site (any https or http origin, data: and blob:) are allowed. Requests with data go to this
 * origin only (`connect-src 'self'`); no form posts anywhere, and no one frames the page.
 */
export const REPLAY_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data: blob:',
  'font-src * data:',
  'media-src * data: blob:',
  "connect-src 'self'",
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
