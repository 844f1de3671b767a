import {
  NorthstarProvider,
  useFeatureFlag,
  useFeatureFlagState,
  useActiveGuide,
  useActiveSurvey,
  useGuideEvents,
  useNorthstar,
  usePageView,
  useSurveyEvents,
  useTrackEvent,
} from '../src/index.js';

/** Every hook of the package, as a page would use them. */
export function Hooks() {
  const client = useNorthstar();
  const track = useTrackEvent();
  usePageView('/pricing');
  const variant = useFeatureFlag('checkout');
  const missing = useFeatureFlagState('missing');
  const guide = useActiveGuide();
  const survey = useActiveSurvey();
  useGuideEvents(() => undefined);
  useSurveyEvents(() => undefined);
  return (
    <>
      <p>{`client: ${client ? 'started' : 'none'}`}</p>
      <button onClick={() => track('buy')}>Buy</button>
      {guide || survey ? <p>overlay</p> : null}
      <p>{`checkout ${String(variant)}, missing ${missing.status}`}</p>
    </>
  );
}

export function App() {
  return (
    <NorthstarProvider config={{ apiKey: 'pk_ssr', endpoint: 'https://example.com/ns', bootstrap: { featureFlags: { checkout: 'b' } } }}>
      <Hooks />
    </NorthstarProvider>
  );
}
