/** The URL of a lazy chunk of the CDN script: beside the SDK script when its URL is known, else under the endpoint's `/sdk/`. */
export function chunkUrl(file: string, scriptSrc: string | null | undefined, endpoint: string): string {
  try {
    if (scriptSrc) return new URL(file, scriptSrc).href;
  } catch {
    // Not a URL: the endpoint's copy below.
  }
  return `${endpoint}/sdk/${file}`;
}

/** One load per global per page, shared by the instances that ask; forgotten when it fails, so a later call tries again. */
const loading = new Map<string, Promise<unknown>>();

/**
 * Loads a chunk of the CDN script by a `<script>` tag (with the CSP `nonce`, when given) and resolves with
 * what it leaves on `window[global]`: an IIFE cannot `import()` a chunk of its own, and a classic script
 * runs before its `load` event, so the global is set when `onload` reads it.
 */
export function loadChunk<T>(src: string, global: string, nonce: string | undefined): Promise<T> {
  const w = window as unknown as Record<string, T | undefined>;
  const ready = w[global];
  if (ready) return Promise.resolve(ready);
  let load = loading.get(global) as Promise<T> | undefined;
  if (!load) {
    load = new Promise<T>((resolve, reject) => {
      const script = document.createElement('script');
      const fail = (): void => {
        loading.delete(global);
        script.remove();
        reject(new Error(`no chunk at ${src}`));
      };
      script.src = src;
      script.async = true;
      if (nonce) script.nonce = nonce;
      script.onload = () => {
        const api = w[global];
        if (api) resolve(api);
        else fail();
      };
      script.onerror = fail;
      document.head.appendChild(script);
    });
    loading.set(global, load);
  }
  return load;
}
