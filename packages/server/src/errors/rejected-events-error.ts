import { BadRequestError, type RejectedEvent } from '@northstar/core';

/** 400 for a track body in which no event is usable; carries the per-event reasons. */
export class RejectedEventsError extends BadRequestError {
  override name = 'RejectedEventsError';
  constructor(
    message: string,
    readonly rejected: RejectedEvent[],
  ) {
    super(message);
  }
}
