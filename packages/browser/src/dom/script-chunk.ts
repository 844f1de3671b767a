// The CDN script's lazy chunks (web vitals, the replay recorder): IIFE files beside the SDK script that hand
// what they hold to the SDK on a global of their own.

/** The URL of the chunk `file`: beside the SDK script when its URL is known, else under the endpoint's `/sdk/`. */
export function chunkUrl(file: string, scriptSrc: string | null | undefined, endpoint: string): string {
  try {
    if (scriptSrc) return new URL(file, scriptSrc).href;
  } catch {
    // Not a URL: the endpoint's copy below.
  }
  return `${endpoint}/sdk/${file}`;
}

/** One load per chunk URL and page, shared by the instances that ask for it; forgotten when it fails, so a later setup tries again. */
const loading = new Map<string, Promise<unknown>>();

/**
 * Loads the chunk at `src` by a `<script>` tag (with the CSP `nonce`, when given) and resolves with what
 * `read` finds on the global it sets: an IIFE cannot `import()` a chunk of its own, and a classic script runs
 * before its `load` event, so the global is set when `onload` reads it.
 */
export function loadScriptChunk<T>(src: string, nonce: string | undefined, read: () => T | undefined): Promise<T> {
  const ready = read();
  if (ready) return Promise.resolve(ready);
  let load = loading.get(src) as Promise<T> | undefined;
  if (!load) {
    load = new Promise<T>((resolve, reject) => {
      const script = document.createElement('script');
      const fail = (): void => {
        loading.delete(src);
        script.remove();
        reject(new Error(`no chunk at ${src}`));
      };
      script.src = src;
      script.async = true;
      if (nonce) script.nonce = nonce;
      script.onload = () => {
        const api = read();
        if (api) resolve(api);
        else fail();
      };
      script.onerror = fail;
      document.head.appendChild(script);
    });
    loading.set(src, load);
  }
  return load;
}
