import { expect, it } from 'vitest';
import { SURVEY_EVENTS } from '@northstar/core';
import type { StoredEvent, SurveyResults } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { portsOf } from './conformance-context.js';
import { DAY1, HOUR, storedEvent } from './dataset.js';
import { mulberry32 } from './mulberry32.js';

type Act = 'shown' | 'dismissed' | 'sent';

interface SurveyEventSpec {
  n: number;
  act: Act;
  survey: string;
  user?: string;
  device?: string;
  hour?: number;
  question?: number;
  response?: number;
  choice?: number;
  text?: string;
  project?: number;
}

/** A survey event of project 1 (or `project`), at DAY1 + `hour` hours. */
function surveyEvent({ n, act, survey, user, device, hour = 1, question, response, choice, text, project = 1 }: SurveyEventSpec): StoredEvent {
  return storedEvent(n, {
    project_id: project,
    event_name: SURVEY_EVENTS[act],
    user_id: user ?? null,
    device_id: device ?? null,
    timestamp: DAY1 + hour * HOUR,
    str_properties: { survey_id: survey, ...(text !== undefined && { response: text }) },
    num_properties: {
      ...(question !== undefined && { question_index: question }),
      ...(response !== undefined && { response }),
      ...(choice !== undefined && { choice_index: choice }),
    },
  });
}

const state = (surveyId: string, shown: boolean, dismissed: boolean, answered: boolean) => ({ surveyId, shown, dismissed, answered });

/**
 * Surveys: the `surveyStates` of a person (what they saw, dismissed and answered, so decide does not
 * ask twice) and the `surveyResults` of a survey (per person, the newest answer to each question),
 * read from the survey events the event log holds; every answer equal to memory's.
 */
export function surveyCases(context: ConformanceContext): void {
  const { ports, provides } = context;

  it("answers a person's state of each survey: shown, dismissed, answered, in survey id order", async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([
      surveyEvent({ n: 1, act: 'shown', survey: '7', device: 'd1' }),
      surveyEvent({ n: 2, act: 'dismissed', survey: '7', device: 'd1' }),
      surveyEvent({ n: 3, act: 'shown', survey: '12', device: 'd1' }),
      surveyEvent({ n: 4, act: 'sent', survey: '3', device: 'd1', response: 9 }),
      surveyEvent({ n: 5, act: 'sent', survey: '4', device: 'd2', response: 1 }),
      surveyEvent({ n: 6, act: 'sent', survey: '5', device: 'd1', project: 2, response: 1 }),
      storedEvent(7, { event_name: SURVEY_EVENTS.shown, device_id: 'd1' }),
      storedEvent(8, { event_name: 'other', device_id: 'd1', str_properties: { survey_id: '9' } }),
    ]);
    expect(await queryEngine.run({ kind: 'surveyStates', projectId: 1, deviceId: 'd1' })).toEqual([
      state('12', true, false, false),
      state('3', false, false, true),
      state('7', true, true, false),
    ]);
    expect(await queryEngine.run({ kind: 'surveyStates', projectId: 1, deviceId: 'nobody' })).toEqual([]);
  });

  it("reads a user's own events and, for the device, its anonymous ones", async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([
      surveyEvent({ n: 1, act: 'sent', survey: '1', user: 'u1', device: 'd9', response: 3 }),
      surveyEvent({ n: 2, act: 'dismissed', survey: '2', device: 'd1' }),
      surveyEvent({ n: 3, act: 'shown', survey: '3', user: 'u2', device: 'd1' }),
    ]);
    expect(await queryEngine.run({ kind: 'surveyStates', projectId: 1, userId: 'u1', deviceId: 'd1' })).toEqual([
      state('1', false, false, true),
      state('2', false, true, false),
    ]);
    expect(await queryEngine.run({ kind: 'surveyStates', projectId: 1, userId: 'u1' })).toEqual([state('1', false, false, true)]);
  });

  if (provides('people')) {
    it('follows a person through device links: anonymous answers count as the linked user, before and after the link', async () => {
      const { eventLog, queryEngine, people } = ports();
      await eventLog.appendEvents([surveyEvent({ n: 1, act: 'sent', survey: '1', device: 'd1', response: 8 })]);
      await people.linkDevice(1, 'd1', 'u1');
      await eventLog.appendEvents([
        surveyEvent({ n: 2, act: 'dismissed', survey: '2', device: 'd1' }),
        surveyEvent({ n: 3, act: 'sent', survey: '1', user: 'u1', device: 'd2', response: 10, hour: 2 }),
      ]);
      expect(await queryEngine.run({ kind: 'surveyStates', projectId: 1, userId: 'u1', deviceId: 'd3' })).toEqual([
        state('1', false, false, true),
        state('2', false, true, false),
      ]);
      expect(await queryEngine.run({ kind: 'surveyStates', projectId: 1, deviceId: 'd1' })).toEqual([
        state('1', false, false, true),
        state('2', false, true, false),
      ]);
      const results = await queryEngine.run({ kind: 'surveyResults', projectId: 1, surveyId: '1' });
      expect(results).toEqual({ shown: 0, dismissed: 0, respondents: 1, answers: [{ question: 0, response: 10, choice: null, people: 1 }] });
    });
  }

  it("counts each person's newest answer per question, and people who saw, dismissed and answered", async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([
      surveyEvent({ n: 1, act: 'shown', survey: '5', device: 'a' }),
      surveyEvent({ n: 2, act: 'shown', survey: '5', device: 'a', hour: 2 }),
      surveyEvent({ n: 3, act: 'shown', survey: '5', device: 'b' }),
      surveyEvent({ n: 4, act: 'shown', survey: '5', user: 'u1' }),
      surveyEvent({ n: 5, act: 'dismissed', survey: '5', device: 'b' }),
      // a answered 6, then changed to 9: only 9 counts
      surveyEvent({ n: 6, act: 'sent', survey: '5', device: 'a', response: 6, hour: 1 }),
      surveyEvent({ n: 7, act: 'sent', survey: '5', device: 'a', response: 9, hour: 3 }),
      surveyEvent({ n: 8, act: 'sent', survey: '5', user: 'u1', response: 9 }),
      surveyEvent({ n: 9, act: 'sent', survey: '5', user: 'u2', question: 0, response: 0 }),
      // follow-up questions: a choice, and free text
      surveyEvent({ n: 10, act: 'sent', survey: '5', user: 'u1', question: 1, choice: 2, text: 'Price' }),
      surveyEvent({ n: 11, act: 'sent', survey: '5', device: 'a', question: 1, choice: 0, text: 'Speed' }),
      surveyEvent({ n: 12, act: 'sent', survey: '5', device: 'a', question: 2, text: 'Great' }),
      surveyEvent({ n: 13, act: 'sent', survey: '5', user: 'u2', question: 2, text: 'Meh' }),
      // same time: the greater uuid is the newer
      surveyEvent({ n: 14, act: 'sent', survey: '5', user: 'u3', response: 4, hour: 5 }),
      surveyEvent({ n: 15, act: 'sent', survey: '5', user: 'u3', response: 5, hour: 5 }),
      surveyEvent({ n: 16, act: 'sent', survey: '6', user: 'u1', response: 1 }),
      surveyEvent({ n: 17, act: 'sent', survey: '5', user: 'u1', response: 1, project: 2 }),
    ]);
    const expected: SurveyResults = {
      shown: 3,
      dismissed: 1,
      respondents: 4,
      answers: [
        { question: 0, response: 0, choice: null, people: 1 },
        { question: 0, response: 5, choice: null, people: 1 },
        { question: 0, response: 9, choice: null, people: 2 },
        { question: 1, response: null, choice: 0, people: 1 },
        { question: 1, response: null, choice: 2, people: 1 },
        { question: 2, response: null, choice: null, people: 2 },
      ],
    };
    expect(await queryEngine.run({ kind: 'surveyResults', projectId: 1, surveyId: '5' })).toEqual(expected);
    expect(await queryEngine.run({ kind: 'surveyResults', projectId: 1, surveyId: '404' })).toEqual({ shown: 0, dismissed: 0, respondents: 0, answers: [] });
  });

  it('answers survey states and results exactly as the memory reference over random events', async () => {
    const { createMemoryStorage } = await import('@northstar/adapter-memory');
    const reference = createMemoryStorage();
    const { eventLog, queryEngine } = ports();
    try {
      const random = mulberry32(18);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      const acts: Act[] = ['shown', 'dismissed', 'sent'];
      const events = Array.from({ length: 300 }, (_, i) => {
        const identified = random() < 0.4;
        return surveyEvent({
          n: i + 1,
          act: pick(acts),
          survey: pick(['1', '2', '3']),
          ...(identified ? { user: pick(['u1', 'u2', 'u3', 'u4']) } : {}),
          device: pick(['d1', 'd2', 'd3', 'd4', 'd5', 'd6']),
          hour: Math.floor(random() * 48),
          question: pick([0, 0, 1, 2]),
          response: pick([0, 3, 7, 9, 10]),
          ...(random() < 0.3 ? { choice: pick([0, 1, 2]) } : {}),
        });
      });
      await eventLog.appendEvents(events);
      await portsOf(reference).eventLog.appendEvents(events);
      for (const surveyId of ['1', '2', '3']) {
        const query = { kind: 'surveyResults', projectId: 1, surveyId } as const;
        expect(await queryEngine.run(query), surveyId).toEqual(await portsOf(reference).queryEngine.run(query));
      }
      for (const person of [{ deviceId: 'd1' }, { userId: 'u2' }, { userId: 'u3', deviceId: 'd4' }]) {
        const query = { kind: 'surveyStates', projectId: 1, ...person } as const;
        expect(await queryEngine.run(query), JSON.stringify(person)).toEqual(await portsOf(reference).queryEngine.run(query));
      }
    } finally {
      await reference.dispose();
    }
  });
}
