// The entry of @northstar/react (ESM and CJS). The build puts 'use client' at the top of both files:
// every export is a client component or hook, so a React Server Component may render the provider
// (with serialisable props) but never runs this code on the server.
export { NorthstarProvider } from './provider.js';
export type { NorthstarProviderProps, NorthstarConfigProps, NorthstarClientProps } from './provider.js';
export { useNorthstar } from './use-northstar.js';
export { useTrackEvent } from './use-track-event.js';
export { usePageView } from './use-page-view.js';
export { useFeatureFlag, useFeatureFlagEnabled, useFeatureFlagState } from './use-feature-flag.js';
export { useActiveGuide, useGuideEvents } from './use-guides.js';
export { useActiveSurvey, useSurveyEvents } from './use-surveys.js';
export type { OverlayEvent, OverlayAction, OverlayKind } from './overlay-events.js';
