import type { SecretKeyScope } from '@northstar/core';

/**
 * Configuration storage: projects, accounts, memberships, API keys, refresh tokens and a generic
 * document store. Every timestamp crossing this port is an ISO 8601 UTC string with milliseconds
 * (`2024-03-10T00:00:00.000Z`); stores normalise timestamps they are given to that form and throw a
 * `RangeError` for an unparsable one. Ids are positive integers assigned by the store, never reused.
 * Uniqueness violations throw `ConflictError`, stale versions `VersionConflictError` (both 409).
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A page of a list, in ascending id order. */
export interface Page<T> {
  items: T[];
  /** Pass as `after` to read the next page; null on the last page. */
  next: number | null;
}

/** Keyset pagination: stable while rows are added or removed between pages. */
export interface PageRequest {
  /** Only rows with an id greater than this one. @default undefined (from the start) */
  after?: number;
  /** Rows per page, clamped to 1–1000 (fractions floored). @default 50 */
  limit?: number;
}

export type ProjectPlan = 'free' | 'pro' | 'enterprise';

export interface ProjectRecord {
  id: number;
  name: string;
  plan: ProjectPlan;
  /** Free-form project settings (e.g. `cors_origins`), typed by the server's schemas. */
  settings: JsonObject;
  created_at: string;
  updated_at: string;
}

/** `settings` @default {} */
export interface NewProject {
  name: string;
  plan: ProjectPlan;
  settings?: JsonObject;
}

/** Fields left undefined keep their value; `settings` replaces the whole object. */
export type ProjectPatch = Partial<Pick<ProjectRecord, 'name' | 'plan' | 'settings'>>;

export interface AccountRecord {
  id: number;
  /** As given at creation or update; uniqueness ignores case (`email.toLowerCase()`). */
  email: string;
  name: string | null;
  /** Opaque to the store (the server's scrypt string). */
  password_hash: string;
  created_at: string;
  updated_at: string;
}

/** `name` @default null */
export interface NewAccount {
  email: string;
  password_hash: string;
  name?: string | null;
}

export type AccountPatch = Partial<Pick<AccountRecord, 'email' | 'name' | 'password_hash'>>;

export type MemberRole = 'owner' | 'admin' | 'member' | 'viewer';

/** An account's access to a project; `(account_id, project_id)` is unique. */
export interface MembershipRecord {
  account_id: number;
  project_id: number;
  role: MemberRole;
  created_at: string;
}

export type NewMembership = Omit<MembershipRecord, 'created_at'>;

export type ApiKeyKind = 'pk' | 'sk';

export interface ApiKeyRecord {
  id: number;
  project_id: number;
  kind: ApiKeyKind;
  /** A label chosen by the user; null when none. */
  name: string | null;
  /** Empty for `pk` keys; kept in the order given. */
  scopes: SecretKeyScope[];
  /** sha256 hex of the full key; the key itself is never stored. Unique. */
  hash: string;
  /** First characters of the key, shown for identification. */
  prefix: string;
  created_at: string;
  /** Null while the key is valid. */
  revoked_at: string | null;
  /** Time of the latest `touchApiKey`, or null if never used. */
  last_used_at: string | null;
}

/** A key as listed or shown: everything but the hash. */
export type ApiKeySummary = Omit<ApiKeyRecord, 'hash'>;

/** `name` @default null */
export type NewApiKey = Omit<ApiKeyRecord, 'id' | 'created_at' | 'last_used_at' | 'name'> & { name?: string | null };

export interface RefreshTokenRecord {
  id: number;
  /** Hash of the token (the token itself is never stored). Unique. */
  hash: string;
  account_id: number;
  /** Shared by a token and every token rotated from it. */
  family_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Id of the token that replaced this one on rotation. */
  replaced_by: number | null;
}

export type NewRefreshToken = Pick<RefreshTokenRecord, 'hash' | 'account_id' | 'family_id' | 'expires_at'>;

export type DocumentKind =
  | 'dashboard'
  | 'segment'
  | 'alert'
  | 'experiment'
  | 'flag'
  | 'guide'
  | 'survey'
  | 'webhook'
  | 'webhook_delivery'
  | 'survey_response'
  /** An embed token's record (key: the token id, parent: its dashboard), see docs/embeds.md. */
  | 'embed'
  /** An alert's evaluation state (key and parent: the alert's id), see docs/alerts-experiments.md. */
  | 'alert_state'
  /** One evaluation of an alert (parent: the alert), see docs/alerts-experiments.md. */
  | 'alert_history'
  /** An experiment's evaluation state (key and parent: the experiment's id), see docs/alerts-experiments.md. */
  | 'experiment_state';

/** One configuration resource; `data` is typed per kind by the server's schemas. */
export interface DocumentRecord {
  id: number;
  project_id: number;
  kind: DocumentKind;
  /** Unique per project and kind when not null (e.g. a flag key). Compared exactly (case matters). */
  key: string | null;
  /** The document this one belongs to (a delivery's webhook, a response's survey), same project. */
  parent_id: number | null;
  data: JsonObject;
  /** 1 at creation, +1 on every update. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** `key` and `parent_id` @default null */
export interface NewDocument {
  project_id: number;
  kind: DocumentKind;
  key?: string | null;
  parent_id?: number | null;
  data: JsonObject;
}

/** Addresses one document: a document of another project or kind is not found. */
export interface DocumentRef {
  projectId: number;
  kind: DocumentKind;
  id: number;
}

export interface DocumentUpdate extends DocumentRef {
  /** The version the caller read; a different current version throws `VersionConflictError`. Omit only for server-internal writes. */
  expectedVersion?: number;
  /** Replaces the whole object. @default unchanged */
  data?: JsonObject;
  /** @default unchanged */
  key?: string | null;
}

export interface DocumentListRequest extends PageRequest {
  projectId: number;
  kind: DocumentKind;
  /** Only children of this document. @default all */
  parentId?: number;
}

export interface ConfigStore {
  createProject(input: NewProject): Promise<ProjectRecord>;
  getProject(id: number): Promise<ProjectRecord | undefined>;
  /** All projects, or those `accountId` is a member of. */
  listProjects(request?: PageRequest & { accountId?: number }): Promise<Page<ProjectRecord>>;
  updateProject(id: number, patch: ProjectPatch): Promise<ProjectRecord | undefined>;
  /** Deletes the project with its API keys, memberships and documents; false when absent. */
  deleteProject(id: number): Promise<boolean>;

  /** Throws `ConflictError` when another account has the same email in any case. */
  createAccount(input: NewAccount): Promise<AccountRecord>;
  getAccount(id: number): Promise<AccountRecord | undefined>;
  /** Case-insensitive. */
  findAccountByEmail(email: string): Promise<AccountRecord | undefined>;
  /** Throws `ConflictError` when the new email is taken by another account. */
  updateAccount(id: number, patch: AccountPatch): Promise<AccountRecord | undefined>;

  /** Throws `ConflictError` when the account is already a member of the project. */
  addMembership(input: NewMembership): Promise<MembershipRecord>;
  getMembership(accountId: number, projectId: number): Promise<MembershipRecord | undefined>;
  setMembershipRole(accountId: number, projectId: number, role: MemberRole): Promise<MembershipRecord | undefined>;
  removeMembership(accountId: number, projectId: number): Promise<boolean>;
  /** Ordered by account id. */
  listProjectMembers(projectId: number): Promise<MembershipRecord[]>;
  /** Ordered by project id. */
  listAccountMemberships(accountId: number): Promise<MembershipRecord[]>;

  /** Throws `ConflictError` on a hash already stored. */
  createApiKey(input: NewApiKey): Promise<ApiKeyRecord>;
  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined>;
  getApiKey(id: number): Promise<ApiKeySummary | undefined>;
  /** Every key of the project, revoked ones included, by id; never the hashes. */
  listApiKeys(projectId: number): Promise<ApiKeySummary[]>;
  /** Marks a key revoked (the first revocation time stays); false when no key has this id. */
  revokeApiKey(id: number, revokedAt: string): Promise<boolean>;
  /** Records a use: `last_used_at` only moves forward. One cheap write; unknown ids are ignored. */
  touchApiKey(id: number, lastUsedAt: string): Promise<void>;

  /** Throws `ConflictError` on a hash already stored. */
  createRefreshToken(input: NewRefreshToken): Promise<RefreshTokenRecord>;
  /** The token as stored, expired or revoked included. */
  findRefreshTokenByHash(hash: string): Promise<RefreshTokenRecord | undefined>;
  /** Atomic: true only for the one call that revoked a live token (use it to rotate); false when unknown or already revoked. */
  revokeRefreshToken(id: number, revokedAt: string, replacedBy?: number | null): Promise<boolean>;
  /** Revokes every live token of the family; returns how many this call revoked. */
  revokeRefreshTokenFamily(familyId: string, revokedAt: string): Promise<number>;
  /** Deletes tokens with `expires_at <= now`; returns how many. */
  deleteExpiredRefreshTokens(now: string): Promise<number>;

  /** Version 1. Throws `ConflictError` when the key is taken in this project and kind. */
  createDocument(input: NewDocument): Promise<DocumentRecord>;
  getDocument(ref: DocumentRef): Promise<DocumentRecord | undefined>;
  findDocumentByKey(projectId: number, kind: DocumentKind, key: string): Promise<DocumentRecord | undefined>;
  listDocuments(request: DocumentListRequest): Promise<Page<DocumentRecord>>;
  /** Undefined when not found; `VersionConflictError` when stale; `ConflictError` when the new key is taken. */
  updateDocument(update: DocumentUpdate): Promise<DocumentRecord | undefined>;
  /** Deletes the document and its children (`parent_id`); false when not found. */
  deleteDocument(ref: DocumentRef): Promise<boolean>;
}
