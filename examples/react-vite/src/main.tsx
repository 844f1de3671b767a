import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NorthstarProvider } from '@northstar/react';
import { App } from './app.js';

/** The demo project's pk_ key, put in by vite.config.mjs from the demo.json of `npm start`. */
declare const __NORTHSTAR_KEY__: string;

// `/ns` is proxied to the Northstar server by Vite. The screens are state, not URLs, so the page views
// are sent by usePageView (in App) and the automatic ones are off.
const northstar = { apiKey: __NORTHSTAR_KEY__, endpoint: '/ns', debug: true, autocapture: { pageViews: false } };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <NorthstarProvider config={northstar}>
      <App />
    </NorthstarProvider>
  </StrictMode>,
);
