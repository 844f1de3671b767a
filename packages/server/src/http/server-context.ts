import type { RequestHandler } from 'express';
import type { NorthstarApp } from '../app/northstar-app.js';
import type { RateLimitClass } from '../limits/rate-limit-class.js';
import type { NorthstarRouterOptions } from './options.js';

/** Everything a route module needs: the app, and what the router adds over it. Built once per router. */
export interface ServerContext extends Omit<NorthstarApp, 'options'> {
  /** The app's options and the router's HTTP options. */
  options: NorthstarRouterOptions;
  /** The app behind the router. */
  app: NorthstarApp;
  /** The limiter of a rate-limit class: 429 with `Retry-After` and `RateLimit-*` headers when exhausted. */
  rateLimit(limitClass: RateLimitClass): RequestHandler;
  /** Largest JSON body in bytes. */
  maxBodyBytes: number;
}
