export { Northstar } from './northstar.js';
export type { NorthstarStats } from './northstar.js';
export type { NorthstarOptions, QueuePersistence, DropReason } from './options.js';
export type { TrackMessage, IdentifyMessage, Person, Properties, PropertyValue, UserProperties } from './messages.js';
export type { RevenueMessage, RevenueType } from './revenue.js';
export type { ShutdownOptions, ShutdownReport } from './shutdown.js';
export type { FlagQuery, FlagValue, FlagUserProperties } from './flags/flag-types.js';
export type { TrackedEvent, IdentifyRequest } from '@northstar/core';
export { VERSION } from './version.js';
