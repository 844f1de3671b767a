import { useState } from 'react';
import { useNorthstar, usePageView, useTrackEvent } from '@northstar/react';

const SCREENS = ['home', 'pricing'] as const;
type Screen = (typeof SCREENS)[number];

export function App() {
  const [screen, setScreen] = useState<Screen>('home');
  // The screen is state (like a memory router): the SDK sees no navigation, so the page view is sent here.
  usePageView(`/${screen}`, { $pathname: `/${screen}` });
  return (
    <main>
      <h1>Northstar React example</h1>
      <nav>
        {SCREENS.map((name) => (
          <button key={name} aria-pressed={name === screen} onClick={() => setScreen(name)}>
            {name}
          </button>
        ))}
      </nav>
      {screen === 'pricing' ? <Pricing /> : <p>Welcome. Open the pricing screen, buy, sign in.</p>}
      <Account />
    </main>
  );
}

function Pricing() {
  const track = useTrackEvent();
  return (
    <section>
      <h2>Pricing</h2>
      <button onClick={() => track('buy', { plan: 'pro', seats: 3 })}>Buy Pro</button>
    </section>
  );
}

function Account() {
  const northstar = useNorthstar();
  const [user, setUser] = useState<string | null>(null);
  const signIn = () => {
    northstar?.identify('demo-user', { plan: 'pro' });
    setUser('demo-user');
  };
  const signOut = () => {
    northstar?.reset();
    setUser(null);
  };
  return <p>{user ? <button onClick={signOut}>Sign out {user}</button> : <button onClick={signIn}>Sign in as demo-user</button>}</p>;
}
