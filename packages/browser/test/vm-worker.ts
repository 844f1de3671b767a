import { resolveObjectURL } from 'node:buffer';
import { createContext, runInContext } from 'node:vm';

/** What a page or a browser may do to a worker: let it run, refuse it (by a throw, or by an `error` event as Chromium does under CSP), crash it mid-chunk, or let it hang. */
export type WorkerFate = 'runs' | 'throws' | 'refused' | 'dies-mid-chunk' | 'hangs';

interface WorkerScope {
  onmessage?: (event: { data: unknown }) => void;
}

/**
 * A stand-in for the browser's Worker (Node has none): it runs the code the page gives it — the text behind its
 * Blob URL — in a node:vm context that has what a worker has for it (CompressionStream, Response), and passes
 * messages both ways as a browser does: cloned, transferables transferred, each delivered in a task of its own.
 * `VmWorker.fate` decides what happens to the next workers created.
 */
export class VmWorker {
  static fate: WorkerFate = 'runs';
  static created: VmWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  /** Messages the worker's code was given. */
  received = 0;
  private readonly fate: WorkerFate;
  private readonly ready: Promise<WorkerScope | undefined>;

  constructor(
    readonly url: string,
    readonly options?: { name?: string },
  ) {
    this.fate = VmWorker.fate;
    if (this.fate === 'throws') throw new DOMException("Refused by the document's Content Security Policy", 'SecurityError');
    VmWorker.created.push(this);
    this.ready = this.load();
  }

  private async load(): Promise<WorkerScope | undefined> {
    if (this.fate === 'refused') {
      setImmediate(() => this.crash(''));
      return undefined;
    }
    const source = (await resolveObjectURL(this.url)?.text()) ?? '';
    const scope: WorkerScope = createContext({
      CompressionStream,
      Response,
      postMessage: (data: unknown, transfer: Transferable[] = []) => this.deliver(data, transfer),
    });
    runInContext(source, scope);
    return scope;
  }

  /** A message from the worker's code to the page. */
  private deliver(data: unknown, transfer: Transferable[]): void {
    const copy = structuredClone(data, { transfer: transfer as never });
    setImmediate(() => !this.terminated && this.onmessage?.({ data: copy }));
  }

  private crash(message: string): void {
    if (!this.terminated) this.onerror?.({ message, preventDefault: () => undefined });
  }

  postMessage(data: unknown, transfer: Transferable[] = []): void {
    if (this.terminated) return;
    const copy = structuredClone(data, { transfer: transfer as never });
    void this.ready.then((scope) =>
      setImmediate(() => {
        if (this.terminated || !scope) return;
        this.received += 1;
        if (this.fate === 'dies-mid-chunk' && this.received === 2) return this.crash('worker crashed');
        if (this.fate !== 'hangs') scope.onmessage?.({ data: copy });
      }),
    );
  }

  terminate(): void {
    this.terminated = true;
  }
}
