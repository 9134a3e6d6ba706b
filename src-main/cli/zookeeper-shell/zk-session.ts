/**
 * The operations zkCli's commands call (`org.apache.zookeeper.ZooKeeper`'s synchronous API) over the
 * wire client: each request encoded with this repository's jute records, a non-zero reply code
 * thrown as a `KeeperException` naming the path, as the Java client throws it.
 */
import type { Acl, Stat } from '../../core/zookeeper';
import { KeeperException, type ErrorCode } from '../../core/zookeeper';
import type { JuteReader } from '../../protocol/zookeeper/jute/jute-reader';
import type { JuteWriter } from '../../protocol/zookeeper/jute/jute-writer';
import { ZooKeeperWireClient, type Reply } from '../../protocol/zookeeper/client/zookeeper-wire-client';
import { Xid, ZkOpCode } from '../../protocol/zookeeper/op-codes';
import { readAcls, writeAcls } from '../../protocol/zookeeper/records';

export function readStat(r: JuteReader): Stat {
  const n = (what: string) => Number(r.long(what));
  return {
    czxid: n('czxid'), mzxid: n('mzxid'), ctime: n('ctime'), mtime: n('mtime'), version: r.int('version'), cversion: r.int('cversion'),
    aversion: r.int('aversion'), ephemeralOwner: r.long('ephemeralOwner'), dataLength: r.int('dataLength'), numChildren: r.int('numChildren'), pzxid: n('pzxid'),
  };
}

export interface WatchedEventText {
  type: number;
  state: number;
  path: string | null;
}

export class ZkSession {
  private constructor(private readonly client: ZooKeeperWireClient) {}

  static async connect(host: string, port: number, onEvent: (e: WatchedEventText) => void): Promise<ZkSession> {
    return new ZkSession(await ZooKeeperWireClient.connect(host, port, { sessionTimeoutMs: 30000, onNotification: onEvent }));
  }

  private async call(type: number, path: string | undefined, body?: (w: JuteWriter) => void, xid?: number): Promise<JuteReader> {
    const reply: Reply = await this.client.request(type, body, xid);
    if (reply.err !== 0) throw new KeeperException(reply.err as ErrorCode, path);
    return reply.body;
  }

  /** getChildren2 (12), as zkCli's `ls` asks with a Stat. */
  async getChildren(path: string, watch: boolean): Promise<{ children: string[]; stat: Stat }> {
    const r = await this.call(ZkOpCode.getChildren2, path, (w) => w.ustring(path).bool(watch));
    return { children: r.strings('children') ?? [], stat: readStat(r) };
  }

  /** getChildren (8), as ZKUtil walks a subtree (`ls -R`, `deleteall`). */
  async childNames(path: string): Promise<string[]> {
    const r = await this.call(ZkOpCode.getChildren, path, (w) => w.ustring(path).bool(false));
    return r.strings('children') ?? [];
  }

  async getData(path: string, watch: boolean): Promise<{ data: Buffer | null; stat: Stat }> {
    const r = await this.call(ZkOpCode.getData, path, (w) => w.ustring(path).bool(watch));
    return { data: r.buffer('data'), stat: readStat(r) };
  }

  async exists(path: string, watch: boolean): Promise<Stat | null> {
    try {
      return readStat(await this.call(ZkOpCode.exists, path, (w) => w.ustring(path).bool(watch)));
    } catch (e) {
      if (e instanceof KeeperException && e.code === -101) return null;
      throw e;
    }
  }

  async create(path: string, data: Buffer | null, acl: readonly Acl[], flags: number): Promise<string> {
    const type = flags === 4 ? ZkOpCode.createContainer : ZkOpCode.create;
    const r = await this.call(type, path, (w) => {
      w.ustring(path).buffer(data);
      writeAcls(w, acl);
      w.int(flags);
    });
    return r.path('path');
  }

  async setData(path: string, data: Buffer, version: number): Promise<Stat> {
    return readStat(await this.call(ZkOpCode.setData, path, (w) => w.ustring(path).buffer(data).int(version)));
  }

  async delete(path: string, version: number): Promise<void> {
    await this.call(ZkOpCode.delete, path, (w) => w.ustring(path).int(version));
  }

  /** Deletes in one multi, as ZKUtil.deleteRecursive batches them; true when every delete succeeded. */
  async deleteMulti(paths: readonly string[]): Promise<boolean> {
    const r = await this.call(ZkOpCode.multi, paths[0], (w) => {
      for (const p of paths) w.int(ZkOpCode.delete).bool(false).int(-1).ustring(p).int(-1);
      w.int(-1).bool(true).int(-1);
    });
    for (;;) {
      const type = r.int('type');
      if (r.bool('done')) return true;
      r.int('err');
      if (type === ZkOpCode.error) return false;
    }
  }

  async getAcl(path: string): Promise<{ acl: Acl[]; stat: Stat }> {
    const r = await this.call(ZkOpCode.getACL, path, (w) => w.ustring(path));
    return { acl: readAcls(r) ?? [], stat: readStat(r) };
  }

  async setAcl(path: string, acl: readonly Acl[], version: number): Promise<Stat> {
    return readStat(await this.call(ZkOpCode.setACL, path, (w) => {
      w.ustring(path);
      writeAcls(w, acl);
      w.int(version);
    }));
  }

  async sync(path: string): Promise<number> {
    const reply = await this.client.request(ZkOpCode.sync, (w) => w.ustring(path));
    return reply.err;
  }

  /** False when the server answered AUTHFAILED (and then closes the connection). */
  async addAuth(scheme: string, auth: Buffer | null): Promise<boolean> {
    const reply = await this.client.request(ZkOpCode.auth, (w) => w.int(0).ustring(scheme).buffer(auth), Xid.AUTH);
    return reply.err === 0;
  }

  async whoAmI(): Promise<Array<{ scheme: string; user: string }>> {
    const r = await this.call(ZkOpCode.whoAmI, undefined);
    return r.vector('clientInfo', 8, () => ({ scheme: r.ustring('authScheme') ?? '', user: r.ustring('user') ?? '' })) ?? [];
  }

  async close(): Promise<void> {
    if (!this.client.closed) await this.client.request(ZkOpCode.closeSession).catch(() => undefined);
    this.client.close();
  }
}
