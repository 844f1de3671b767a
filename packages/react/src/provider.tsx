import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { Northstar, NorthstarConfig, Plugin } from '@northstar/browser';
import { createClientHandle } from './client-handle.js';
import { NorthstarHandleProvider } from './context.js';
import { acquireSharedClient } from './shared-client.js';

interface ProviderChildren {
  children?: ReactNode;
}

/** The provider starts and owns the shared instance of `@northstar/browser`. */
export interface NorthstarConfigProps extends ProviderChildren {
  /**
   * Options of `init()`. Read once, when the first provider mounts: it calls `init(config)` (the shared
   * instance, so `track()` imported from `@northstar/browser` reaches the same client), and the last
   * provider to unmount destroys it. If the app already called `init()`, that instance is used as it is.
   */
  config: NorthstarConfig;
  /** Plugins set up on the instance the provider starts (`autocapture`, `heatmaps`, ...). @default [] */
  plugins?: readonly Plugin[];
  client?: never;
}

/** The app made and started its own client; the provider only hands it to the hooks and never destroys it. */
export interface NorthstarClientProps extends ProviderChildren {
  client: Northstar;
  config?: never;
  plugins?: never;
}

export type NorthstarProviderProps = NorthstarConfigProps | NorthstarClientProps;

const NO_PLUGINS: readonly Plugin[] = [];

/**
 * Gives the hooks below it a Northstar client. Renders nothing of its own and touches no browser API
 * while rendering, so it renders on the server; the client starts in an effect, in the browser only.
 */
export function NorthstarProvider(props: NorthstarProviderProps): ReactNode {
  // Read once, like the config: the bootstrap answers the hooks until the client's flags do.
  const [handle] = useState(() => createClientHandle((props.config ?? props.client?.config)?.bootstrap));
  const { client, config, plugins = NO_PLUGINS } = props;
  useEffect(() => {
    if (client) {
      handle.attach(client);
      return undefined;
    }
    const lease = acquireSharedClient(config, plugins);
    handle.attach(lease.client);
    return lease.release;
    // `config` and `plugins` are read once: an inline object literal must not restart the SDK on each render.
  }, [handle, client]);
  return <NorthstarHandleProvider value={handle}>{props.children}</NorthstarHandleProvider>;
}
