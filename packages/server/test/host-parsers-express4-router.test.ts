import { expect, it, vi } from 'vitest';
import express4 from 'express4';
import { hostParserSuite } from './support/host-parsers-suite.js';

// express is a peer dependency: in an Express 4 app the router itself is an Express 4 router, which does
// not catch a rejected promise. The same expectations as host-parsers.test.ts hold with it.
vi.mock('express', () => import('express4'));

it('runs the router on Express 4', async () => {
  expect((await import('express')).default).toBe(express4);
});

hostParserSuite('Express 4, with an Express 4 router', express4);
