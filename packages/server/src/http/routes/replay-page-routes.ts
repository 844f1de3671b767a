import type { RequestHandler } from 'express';
import { PLAYER_SCRIPT } from '../replay-page/player-script.js';
import { PLAYER_STYLE, REPLAY_CSP, replayPage } from '../replay-page/replay-page.js';
import { RRWEB_SCRIPT, RRWEB_STYLE } from '../replay-page/rrweb-assets.js';
import { serveAsset, textAsset } from './docs-assets.js';
import { withoutInput } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

const page: RequestHandler = (req, res) => {
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': REPLAY_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  });
  res.send(replayPage(req.path.endsWith('/') ? './' : 'replay/'));
};

/**
 * `/replay?project=<id>&session=<id>`: the playback page (docs/replay-server.md). The page and its
 * assets hold no data, so they are public; the player reads the session through the `read`-scoped
 * API with the member's own access token (signed in on the page or through the refresh cookie).
 */
export function replayPageRoutes(): RouteDefinition[] {
  const common = { method: 'get', tag: 'Replay', access: { kind: 'public' } } as const;
  const asset = (path: string, summary: string, contentType: string, handler: RequestHandler): RouteDefinition => ({
    ...common,
    path,
    summary,
    responses: { 200: { description: summary, contentType }, 304: { description: 'Not modified (ETag matched)' } },
    handler: withoutInput(handler),
  });
  const script = 'text/javascript; charset=utf-8';
  const style = 'text/css; charset=utf-8';
  return [
    {
      ...common,
      path: '/replay',
      summary: 'Session playback page (?project=&session=): plays a recorded session for a signed-in member',
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
      handler: withoutInput(page),
    },
    asset('/replay/assets/player.js', 'Script of the playback page', 'text/javascript', serveAsset(textAsset(PLAYER_SCRIPT), script)),
    asset('/replay/assets/player.css', 'Style sheet of the playback page', 'text/css', serveAsset(textAsset(PLAYER_STYLE), style)),
    asset('/replay/assets/rrweb.js', "rrweb's browser build (the Replayer), the pinned version", 'text/javascript', serveAsset(RRWEB_SCRIPT, script)),
    asset('/replay/assets/rrweb.css', "rrweb's player style sheet", 'text/css', serveAsset(RRWEB_STYLE, style)),
  ];
}
