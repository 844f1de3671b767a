import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { startNorthstarWorker } from '../src/start-worker.js';

const JWT_SECRET = 'northstar-test-secret-of-at-least-32-bytes';

describe('the worker of northstar-server worker', () => {
  it('runs the webhook delivery and the scheduled evaluations of alerts and experiments', async () => {
    const worker = await startNorthstarWorker({ storage: createMemoryStorage(), app: { jwtSecret: JWT_SECRET } });
    expect(worker.consumers).toEqual(['webhook-delivery', 'evaluations', 'replay-retention']);
    await worker.close();
  });

  it('starts the consumers registered on its app and stops them, then disposes the storage, when closed', async () => {
    const storage = createMemoryStorage();
    const dispose = vi.spyOn(storage, 'dispose');
    const worker = await startNorthstarWorker({ storage, app: { jwtSecret: JWT_SECRET } });
    const stop = vi.fn(() => Promise.resolve());
    worker.app.workers.register({ name: 'alert-evaluation', start: () => Promise.resolve(stop) });
    await worker.app.workers.start();
    await worker.close();
    expect(stop).toHaveBeenCalledOnce();
    expect(dispose).toHaveBeenCalledOnce();
  });
});
