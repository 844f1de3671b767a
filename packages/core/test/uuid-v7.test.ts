import { describe, expect, it } from 'vitest';
import { isUuid, uuidv7 } from '../src/uuid-v7.js';

describe('uuidv7', () => {
  it('is a well-formed UUID of version 7 and the RFC variant', () => {
    const id = uuidv7();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });

  it('carries the millisecond timestamp in its first 48 bits', () => {
    const at = Date.UTC(2026, 10, 22, 12, 0, 0, 123);
    expect(parseInt(uuidv7(at).replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by creation time across milliseconds', () => {
    const ids = [uuidv7(1_000), uuidv7(2_000), uuidv7(3_000)];
    expect([...ids].sort()).toEqual(ids);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => uuidv7(42)));
    expect(ids.size).toBe(10_000);
  });
});
