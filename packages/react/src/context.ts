import { createContext, useContext } from 'react';
import { createClientHandle } from './client-handle.js';
import type { ClientHandle } from './client-handle.js';

/** Outside any provider the hooks see a handle that never gets a client: they do nothing and answer "not loaded". */
const NorthstarContext = createContext<ClientHandle>(createClientHandle());
NorthstarContext.displayName = 'NorthstarContext';

export const NorthstarHandleProvider = NorthstarContext.Provider;

/** @internal The handle of the nearest provider. */
export const useClientHandle = (): ClientHandle => useContext(NorthstarContext);
