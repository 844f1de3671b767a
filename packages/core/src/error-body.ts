/** Every error response of the service has this shape (spec 7). */
export interface ErrorBody {
  error: string;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';
}
