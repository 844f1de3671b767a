import type { Knex } from 'knex';
import { SURVEY_EVENTS, SURVEY_ID_PROPERTY } from '@northstar/core';
import type { SurveyPersonState, SurveyStatesQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { deviceKey, userKey } from './event-rows.js';
import { stringProperty } from './sql-expressions.js';
import { eventsByPerson, userEvents } from './user-events.js';

const NAMES = Object.values(SURVEY_EVENTS);

interface StateRow {
  sid: string | Uint8Array;
  event_name: string;
}

/** The distinct (survey id, event name) pairs of the survey events of `events`, grouped inside the database. */
function pairs(db: Knex, dialect: SqlDialect, events: Knex.QueryBuilder): Knex.QueryBuilder {
  const named = events.whereIn('event_name', NAMES).select(db.raw('? AS sid', [stringProperty(db, dialect, SURVEY_ID_PROPERTY)]), 'event_name');
  return db.from(named.as('x')).select('sid', 'event_name').whereNotNull('sid').groupBy('sid', 'event_name');
}

/**
 * The anonymous survey events of a device, whoever it is linked to (under the linked user's person
 * key once linked); the link and the events read from one snapshot, as the `events` listing does.
 */
function deviceStates(db: Knex, dialect: SqlDialect, projectId: number, deviceId: string): Promise<unknown> {
  return db.transaction(async (trx): Promise<unknown> => {
    const link = (await trx('ns_device_links').first('user_id').where({ project_id: projectId, device_id: deviceId })) as { user_id: string } | undefined;
    const personKey = link === undefined ? deviceKey(deviceId) : userKey(link.user_id);
    const events = eventsByPerson(trx, dialect).where({ project_id: projectId, person_key: personKey, device_id: deviceId }).whereNull('user_id');
    return pairs(trx, dialect, events);
  });
}

/**
 * `surveyStates` in SQL: the person's survey events through the person index (a user's range, and a
 * device's), reduced to (survey, event name) pairs by the database; merged here per survey.
 */
export async function surveyStates(db: Knex, dialect: SqlDialect, query: SurveyStatesQuery): Promise<SurveyPersonState[]> {
  const reads: Promise<unknown>[] = [];
  if (query.userId !== undefined) reads.push(pairs(db, dialect, userEvents(db, dialect, query.projectId, query.userId)));
  if (query.deviceId !== undefined) reads.push(deviceStates(db, dialect, query.projectId, query.deviceId));
  const states = new Map<string, SurveyPersonState>();
  for (const rows of await Promise.all(reads)) {
    for (const row of rows as StateRow[]) {
      const surveyId = typeof row.sid === 'string' ? row.sid : new TextDecoder().decode(row.sid);
      const state = states.get(surveyId) ?? { surveyId, shown: false, dismissed: false, answered: false };
      if (row.event_name === SURVEY_EVENTS.shown) state.shown = true;
      else if (row.event_name === SURVEY_EVENTS.dismissed) state.dismissed = true;
      else state.answered = true;
      states.set(surveyId, state);
    }
  }
  return [...states.values()].sort((a, b) => (a.surveyId < b.surveyId ? -1 : a.surveyId > b.surveyId ? 1 : 0));
}
