import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  ErrorBody,
  EventQuery,
  FlagDefinition,
  FlagsEvaluateRequest,
  FlagsEvaluateResponse,
  IdentifyRequest,
  QUERY_FILTER_OPERATORS,
  QueryFilter,
  QueryResponse,
  SecretKeyScope,
  TrackBatch,
  TrackedEvent,
  TrackRequestBody,
  TrackResponse,
  UserPropertyRule,
  WebhookEventType,
  WebhookPayload,
} from '@northstar/core';
import { QUERY_INTERVALS, QUERY_METRICS } from '@northstar/core';
import type { PropertyFilter } from '../src/ports/index.js';
import type { createApiKeyBodySchema } from '../src/schemas/api-key.js';
import type { webhookSchema } from '../src/schemas/documents/webhook.js';
import type { errorBodySchema, queryResponseSchema, trackBodySchema, trackedEventSchema, trackResponseSchema } from '../src/schemas/index.js';
import { eventQuerySchema } from '../src/schemas/index.js';
import type { propertyFilterSchema } from '../src/schemas/event-query-filters.js';
import type { identifyBodySchema, identifyResponseSchema } from '../src/schemas/identify.js';
import type { flagDataSchema } from '../src/schemas/documents/flag.js';
import type { userPropertyRuleSchema } from '../src/schemas/documents/targeting.js';
import type { flagsEvaluateBodySchema, flagsEvaluateResponseSchema } from '../src/schemas/flags-evaluate.js';

// The wire types of @northstar/core are written by hand (core imports neither zod nor the server); these
// assertions hold them to the server's schemas. They are checked by `npm run typecheck`, which compiles
// this file: a field added, dropped or retyped on one side only fails the build.

/** The batch form of the track body, as the schema takes it. */
type TrackBatchInput = Extract<z.input<typeof trackBodySchema>, { batch: unknown }>;

describe('the wire types of @northstar/core', () => {
  it('send nothing to /v1/track that the schema does not take, and name every field it reads', () => {
    expectTypeOf<TrackedEvent>().toExtend<z.input<typeof trackedEventSchema>>();
    expectTypeOf<keyof TrackedEvent>().toEqualTypeOf<keyof z.input<typeof trackedEventSchema>>();
    expectTypeOf<TrackBatch>().toExtend<TrackBatchInput>();
    expectTypeOf<TrackRequestBody>().toExtend<z.input<typeof trackBodySchema>>();
  });

  it('read the answer of /v1/track exactly as the schema describes it', () => {
    expectTypeOf<TrackResponse>().toEqualTypeOf<z.output<typeof trackResponseSchema>>();
  });

  it('send an identify body the schema takes', () => {
    expectTypeOf<IdentifyRequest>().toExtend<z.input<typeof identifyBodySchema>>();
    expectTypeOf<z.output<typeof identifyResponseSchema>>().toHaveProperty('event_uuid').toEqualTypeOf<string>();
  });

  it('describe the event query as the schema validates it, both ways', () => {
    expectTypeOf<EventQuery>().toExtend<z.input<typeof eventQuerySchema>>();
    expectTypeOf<z.output<typeof eventQuerySchema>>().toExtend<EventQuery>();
    expectTypeOf<keyof EventQuery>().toEqualTypeOf<keyof z.input<typeof eventQuerySchema>>();
    expectTypeOf<QueryFilter>().toExtend<z.input<typeof propertyFilterSchema>>();
    expectTypeOf<z.output<typeof propertyFilterSchema>>().toExtend<QueryFilter>();
  });

  it('read the query answer and the error body exactly as the schemas describe them', () => {
    expectTypeOf<QueryResponse>().toExtend<z.output<typeof queryResponseSchema>>();
    expectTypeOf<z.output<typeof queryResponseSchema>>().toExtend<QueryResponse>();
    expectTypeOf<ErrorBody>().toEqualTypeOf<z.output<typeof errorBodySchema>>();
  });

  it('list the metrics, intervals and filter operators the schema accepts', () => {
    expect(eventQuerySchema.shape.metric.options).toEqual([...QUERY_METRICS]);
    expect(eventQuerySchema.shape.interval.options).toEqual([...QUERY_INTERVALS]);
    expectTypeOf<QueryFilter['op']>().toEqualTypeOf<(typeof QUERY_FILTER_OPERATORS)[number]>();
  });

  it('describe a flag definition as the server stores it, so the Node SDK evaluates what it lists', () => {
    expectTypeOf<z.output<typeof flagDataSchema>>().toExtend<FlagDefinition>();
    expectTypeOf<FlagDefinition>().toExtend<z.input<typeof flagDataSchema>>();
    expectTypeOf<keyof FlagDefinition>().toEqualTypeOf<keyof z.output<typeof flagDataSchema>>();
    expectTypeOf<z.output<typeof userPropertyRuleSchema>>().toExtend<UserPropertyRule>();
  });

  it('send a flag evaluation the schema takes, and read its answer as the schema describes it', () => {
    expectTypeOf<FlagsEvaluateRequest>().toExtend<z.input<typeof flagsEvaluateBodySchema>>();
    expectTypeOf<keyof FlagsEvaluateRequest>().toEqualTypeOf<keyof z.input<typeof flagsEvaluateBodySchema>>();
    expectTypeOf<FlagsEvaluateResponse>().toEqualTypeOf<z.output<typeof flagsEvaluateResponseSchema>>();
  });

  it('name the webhook event types a webhook may subscribe to, and the scopes a secret key may hold', () => {
    expectTypeOf<NonNullable<z.output<typeof webhookSchema>['events']>[number]>().toEqualTypeOf<WebhookEventType>();
    expectTypeOf<WebhookPayload['type']>().toEqualTypeOf<WebhookEventType>();
    expectTypeOf<NonNullable<z.output<typeof createApiKeyBodySchema>['scopes']>[number]>().toEqualTypeOf<SecretKeyScope>();
  });
});

describe('the ports', () => {
  it("take a validated query's filters as they are: the schema's output is the stores' PropertyFilter", () => {
    expectTypeOf<z.output<typeof propertyFilterSchema>>().toEqualTypeOf<PropertyFilter>();
  });
});
