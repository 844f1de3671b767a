import { describe, expect, it } from 'vitest';
import { migrateDatabase, storageFromUrl } from '../src/storage/storage-from-url.js';

/** A module loader in which `missing` is not installed, as Node reports it. */
function without(missing: string) {
  return (specifier: string): Promise<unknown> => {
    if (specifier === missing) return Promise.reject(Object.assign(new Error(`Cannot find package '${specifier}' imported from /app/cli.js`), { code: 'ERR_MODULE_NOT_FOUND' }));
    return import(specifier) as Promise<unknown>;
  };
}

describe('storage from a database URL, when the optional storage packages are not installed', () => {
  it.each([
    ['sqlite:/nonexistent-northstar-dir/data.db', 'npm install @northstar/adapter-sql knex better-sqlite3'],
    ['mysql://root@127.0.0.1:3306/northstar', 'npm install @northstar/adapter-sql knex mysql2'],
    ['memory:', 'npm install @northstar/adapter-memory'],
  ])('names the packages %s needs: %s', async (url, command) => {
    const missing = url === 'memory:' ? '@northstar/adapter-memory' : '@northstar/adapter-sql';
    await expect(storageFromUrl(url, true, without(missing))).rejects.toThrow(`${missing} is not installed: ${command}`);
  });

  it('says the same when migrating', async () => {
    await expect(migrateDatabase('sqlite:/nonexistent-northstar-dir/data.db', without('@northstar/adapter-sql'))).rejects.toThrow('npm install @northstar/adapter-sql knex better-sqlite3');
  });

  it('passes other loading errors through unchanged', async () => {
    const broken = () => Promise.reject(new Error('native binding failed'));
    await expect(storageFromUrl('memory:', true, broken)).rejects.toThrow('native binding failed');
  });

  it('opens memory storage with the packages installed', async () => {
    const { storage, target } = await storageFromUrl('memory:');
    expect(target.kind).toBe('memory');
    await storage.dispose?.();
  });
});
