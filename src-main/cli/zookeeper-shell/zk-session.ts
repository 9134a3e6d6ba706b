/**
 * The operations zkCli's commands call (`org.apache.zookeeper.ZooKeeper`'s synchronous API) over the
 * wire client: each request encoded and its reply read by the client codec the remote endpoint
 * uses, a non-zero reply code thrown as a `KeeperException` naming the path, as the Java client throws it.
 */
import type { Acl, Op, Stat } from '../../core/zookeeper';
import { CreateMode, KeeperException, type ErrorCode } from '../../core/zookeeper';
import type { ZkRequest, ZkResultMap } from '../../core/zookeeper/requests';
import { clientPath, decodeReply, encodeRequest } from '../../protocol/zookeeper/client/zk-request-codec';
import type { ZkConnectString } from '../../protocol/zookeeper/client/zk-connect-string';
import { ZooKeeperWireClient } from '../../protocol/zookeeper/client/zookeeper-wire-client';
import { Xid, ZkOpCode } from '../../protocol/zookeeper/op-codes';

export interface WatchedEventText {
  type: number;
  state: number;
  path: string | null;
}

export class ZkSession {
  private constructor(
    private readonly client: ZooKeeperWireClient,
    private readonly chroot: string | null,
  ) {}

  /** A session on the connect string's first server, its paths under the chroot if there is one. */
  static async connect(target: ZkConnectString, onEvent: (e: WatchedEventText) => void): Promise<ZkSession> {
    const { host, port } = target.servers[0];
    const strip = (e: WatchedEventText) => onEvent({ ...e, path: e.path === null ? null : clientPath(e.path, target.chroot) });
    return new ZkSession(await ZooKeeperWireClient.connect(host, port, { sessionTimeoutMs: 30000, onNotification: strip }), target.chroot);
  }

  /** One request through the jute codec; a non-zero reply code thrown naming the path asked about. */
  private async call<R extends ZkRequest>(req: R): Promise<ZkResultMap[R['op']]> {
    const encoded = encodeRequest(req, this.chroot)!;
    const reply = decodeReply(req, await this.client.request(encoded.type, encoded.body, encoded.xid), this.chroot);
    if (reply.err !== 0) throw new KeeperException(reply.err, 'path' in req ? req.path : undefined);
    return reply.value as ZkResultMap[R['op']];
  }

  async getChildren(path: string, watch: boolean): Promise<{ children: string[]; stat: Stat }> {
    return this.call({ op: 'getChildren', path, watch });
  }

  /** The children's names, as ZKUtil walks a subtree (`ls -R`, `deleteall`). */
  async childNames(path: string): Promise<string[]> {
    return (await this.getChildren(path, false)).children;
  }

  async getData(path: string, watch: boolean): Promise<{ data: Buffer | null; stat: Stat }> {
    const { data, stat } = await this.call({ op: 'getData', path, watch });
    return { data: data === null ? null : Buffer.from(data), stat };
  }

  async exists(path: string, watch: boolean): Promise<Stat | null> {
    return this.call({ op: 'exists', path, watch });
  }

  async create(path: string, data: Buffer | null, acl: readonly Acl[], flags: number): Promise<string> {
    return (await this.call({ op: 'create', path, data, acl, mode: flags as (typeof CreateMode)[keyof typeof CreateMode] })).path;
  }

  async setData(path: string, data: Buffer, version: number): Promise<Stat> {
    return this.call({ op: 'setData', path, data, version });
  }

  async delete(path: string, version: number): Promise<void> {
    await this.call({ op: 'delete', path, version });
  }

  /** Deletes in one multi, as ZKUtil.deleteRecursive batches them; true when every delete succeeded. */
  async deleteMulti(paths: readonly string[]): Promise<boolean> {
    const ops: Op[] = paths.map((path) => ({ type: 'delete', path, version: -1 }));
    const req = { op: 'multi', ops } as const;
    const encoded = encodeRequest(req, this.chroot)!;
    const reply = decodeReply(req, await this.client.request(encoded.type, encoded.body), this.chroot);
    return reply.err === 0;
  }

  async getAcl(path: string): Promise<{ acl: Acl[]; stat: Stat }> {
    return this.call({ op: 'getACL', path });
  }

  async setAcl(path: string, acl: readonly Acl[], version: number): Promise<Stat> {
    return this.call({ op: 'setACL', path, acl, version });
  }

  async sync(path: string): Promise<number> {
    const req = { op: 'sync', path } as const;
    const encoded = encodeRequest(req, this.chroot)!;
    return (await this.client.request(encoded.type, encoded.body)).err;
  }

  /** False when the server answered AUTHFAILED (and then closes the connection). */
  async addAuth(scheme: string, auth: Buffer | null): Promise<boolean> {
    const reply = await this.client.request(ZkOpCode.auth, (w) => w.int(0).ustring(scheme).buffer(auth), Xid.AUTH);
    return reply.err === 0;
  }

  async whoAmI(): Promise<Array<{ scheme: string; user: string }>> {
    const reply = await this.client.request(ZkOpCode.whoAmI);
    if (reply.err !== 0) throw new KeeperException(reply.err as ErrorCode);
    const r = reply.body;
    return r.vector('clientInfo', 8, () => ({ scheme: r.ustring('authScheme') ?? '', user: r.ustring('user') ?? '' })) ?? [];
  }

  async close(): Promise<void> {
    if (!this.client.closed) await this.client.request(ZkOpCode.closeSession).catch(() => undefined);
    this.client.close();
  }
}
