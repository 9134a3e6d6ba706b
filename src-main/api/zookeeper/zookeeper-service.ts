/**
 * The ZooKeeper node editor (`ZooKeeperService`): browse the whole znode space a page of children
 * at a time, read a node with its Stat, and create, set, delete through the editor's own session
 * ('kafka-dojo-node-editor'), so the controller reacts to each write as it would to zkCli's.
 */
import type { AuthData, ZooKeeperClient } from '../../core/zookeeper';
import { Code, KeeperException } from '../../core/zookeeper';
import { ApiError } from '../backend';
import type { ClusterHost } from '../cluster-host';
import { ClusterFacts } from './znode-cluster-facts';
import { CREATE_MODES, dataDto, kindOfPath, requireData, statDto, zk } from './znode-dto';
import { NODE_EDITOR_SESSION_NAME, ZnodeEditorSession } from './znode-editor-session';
import { checkZnode } from './znode-preview';
import { znodeTemplates } from './znode-templates';
import type {
  WatchConnectionDto,
  WatchSessionDto,
  ZnodeAuthDto,
  ZnodeCheckDto,
  ZnodeCheckRequestDto,
  ZnodeChildrenPageDto,
  ZnodeCreateDto,
  ZnodeDetailDto,
  ZnodeRecursiveDeleteDto,
  ZnodeSetDataDto,
  ZnodeTemplateDto,
  ZooKeeperService,
} from './zookeeper-contract';
import { kafkaText } from '../localized-text';

const MAX_PAGE = 1000;
/** Sorted children lists kept, by parent: paging a node of 100,000 children reads them once. */
const CACHED_PARENTS = 8;
/** Deletes submitted together in a recursive delete (one group commit's worth, then a pause). */
const DELETE_CHUNK = 250;

/** The owner shown for a session an outside client holds over the ZooKeeper port (zkCli, kazoo, …). */
export const OUTSIDE_CLIENT = 'outside client';

const childPath = (parent: string, name: string): string => (parent === '/' ? `/${name}` : `${parent}/${name}`);

export class ZooKeeperServiceImpl implements ZooKeeperService {
  private current: { cluster: unknown; session: Promise<ZnodeEditorSession> } | null = null;
  private readonly childrenCache = new Map<string, { cversion: number; pzxid: number; children: string[] }>();
  /** What `addauth` gave the editor in this workspace: every new editor session is given it again. */
  private auth: { cluster: unknown; authInfo: AuthData[] } | null = null;

  constructor(private readonly host: ClusterHost) {
    host.onClose(() => this.closeSession());
  }

  async children(path: string, offset: number, limit: number): Promise<ZnodeChildrenPageDto> {
    const client = await this.client();
    const read = await this.sortedChildren(client, path);
    if (read === null) return { path, children: [], offset: 0, total: 0, exists: false, pzxid: -1 };
    const names = read.children;
    const start = Math.max(0, Math.floor(offset));
    const page = names.slice(start, start + Math.min(MAX_PAGE, Math.max(1, Math.floor(limit))));
    const stats = await Promise.all(page.map((name) => client.exists(childPath(path, name)).catch(() => null)));
    const children = page.flatMap((name, i) => {
      const stat = stats[i];
      return stat ? [{ name, path: childPath(path, name), numChildren: stat.numChildren, ephemeral: stat.ephemeralOwner !== 0n }] : [];
    });
    return { path, children, offset: start, total: names.length, exists: true, pzxid: read.pzxid };
  }

  async get(path: string): Promise<ZnodeDetailDto | null> {
    return this.read(await this.client(), path);
  }

  async create(request: ZnodeCreateDto): Promise<ZnodeDetailDto> {
    const mode = CREATE_MODES[request.mode];
    if (mode === undefined)
      throw new ApiError(
        'INVALID_INPUT',
        { en: `Unknown create mode ${String(request.mode)}.`, 'zh-CN': `未知的创建模式 ${String(request.mode)}。` },
        'mode',
      );
    const data = requireData(request.data, request.encoding);
    const client = await this.client();
    const created = await zk(() => client.create(request.path, data, { mode }));
    return this.readAfterWrite(client, created.path);
  }

  async setData(request: ZnodeSetDataDto): Promise<ZnodeDetailDto> {
    const data = requireData(request.data, request.encoding);
    const client = await this.client();
    await zk(() => client.setData(request.path, data, request.version));
    return this.readAfterWrite(client, request.path);
  }

  async delete(path: string, version: number): Promise<void> {
    const client = await this.client();
    await zk(() => client.delete(path, version));
  }

  async previewDeleteRecursive(path: string, limit: number): Promise<ZnodeRecursiveDeleteDto> {
    const all = await this.subtree(await this.client(), path);
    return { paths: all.slice(0, Math.max(0, limit)), total: all.length };
  }

  async deleteRecursive(path: string): Promise<{ deleted: number }> {
    const client = await this.client();
    const all = await this.subtree(client, path);
    let deleted = 0;
    // Deepest first, as ZKUtil.deleteRecursive: the pipeline keeps their order, so a parent's
    // delete in the same chunk comes after its children's.
    for (let i = 0; i < all.length; i += DELETE_CHUNK) {
      const results = await Promise.allSettled(all.slice(i, i + DELETE_CHUNK).map((p) => client.delete(p)));
      for (const r of results) {
        if (r.status === 'fulfilled') deleted++;
        else if (!(r.reason instanceof KeeperException && r.reason.code === Code.NONODE)) await zk(() => Promise.reject(r.reason as Error));
      }
    }
    return { deleted };
  }

  async check(request: ZnodeCheckRequestDto): Promise<ZnodeCheckDto> {
    const client = await this.client();
    const { cluster } = this.host.require();
    return checkZnode(request, new ClusterFacts(client, cluster, cluster.zookeeperAuthOf(client.sessionId)));
  }

  async templates(): Promise<ZnodeTemplateDto[]> {
    return znodeTemplates();
  }

  async watches(): Promise<WatchSessionDto[]> {
    const { cluster } = this.host.require();
    const owners = new Map<bigint, string>();
    for (const broker of cluster.brokers()) {
      if (broker.sessionId !== null)
        owners.set(broker.sessionId, broker.isController ? `broker-${broker.id} (controller)` : `broker-${broker.id}`);
    }
    owners.set((await this.client()).sessionId, NODE_EDITOR_SESSION_NAME);
    const ui = await this.host.zk();
    owners.set(ui.sessionId, ui.name);
    return cluster
      .zookeeperSessions()
      .sort((a, b) => (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0))
      .map(({ sessionId, watches, connection: c }) => {
        const connection: WatchConnectionDto | null = c ? { address: c.address, timeoutMs: c.timeoutMs } : null;
        const owner = owners.get(sessionId) ?? (connection ? OUTSIDE_CLIENT : 'unknown client');
        return {
          sessionId: `0x${sessionId.toString(16)}`,
          owner,
          data: [...watches.data],
          child: [...watches.child],
          persistent: [...watches.persistent],
          recursive: [...watches.recursive],
          connection,
        };
      });
  }

  async addAuth(scheme: string, auth: string): Promise<ZnodeAuthDto> {
    if (typeof scheme !== 'string' || scheme.trim() === '')
      throw new ApiError(
        'INVALID_INPUT',
        { en: 'addauth needs a scheme (digest, ip).', 'zh-CN': 'addauth 需要一个认证方案（digest、ip）。' },
        'scheme',
      );
    if (typeof auth !== 'string')
      throw new ApiError(
        'INVALID_INPUT',
        { en: 'addauth needs the auth text (digest: user:password).', 'zh-CN': 'addauth 需要认证内容（digest 方案：user:password）。' },
        'auth',
      );
    const client = await this.client();
    const { cluster } = this.host.require();
    // zkCli sends the argument as its UTF-8 bytes (AddAuthCommand).
    await zk(() => client.addAuthInfo(scheme, auth));
    if (this.auth?.cluster !== cluster) this.auth = { cluster, authInfo: [] };
    this.auth.authInfo.push({ scheme, auth });
    const identities = cluster.zookeeperAuthOf(client.sessionId).map((a) => ({ scheme: a.scheme, id: a.id }));
    return { sessionId: client.sessionIdHex, identities };
  }

  // ---- internals ----

  private async client(): Promise<ZooKeeperClient> {
    const { cluster } = this.host.require();
    const current = this.current;
    if (current?.cluster === cluster) {
      const session = await current.session;
      if (session.client.state === 'CONNECTED') return session.client;
    }
    void this.closeSession();
    this.childrenCache.clear();
    const authInfo = this.auth?.cluster === cluster ? this.auth.authInfo : [];
    const session = ZnodeEditorSession.open(cluster, (push) => this.host.push(push), authInfo);
    this.current = { cluster, session };
    return (await session).client;
  }

  private async closeSession(): Promise<void> {
    const current = this.current;
    this.current = null;
    if (current) await (await current.session.catch(() => null))?.close();
  }

  private async read(client: ZooKeeperClient, path: string): Promise<ZnodeDetailDto | null> {
    try {
      const { data, stat } = await client.getData(path);
      return { path, data: dataDto(data), stat: statDto(stat), kind: kindOfPath(path) };
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NONODE) return null;
      return zk(() => Promise.reject(e as Error));
    }
  }

  /** A node just written; gone already (an ephemeral's owner, the controller) is NoNode. */
  private async readAfterWrite(client: ZooKeeperClient, path: string): Promise<ZnodeDetailDto> {
    const read = await this.read(client, path);
    // Kafka's text: ZooKeeper's NoNode.
    if (read === null) throw new ApiError('NONODE', kafkaText(`KeeperErrorCode = NoNode for ${path}`), 'path');
    return read;
  }

  /** The children of `path`, sorted (null without the node); read again only when its cversion or pzxid moved. */
  private async sortedChildren(client: ZooKeeperClient, path: string): Promise<{ children: string[]; pzxid: number } | null> {
    const stat = await zk(() => client.exists(path));
    if (stat === null) return null;
    const cached = this.childrenCache.get(path);
    if (cached && cached.cversion === stat.cversion && cached.pzxid === stat.pzxid) return cached;
    const read = await client.getChildren(path).catch((e: unknown) => {
      if (e instanceof KeeperException && e.code === Code.NONODE) return null;
      return zk(() => Promise.reject(e as Error));
    });
    if (read === null) return null;
    const entry = { cversion: read.stat.cversion, pzxid: read.stat.pzxid, children: read.children };
    this.childrenCache.delete(path);
    this.childrenCache.set(path, entry);
    if (this.childrenCache.size > CACHED_PARENTS) this.childrenCache.delete(this.childrenCache.keys().next().value as string);
    return entry;
  }

  /** `path` and every node under it, deepest level first (the order a recursive delete needs). */
  private async subtree(client: ZooKeeperClient, path: string): Promise<string[]> {
    await zk(() => client.getData(path));
    const levels: string[][] = [[path]];
    for (;;) {
      const parents = levels[levels.length - 1];
      const next: string[] = [];
      for (let i = 0; i < parents.length; i += DELETE_CHUNK) {
        const reads = await Promise.all(
          parents.slice(i, i + DELETE_CHUNK).map((p) =>
            client
              .getChildren(p)
              .then((r) => r.children.map((c) => childPath(p, c)))
              .catch(() => []),
          ),
        );
        for (const r of reads) next.push(...r);
      }
      if (next.length === 0) break;
      levels.push(next);
    }
    return levels.reverse().flat();
  }
}
