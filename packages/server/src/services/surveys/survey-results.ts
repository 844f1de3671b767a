import type { DocumentRecord, QueryEngine, SurveyAnswerCount } from '../../ports/index.js';
import { SURVEY_SCALES, surveyDataSchema } from '../../schemas/index.js';
import type { SurveyData } from '../../schemas/index.js';
import type { QuestionResult, SurveyResultsBody } from '../../schemas/survey-results.js';
import { CONFIDENCE_LEVEL, meanEstimate, npsEstimate, wilsonInterval } from './survey-statistics.js';

type Question = { type: SurveyData['type']; question: string; choices?: string[] };

/** The survey's questions in order: its own, then its follow-ups. */
function questionsOf(survey: SurveyData): Question[] {
  const first: Question = { type: survey.type, question: survey.question, ...('choices' in survey && { choices: survey.choices }) };
  return [first, ...(survey.follow_ups ?? []).map((q): Question => ({ type: q.type, question: q.question, ...('choices' in q && { choices: q.choices }) }))];
}

/** People per integer value of `min..max` (every value listed); answers off the scale are left out. */
function scaleCounts(rows: readonly SurveyAnswerCount[], scale: { min: number; max: number }): { value: number; count: number }[] {
  const counts = [];
  for (let value = scale.min; value <= scale.max; value++) {
    counts.push({ value, count: rows.filter((row) => row.response === value).reduce((sum, row) => sum + row.people, 0) });
  }
  return counts;
}

const total = (counts: readonly { count: number }[]) => counts.reduce((sum, { count }) => sum + count, 0);
const sumOf = (counts: readonly { value: number; count: number }[], test: (value: number) => boolean) =>
  counts.filter(({ value }) => test(value)).reduce((sum, { count }) => sum + count, 0);

function questionResult(index: number, question: Question, rows: readonly SurveyAnswerCount[]): QuestionResult {
  const head = { index, question: question.question };
  switch (question.type) {
    case 'nps': {
      const counts = scaleCounts(rows, SURVEY_SCALES.nps);
      const promoters = sumOf(counts, (value) => value >= 9);
      const detractors = sumOf(counts, (value) => value <= 6);
      const passives = total(counts) - promoters - detractors;
      const estimate = npsEstimate(promoters, passives, detractors);
      return { ...head, type: 'nps', answers: total(counts), counts, nps: estimate && { ...estimate, promoters, passives, detractors } };
    }
    case 'csat': {
      const counts = scaleCounts(rows, SURVEY_SCALES.csat);
      const answers = total(counts);
      const satisfied = sumOf(counts, (value) => value >= 4);
      return {
        ...head,
        type: 'csat',
        answers,
        counts,
        average: meanEstimate(counts, SURVEY_SCALES.csat),
        satisfied: answers === 0 ? null : { count: satisfied, share: satisfied / answers, interval: wilsonInterval(satisfied, answers) },
      };
    }
    case 'multiple_choice': {
      const choices = (question.choices ?? []).map((choice, choiceIndex) => ({
        index: choiceIndex,
        choice,
        count: rows.filter((row) => row.choice === choiceIndex).reduce((sum, row) => sum + row.people, 0),
      }));
      const answers = total(choices);
      return {
        ...head,
        type: 'multiple_choice',
        answers,
        choices: choices.map((entry) => ({
          ...entry,
          share: answers === 0 ? null : entry.count / answers,
          interval: answers === 0 ? null : wilsonInterval(entry.count, answers),
        })),
      };
    }
    case 'open_ended':
      return { ...head, type: 'open_ended', answers: rows.reduce((sum, row) => sum + row.people, 0) };
  }
}

/**
 * A survey's results (docs/surveys.md, "Results"): per question, each person's newest answer counted
 * (in every locale alike: ratings are numbers, choices their index), with the NPS, the CSAT average
 * and shares with 95 % intervals. Answers to questions the survey no longer has are left out.
 */
export async function surveyResults(engine: QueryEngine, survey: DocumentRecord): Promise<SurveyResultsBody> {
  const data = surveyDataSchema.parse(survey.data);
  const counted = await engine.run({ kind: 'surveyResults', projectId: survey.project_id, surveyId: String(survey.id) });
  return {
    survey_id: survey.id,
    type: data.type,
    confidence_level: CONFIDENCE_LEVEL,
    shown: counted.shown,
    dismissed: counted.dismissed,
    respondents: counted.respondents,
    questions: questionsOf(data).map((question, index) =>
      questionResult(
        index,
        question,
        counted.answers.filter((row) => row.question === index),
      ),
    ),
  };
}
