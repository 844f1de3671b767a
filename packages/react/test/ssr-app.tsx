import { NorthstarProvider, useActiveGuide, useActiveSurvey, useGuideEvents, useNorthstar, usePageView, useSurveyEvents, useTrackEvent } from '../src/index.js';

/** Every hook of the package, as a page would use them. */
export function Hooks() {
  const client = useNorthstar();
  const track = useTrackEvent();
  usePageView('/pricing');
  const guide = useActiveGuide();
  const survey = useActiveSurvey();
  useGuideEvents(() => undefined);
  useSurveyEvents(() => undefined);
  return (
    <>
      <p>{`client: ${client ? 'started' : 'none'}`}</p>
      <button onClick={() => track('buy')}>Buy</button>
      {guide || survey ? <p>overlay</p> : null}
    </>
  );
}

export function App() {
  return (
    <NorthstarProvider config={{ apiKey: 'pk_ssr', endpoint: 'https://example.com/ns' }}>
      <Hooks />
    </NorthstarProvider>
  );
}
