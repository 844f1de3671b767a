import { randomBytes } from 'node:crypto';
import type { EmbedClaims, EmbedObject, EmbedTokenService } from '../../auth/embed-token.js';
import { NotFoundError, UnauthorizedError } from '../../errors/index.js';
import type { ConfigStore } from '../../ports/index.js';
import { dashboardSchema } from '../../schemas/documents/dashboard.js';
import type { DashboardData } from '../../schemas/documents/dashboard.js';
import type { PageQuery } from '../../schemas/documents/common.js';
import type { CreateEmbedBody, EmbedContent, EmbedRecordData, EmbedView } from '../../schemas/embed.js';
import type { QueryService } from '../query-service.js';
import { embedRecordOf, embedView } from './embed-records.js';
import { widgetResults } from './widget-result.js';

/** Who mints a token: a signed-in account or a secret key (stored as `created_by`). */
export type EmbedCreator = EmbedRecordData['created_by'];

/** A token just minted: its record, and the token itself (shown this once). */
export interface MintedEmbed extends EmbedView {
  token: string;
}

export interface EmbedPage {
  items: EmbedView[];
  next: number | null;
}

/** Embed tokens of a project (minted, listed and revoked by admins), and what a token opens. */
export interface EmbedService {
  /** 404 when the dashboard is not in the project or has no such widget. */
  create(projectId: number, body: CreateEmbedBody, creator: EmbedCreator): Promise<MintedEmbed>;
  /** Every token's record, revoked and expired ones included (keyset pagination by id). */
  list(projectId: number, page: PageQuery): Promise<EmbedPage>;
  /** Revokes a token at once (idempotent); 404 for an id not in the project. */
  revoke(projectId: number, id: number): Promise<void>;
  /**
   * The data a verified token opens, its saved queries run now: 404 when its dashboard or widget no
   * longer exists in the token's project, 401 when its record is revoked, expired or does not match.
   */
  contents(claims: EmbedClaims): Promise<EmbedContent>;
}

export interface EmbedServiceDeps {
  config: ConfigStore;
  /** The saved queries run through the same service as the query routes. */
  queries: QueryService;
  embedTokens: EmbedTokenService;
  /** Epoch ms. */
  clock: () => number;
}

function findWidget(dashboard: DashboardData, widgetId: string) {
  return dashboard.widgets.find((widget) => widget.id === widgetId);
}

function sameObject(record: EmbedRecordData, object: EmbedObject): boolean {
  return (
    record.object === object.kind && record.dashboard_id === object.dashboardId && record.widget_id === (object.kind === 'widget' ? object.widgetId : null)
  );
}

export function embedService({ config, queries, embedTokens, clock }: EmbedServiceDeps): EmbedService {
  const iso = (ms: number) => new Date(ms).toISOString();

  async function loadDashboard(projectId: number, id: number): Promise<DashboardData | undefined> {
    const document = await config.getDocument({ projectId, kind: 'dashboard', id });
    return document && dashboardSchema.parse(document.data);
  }

  return {
    async create(projectId, { dashboard_id, widget_id, expires_in }, creator) {
      const dashboard = await loadDashboard(projectId, dashboard_id);
      if (!dashboard) throw new NotFoundError(`No dashboard ${dashboard_id} in this project`);
      if (widget_id !== undefined && !findWidget(dashboard, widget_id)) throw new NotFoundError(`No widget ${widget_id} on dashboard ${dashboard_id}`);
      const expiresAt = Math.floor(clock() / 1000) + expires_in;
      const record: EmbedRecordData = {
        object: widget_id === undefined ? 'dashboard' : 'widget',
        dashboard_id,
        widget_id: widget_id ?? null,
        created_by: creator,
        expires_at: iso(expiresAt * 1000),
        revoked_at: null,
      };
      // 128 random bits: the record's key, so a token whose record was deleted can never match a later one.
      const tokenId = randomBytes(16).toString('base64url');
      const document = await config.createDocument({ project_id: projectId, kind: 'embed', key: tokenId, parent_id: dashboard_id, data: record });
      const object: EmbedObject =
        widget_id === undefined ? { kind: 'dashboard', dashboardId: dashboard_id } : { kind: 'widget', dashboardId: dashboard_id, widgetId: widget_id };
      const token = await embedTokens.sign({ projectId, object, tokenId, expiresAt });
      return { ...embedView(document, record), token };
    },

    async list(projectId, page) {
      const result = await config.listDocuments({ projectId, kind: 'embed', after: page.after, limit: page.limit });
      const items = result.items.flatMap((document) => {
        const record = embedRecordOf(document);
        return record ? [embedView(document, record)] : [];
      });
      return { items, next: result.next };
    },

    async revoke(projectId, id) {
      const ref = { projectId, kind: 'embed', id } as const;
      const document = await config.getDocument(ref);
      const record = document && embedRecordOf(document);
      if (!record) throw new NotFoundError(`No embed token ${id} in this project`);
      if (record.revoked_at !== null) return;
      await config.updateDocument({ ...ref, data: { ...record, revoked_at: iso(clock()) } });
    },

    async contents({ projectId, object, tokenId }) {
      // The object first: a token of a deleted dashboard or widget is 404 whatever its record says.
      const dashboard = await loadDashboard(projectId, object.dashboardId);
      if (!dashboard) throw new NotFoundError('The embedded dashboard no longer exists');
      const widget = object.kind === 'widget' ? findWidget(dashboard, object.widgetId) : undefined;
      if (object.kind === 'widget' && !widget) throw new NotFoundError('The embedded widget no longer exists');
      const document = await config.findDocumentByKey(projectId, 'embed', tokenId);
      const record = document && embedRecordOf(document);
      if (!record || !sameObject(record, object)) throw new UnauthorizedError('Invalid embed token');
      if (record.revoked_at !== null) throw new UnauthorizedError('This embed token was revoked');
      if (Date.parse(record.expires_at) <= clock()) throw new UnauthorizedError('This embed token has expired');
      const generated_at = iso(clock());
      if (widget) return { kind: 'widget', title: widget.title, description: null, generated_at, widgets: await widgetResults(queries, projectId, [widget]) };
      const widgets = await widgetResults(queries, projectId, dashboard.widgets);
      return { kind: 'dashboard', title: dashboard.name, description: dashboard.description ?? null, generated_at, widgets };
    },
  };
}
