/** `POST /v1/track` with the SDK key in `X-API-Key`, as a server-side client would send it. */
export function track(url: string, pk: string, body: unknown): Promise<Response> {
  return fetch(`${url}/v1/track`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': pk },
    body: JSON.stringify(body),
  });
}
