// @vitest-environment jsdom
import { version } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { guides, getInstance } from '@northstar/browser';
import type { Plugin } from '@northstar/browser';
import { NorthstarProvider, useActiveGuide, useActiveSurvey, useGuideEvents, useSurveyEvents } from '../src/index.js';
import type { OverlayEvent } from '../src/index.js';
import { config, server, useApi } from './msw-api.js';

useApi();

const BANNER = { id: 7, type: 'banner', name: 'Welcome', title: 'Hi', body: 'Welcome aboard', button_text: 'Start' };

function ActiveGuide() {
  const guide = useActiveGuide();
  return <p>{guide ? `guide ${guide.id} ${guide.type} ${guide.name}` : 'no guide'}</p>;
}

/** The banner's host element and its call to action, inside the plugin's shadow root. */
const bannerButton = (name: string): HTMLButtonElement | undefined => {
  const root = document.querySelector('[data-northstar-overlay]')?.shadowRoot;
  return [...(root?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name);
};

describe(`guide and survey hooks (React ${version})`, () => {
  it('follows the guide the guides plugin shows: set when shown, cleared when completed', async () => {
    server.use(http.get(/\/v1\/decide\/guides/, () => HttpResponse.json({ guides: [BANNER] })));
    const events: OverlayEvent[] = [];
    function Listener() {
      useGuideEvents((event) => events.push(event));
      return null;
    }
    render(
      <NorthstarProvider config={config} plugins={[guides]}>
        <ActiveGuide />
        <Listener />
      </NorthstarProvider>,
    );
    expect(screen.getByText('no guide')).toBeDefined();
    await screen.findByText('guide 7 banner Welcome', {}, { timeout: 10_000 });
    act(() => bannerButton('Start')?.click());
    await screen.findByText('no guide');
    expect(events.map((e) => [e.action, e.id, e.type, e.name])).toEqual([
      ['shown', '7', 'banner', 'Welcome'],
      ['completed', '7', 'banner', 'Welcome'],
    ]);
  });

  it('follows surveys from their events, and forgets the active one at the next page view', async () => {
    // A stand-in for the surveys plugin: the hooks read only the events every overlay plugin sends.
    const fakeSurveys: Plugin = { name: 'surveys' };
    const sent: OverlayEvent[] = [];
    function Survey() {
      const survey = useActiveSurvey();
      useSurveyEvents((event) => sent.push(event));
      return <p>{survey ? `survey ${survey.id} ${survey.variant ?? '-'}` : 'no survey'}</p>;
    }
    render(
      <NorthstarProvider config={config} plugins={[fakeSurveys]}>
        <Survey />
      </NorthstarProvider>,
    );
    const client = getInstance()!;
    const survey = { survey_id: '3', survey_type: 'nps', survey_name: 'NPS', survey_variant: 'b' };
    act(() => client.track('$survey_shown', survey));
    expect(screen.getByText('survey 3 b')).toBeDefined();
    act(() => client.track('$survey_sent', { ...survey, response: 9 }));
    expect(screen.getByText('no survey')).toBeDefined();
    expect(sent.map((e) => [e.action, e.properties.response])).toEqual([
      ['shown', undefined],
      ['sent', 9],
    ]);
    act(() => client.track('$survey_shown', survey));
    act(() => history.pushState(null, '', '/next'));
    await waitFor(() => expect(screen.getByText('no survey')).toBeDefined());
  });

  it('are inert outside a provider', () => {
    render(<ActiveGuide />);
    expect(screen.getByText('no guide')).toBeDefined();
  });
});
