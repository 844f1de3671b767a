import type { AccountPatch, AccountRecord, ConfigStore, NewAccount } from '@northstar/server';
import { TABLES } from './sql-config-context.js';
import type { SqlConfigContext } from './sql-config-context.js';
import { orConflict } from './sql-conflicts.js';
import { toIso, toNumber } from './sql-values.js';

type AccountMethods = Pick<ConfigStore, 'createAccount' | 'getAccount' | 'findAccountByEmail' | 'updateAccount'>;

interface AccountRow {
  id: number;
  email: string;
  email_normalized: string;
  name: string | null;
  password_hash: string;
  created_at: number | string;
  updated_at: number | string;
}

/** Emails are unique in lower case: the `email_normalized` column, byte-exact. */
const normaliseEmail = (email: string): string => email.toLowerCase();

const toAccount = (row: AccountRow): AccountRecord => ({
  id: toNumber(row.id),
  email: row.email,
  name: row.name,
  password_hash: row.password_hash,
  created_at: toIso(row.created_at),
  updated_at: toIso(row.updated_at),
});

export function sqlAccounts({ db, dialect, now }: SqlConfigContext): AccountMethods {
  const accounts = () => db<AccountRow>(TABLES.accounts);
  const get = async (id: number): Promise<AccountRecord | undefined> => {
    const row = await accounts().where('id', id).first();
    return row && toAccount(row);
  };

  return {
    async createAccount(input: NewAccount): Promise<AccountRecord> {
      const at = now();
      const row = {
        email: input.email,
        email_normalized: normaliseEmail(input.email),
        name: input.name ?? null,
        password_hash: input.password_hash,
        created_at: at,
        updated_at: at,
      };
      const [id] = await orConflict(dialect, 'account_email', async () => accounts().insert(row));
      return toAccount({ ...row, id: toNumber(id ?? 0) });
    },

    getAccount: get,

    async findAccountByEmail(email: string): Promise<AccountRecord | undefined> {
      const row = await accounts().where('email_normalized', normaliseEmail(email)).first();
      return row && toAccount(row);
    },

    async updateAccount(id: number, patch: AccountPatch): Promise<AccountRecord | undefined> {
      const changes: Partial<AccountRow> = { updated_at: now() };
      if (patch.email !== undefined) {
        changes.email = patch.email;
        changes.email_normalized = normaliseEmail(patch.email);
      }
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.password_hash !== undefined) changes.password_hash = patch.password_hash;
      await orConflict(dialect, 'account_email', async () => accounts().where('id', id).update(changes));
      // Read back rather than trust affected rows, which MySQL may count as changed rather than matched.
      return get(id);
    },
  };
}
