import { NorthstarProvider, useNorthstar, usePageView, useTrackEvent } from '../src/index.js';

/** Every hook of the package, as a page would use them. */
export function Hooks() {
  const client = useNorthstar();
  const track = useTrackEvent();
  usePageView('/pricing');
  return (
    <>
      <p>{`client: ${client ? 'started' : 'none'}`}</p>
      <button onClick={() => track('buy')}>Buy</button>
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
