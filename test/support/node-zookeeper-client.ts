/**
 * node-zookeeper-client 1.1.3 (an npm dev dependency, pure JS, no types of its own) with the few
 * interfaces its wire tests and the ZooKeeper wire benchmark use, and promises over its callbacks.
 */
import { createRequire } from 'node:module';

export interface NzkStat {
  readonly version: number;
  readonly cversion: number;
  readonly aversion: number;
  readonly numChildren: number;
  readonly ephemeralOwner: Buffer;
  readonly dataLength: number;
}

export interface NzkId {
  readonly scheme: string;
  readonly id: string;
}

export interface NzkAcl {
  readonly permission: number;
  readonly id: NzkId;
}

export interface NzkEvent {
  readonly type: number;
  readonly name: string;
  readonly path: string;
  getType(): number;
  getName(): string;
  getPath(): string;
}

export interface NzkError extends Error {
  readonly code: number;
  getCode(): number;
}

type Callback<T extends unknown[]> = (error: NzkError | null, ...result: T) => void;
type Watcher = (event: NzkEvent) => void;

interface NzkTransaction {
  create(path: string, data?: Buffer | null, acls?: NzkAcl[], mode?: number): NzkTransaction;
  setData(path: string, data: Buffer | null, version?: number): NzkTransaction;
  check(path: string, version?: number): NzkTransaction;
  remove(path: string, version?: number): NzkTransaction;
  commit(callback: Callback<[Array<{ type: number; path?: string; stat?: NzkStat; err?: number }>]>): void;
}

export interface NzkRawClient {
  connect(): void;
  close(): void;
  once(event: 'connected' | 'disconnected' | 'expired' | 'authenticationFailed', listener: () => void): void;
  on(event: 'connected' | 'disconnected' | 'expired' | 'authenticationFailed', listener: () => void): void;
  on(event: 'state', listener: (state: { name: string; code: number }) => void): void;
  getSessionId(): Buffer;
  getSessionPassword(): Buffer;
  getSessionTimeout(): number;
  addAuthInfo(scheme: string, auth: Buffer): void;
  create(path: string, data: Buffer | null, acls: NzkAcl[], mode: number, callback: Callback<[string]>): void;
  remove(path: string, version: number, callback: Callback<[]>): void;
  setData(path: string, data: Buffer | null, version: number, callback: Callback<[NzkStat]>): void;
  getData(path: string, watcher: Watcher | undefined, callback: Callback<[Buffer | undefined, NzkStat]>): void;
  exists(path: string, watcher: Watcher | undefined, callback: Callback<[NzkStat | null]>): void;
  getChildren(path: string, watcher: Watcher | undefined, callback: Callback<[string[], NzkStat]>): void;
  getACL(path: string, callback: Callback<[NzkAcl[], NzkStat]>): void;
  setACL(path: string, acls: NzkAcl[], version: number, callback: Callback<[NzkStat]>): void;
  transaction(): NzkTransaction;
}

interface NzkModule {
  createClient(
    connectionString: string,
    options?: { sessionTimeout?: number; spinDelay?: number; retries?: number; sessionId?: Buffer; sessionPassword?: Buffer },
  ): NzkRawClient;
  ACL: new (permission: number, id: NzkId) => NzkAcl;
  Id: new (scheme: string, id: string) => NzkId;
  Permission: { READ: number; WRITE: number; CREATE: number; DELETE: number; ADMIN: number; ALL: number };
  CreateMode: { PERSISTENT: number; EPHEMERAL: number; PERSISTENT_SEQUENTIAL: number; EPHEMERAL_SEQUENTIAL: number };
  Event: { NODE_CREATED: number; NODE_DELETED: number; NODE_DATA_CHANGED: number; NODE_CHILDREN_CHANGED: number };
  Exception: Record<string, number>;
}

export const nzk = createRequire(import.meta.url)('node-zookeeper-client') as NzkModule;

export const OPEN_ACL_UNSAFE: NzkAcl[] = [new nzk.ACL(nzk.Permission.ALL, new nzk.Id('world', 'anyone'))];

const settle =
  <T extends unknown[], R>(resolve: (r: R) => void, reject: (e: Error) => void, pick: (...r: T) => R): Callback<T> =>
  (error, ...result) =>
    error ? reject(error) : resolve(pick(...result));

/** One session of node-zookeeper-client, its callbacks as promises (many may be in flight at once). */
export class NzkClient {
  private constructor(readonly raw: NzkRawClient) {}

  /** Connects to `connectString` and waits for the session to be established. */
  static async connect(
    connectString: string,
    options: { sessionTimeoutMs?: number; sessionId?: Buffer; sessionPassword?: Buffer } = {},
  ): Promise<NzkClient> {
    const raw = nzk.createClient(connectString, {
      sessionTimeout: options.sessionTimeoutMs ?? 30_000,
      spinDelay: 100,
      retries: 2,
      sessionId: options.sessionId,
      sessionPassword: options.sessionPassword,
    });
    const connected = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`node-zookeeper-client did not connect to ${connectString} in 60 s`)), 60_000);
      raw.once('connected', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    raw.connect();
    await connected;
    return new NzkClient(raw);
  }

  /** The session id as ZooKeeper prints it (`0x…`, no leading zeros). */
  get sessionIdHex(): string {
    return `0x${this.raw.getSessionId().readBigUInt64BE().toString(16)}`;
  }

  create(path: string, data: Buffer | null = null, mode = nzk.CreateMode.PERSISTENT, acls = OPEN_ACL_UNSAFE): Promise<string> {
    return new Promise((resolve, reject) =>
      this.raw.create(
        path,
        data,
        acls,
        mode,
        settle(resolve, reject, (p: string) => p),
      ),
    );
  }

  remove(path: string, version = -1): Promise<void> {
    return new Promise((resolve, reject) =>
      this.raw.remove(
        path,
        version,
        settle(resolve, reject, () => undefined),
      ),
    );
  }

  setData(path: string, data: Buffer | null, version = -1): Promise<NzkStat> {
    return new Promise((resolve, reject) =>
      this.raw.setData(
        path,
        data,
        version,
        settle(resolve, reject, (s: NzkStat) => s),
      ),
    );
  }

  getData(path: string, watcher?: Watcher): Promise<{ data: Buffer | undefined; stat: NzkStat }> {
    return new Promise((resolve, reject) =>
      this.raw.getData(
        path,
        watcher,
        settle(resolve, reject, (data: Buffer | undefined, stat: NzkStat) => ({ data, stat })),
      ),
    );
  }

  exists(path: string, watcher?: Watcher): Promise<NzkStat | null> {
    return new Promise((resolve, reject) =>
      this.raw.exists(
        path,
        watcher,
        settle(resolve, reject, (s: NzkStat | null) => s),
      ),
    );
  }

  getChildren(path: string, watcher?: Watcher): Promise<string[]> {
    return new Promise((resolve, reject) =>
      this.raw.getChildren(
        path,
        watcher,
        settle(resolve, reject, (children: string[]) => children),
      ),
    );
  }

  getACL(path: string): Promise<NzkAcl[]> {
    return new Promise((resolve, reject) =>
      this.raw.getACL(
        path,
        settle(resolve, reject, (acls: NzkAcl[]) => acls),
      ),
    );
  }

  setACL(path: string, acls: NzkAcl[], version = -1): Promise<NzkStat> {
    return new Promise((resolve, reject) =>
      this.raw.setACL(
        path,
        acls,
        version,
        settle(resolve, reject, (s: NzkStat) => s),
      ),
    );
  }

  /** Runs `build` on a transaction and commits it (one multi request). */
  multi(build: (t: NzkTransaction) => NzkTransaction): Promise<Array<{ type: number; path?: string; stat?: NzkStat; err?: number }>> {
    return new Promise((resolve, reject) => build(this.raw.transaction()).commit(settle(resolve, reject, (results) => results)));
  }

  close(): void {
    this.raw.close();
  }
}

/** The error code node-zookeeper-client's promise rejected with (ZooKeeper's, e.g. -101 NONODE). */
export async function nzkErrorCode(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (e) {
    return (e as NzkError).getCode();
  }
  throw new Error('expected the request to fail');
}
