import type { Knex } from 'knex';
import { SURVEY_CHOICE_PROPERTY, SURVEY_EVENTS, SURVEY_ID_PROPERTY, SURVEY_QUESTION_PROPERTY, SURVEY_RESPONSE_PROPERTY } from '@northstar/core';
import type { SurveyAnswerCount, SurveyResults, SurveyResultsQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { applyFilter, numberProperty } from './sql-expressions.js';

interface PeopleRow {
  event_name: string;
  people: number | string;
}

interface AnswerRow {
  q: number | string;
  r: number | string | null;
  c: number | string | null;
  people: number | string;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
const nullsFirst = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a - b);

/** The survey's events with a person: person key, name, time, uuid, question (0 when absent), response and choice. */
function surveyEvents(db: Knex, dialect: SqlDialect, query: SurveyResultsQuery): Knex.QueryBuilder {
  const events = db('ns_events')
    .where('project_id', query.projectId)
    .whereIn('event_name', Object.values(SURVEY_EVENTS))
    .whereNotNull('person_key')
    .select(
      'person_key as p',
      'event_name',
      'ts',
      'uuid',
      db.raw('COALESCE(?, 0) AS q', [numberProperty(db, dialect, SURVEY_QUESTION_PROPERTY)]),
      db.raw('? AS r', [numberProperty(db, dialect, SURVEY_RESPONSE_PROPERTY)]),
      db.raw('? AS c', [numberProperty(db, dialect, SURVEY_CHOICE_PROPERTY)]),
    );
  applyFilter(events, db, dialect, { property: SURVEY_ID_PROPERTY, op: 'eq', value: query.surveyId });
  return events;
}

/**
 * `surveyResults` in SQL: people per survey event, and per question the newest answer of each
 * person (`ROW_NUMBER()` over the person's answers, newest first) counted per value — all of it
 * inside the database; a handful of rows come back.
 */
export async function surveyResults(db: Knex, dialect: SqlDialect, query: SurveyResultsQuery): Promise<SurveyResults> {
  const people: unknown = await db
    .with('e', surveyEvents(db, dialect, query))
    .from('e')
    .select('event_name', db.raw('COUNT(DISTINCT p) AS people'))
    .groupBy('event_name');
  const newest = db
    .from('e')
    .where('event_name', SURVEY_EVENTS.sent)
    .select('q', 'r', 'c', db.raw('ROW_NUMBER() OVER (PARTITION BY p, q ORDER BY ts DESC, uuid DESC) AS rn'));
  const rows: unknown = await db
    .with('e', surveyEvents(db, dialect, query))
    .with('n', newest)
    .from('n')
    .where('rn', 1)
    .select('q', 'r', 'c', db.raw('COUNT(*) AS people'))
    .groupBy('q', 'r', 'c');

  const count = (name: string) => Number((people as PeopleRow[]).find((row) => row.event_name === name)?.people ?? 0);
  const answers: SurveyAnswerCount[] = (rows as AnswerRow[])
    .map((row) => ({ question: Number(row.q), response: numberOrNull(row.r), choice: numberOrNull(row.c), people: Number(row.people) }))
    .sort((a, b) => a.question - b.question || nullsFirst(a.response, b.response) || nullsFirst(a.choice, b.choice));
  return { shown: count(SURVEY_EVENTS.shown), dismissed: count(SURVEY_EVENTS.dismissed), respondents: count(SURVEY_EVENTS.sent), answers };
}
