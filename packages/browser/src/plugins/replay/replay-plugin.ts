import { API_KEY_HEADER } from '@northstar/core';
import type { Client, Plugin } from '../../core/client.js';
import { log } from '../../core/debug.js';
import { onPageHide } from '../../core/page-hide.js';
import type { Running } from '../../core/running.js';
import { NO_CAPTURE } from '../../dom/no-capture.js';
import { replayOptions } from './options.js';
import type { Recorder, RecorderApi, RecorderHost } from './recorder-api.js';
import { sessionRecordings } from './session-recording.js';

/** The client's state as the recorder sees it. */
function recorderHost(client: Client, run: Running, options: NonNullable<ReturnType<typeof replayOptions>>): RecorderHost {
  const c = client.config;
  return {
    options,
    noCapture: NO_CAPTURE,
    url: `${c.endpoint}/v1/replay/chunks`,
    headers: { [API_KEY_HEADER]: c.apiKey },
    session: () => (client.run === run && run.store.on && !run.optedOut ? run.session.peek(Date.now()) : null),
    recordings: sessionRecordings(run.store, options.samplingRate),
    ids: () => ({ device_id: run.ids.device, ...(run.ids.user ? { user_id: run.ids.user } : {}) }),
    ...(__NS_DEBUG__ && { log: (message: string, detail?: unknown) => log(c.debug, 'log', `replay: ${message}`, detail) }),
  };
}

/**
 * The replay plugin over a way to load the recorder (rrweb and what drives it): the npm build's `replay`
 * loads it by dynamic `import()`, the CDN script by injecting its own chunk. Nothing is loaded until a
 * session the sampling includes is live (checked at setup, then every `flushInterval` until then); from
 * then on the recorder follows the sessions itself.
 */
export const createReplay = (load: (client: Client) => Promise<RecorderApi>): Plugin => ({
  name: 'replay',
  setup: (client) => {
    const options = replayOptions(client.config);
    const run = client.run;
    if (!options || !run) return;
    const host = recorderHost(client, run, options);
    let recorder: Recorder | undefined;
    let on = true;
    const check = (): void => {
      const id = host.session();
      if (!id || !host.recordings.get(id).sampled) return;
      clearInterval(timer);
      load(client).then(
        (api) => {
          if (on) recorder = api.startRecorder(host);
        },
        (error: unknown) => {
          if (__NS_DEBUG__) log(client.config.debug, 'warn', 'replay: the recorder did not load', error);
        },
      );
    };
    const timer = setInterval(check, options.flushInterval);
    check();
    const hide = onPageHide((unloading) => recorder?.flush(unloading));
    const off = client.on('reset', () => recorder?.restart());
    return () => {
      on = false;
      clearInterval(timer);
      hide();
      off();
      recorder?.stop();
    };
  },
});
