import type { z } from 'zod';
import { requireOwner } from '../../access/project-standing.js';
import type { ProjectAccess } from '../../access/principal.js';
import { storeNewAccount } from '../../auth/create-account.js';
import type { ScryptCost } from '../../auth/password-hash.js';
import { HttpError, NotFoundError } from '../../errors/index.js';
import type { ConfigStore, MemberRole, MembershipRecord } from '../../ports/index.js';
import { memberView } from '../../schemas/member.js';
import type { addMemberBodySchema, MemberView } from '../../schemas/member.js';

export type AddMemberInput = z.output<typeof addMemberBodySchema>;

const LAST_OWNER = 'A project needs at least one owner: make another member owner first';

export interface MemberServiceDeps {
  config: ConfigStore;
  /** Cost of the password hash of an account created with its membership. @default DEFAULT_SCRYPT_COST */
  passwordHashCost: ScryptCost | undefined;
}

/**
 * Members of a project, for a caller with admin standing (`access`). Only an owner may grant the owner
 * role or demote or remove an owner, and the last owner stays (409).
 */
export function memberService({ config, passwordHashCost }: MemberServiceDeps) {
  const ownerCount = async (projectId: number): Promise<number> =>
    (await config.listProjectMembers(projectId)).filter((member) => member.role === 'owner').length;
  const view = async (membership: MembershipRecord): Promise<MemberView | undefined> => {
    const account = await config.getAccount(membership.account_id);
    return account && memberView(membership, account);
  };
  const load = async (accountId: number, projectId: number): Promise<MembershipRecord> => {
    const membership = await config.getMembership(accountId, projectId);
    if (!membership) throw new NotFoundError('Member not found');
    return membership;
  };

  return {
    /** Every member with its role, by account id. */
    async list(projectId: number): Promise<{ items: MemberView[] }> {
      const items = await Promise.all((await config.listProjectMembers(projectId)).map(view));
      return { items: items.filter((item) => item !== undefined) };
    },

    /** Adds the account of an email (with a password: creates the account first); 404 for an unknown email without one. */
    async add(projectId: number, access: ProjectAccess, input: AddMemberInput): Promise<MemberView> {
      if (input.role === 'owner') requireOwner(access, 'grant the owner role');
      const account =
        input.password === undefined
          ? await config.findAccountByEmail(input.email)
          : await storeNewAccount(config, { email: input.email, password: input.password, name: input.name }, passwordHashCost);
      if (!account) throw new NotFoundError('No account has this email; give a password to create it');
      const membership = await config.addMembership({ account_id: account.id, project_id: projectId, role: input.role });
      return memberView(membership, account);
    },

    /** Changes a member's role. */
    async setRole(projectId: number, access: ProjectAccess, accountId: number, role: MemberRole): Promise<MemberView> {
      const current = await load(accountId, projectId);
      if (current.role !== role && (current.role === 'owner' || role === 'owner'))
        requireOwner(access, current.role === 'owner' ? 'demote an owner' : 'grant the owner role');
      if (current.role === 'owner' && role !== 'owner' && (await ownerCount(projectId)) <= 1) throw new HttpError(409, LAST_OWNER);
      const updated = await config.setMembershipRole(current.account_id, projectId, role);
      const shown = updated && (await view(updated));
      if (!shown) throw new NotFoundError('Member not found');
      return shown;
    },

    /** Removes a member from the project; the account stays. */
    async remove(projectId: number, access: ProjectAccess, accountId: number): Promise<void> {
      const current = await load(accountId, projectId);
      if (current.role === 'owner') {
        requireOwner(access, 'remove an owner');
        if ((await ownerCount(projectId)) <= 1) throw new HttpError(409, LAST_OWNER);
      }
      if (!(await config.removeMembership(current.account_id, projectId))) throw new NotFoundError('Member not found');
    },
  };
}

export type MemberService = ReturnType<typeof memberService>;
