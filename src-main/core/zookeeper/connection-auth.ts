import { javaStringHashCode } from '../common/java-lang';
import { javaConcurrentHashMapOrder } from '../common/jvm-hash-order';
import type { AuthId } from './acl';
import { authenticate } from './acl';

/** The address of in-process connections (a wire server passes the peer's). */
export const LOOPBACK_ADDRESS = '127.0.0.1';

/** The jute-generated `Id.hashCode()`. */
function idHashCode(key: string): number {
  const [scheme, id] = JSON.parse(key) as [string, string];
  return (Math.imul(Math.imul(17, 37) + javaStringHashCode(scheme), 37) + javaStringHashCode(id)) | 0;
}

/**
 * A connection's identities (`ServerCnxn.authInfo`, a set over a ConcurrentHashMap): listed in
 * that map's iteration order, which is the order an `auth` ACL expands in.
 */
export class ConnectionAuth {
  private readonly keys: string[] = [];
  private listed: AuthId[] | null = null;

  constructor(remoteAddress: string) {
    // NIOServerCnxn: every connection is identified by its peer address from the start.
    this.add({ scheme: 'ip', id: remoteAddress });
  }

  add(id: AuthId): void {
    const key = JSON.stringify([id.scheme, id.id]);
    if (!this.keys.includes(key)) this.keys.push(key);
    this.listed = null;
  }

  /** `ServerCnxn.getAuthInfo()`. */
  ids(): readonly AuthId[] {
    this.listed ??= javaConcurrentHashMapOrder(this.keys, idHashCode).map((key): AuthId => {
      const [scheme, id] = JSON.parse(key) as [string, string];
      return Object.freeze({ scheme, id });
    });
    Object.freeze(this.listed);
    return this.listed;
  }
}

/**
 * The server's side of the identities: one `ConnectionAuth` per connection object, made anew when
 * the connection is (re)attached to a session, and the connections closed after AUTHFAILED.
 */
export class ConnectionAuths<C extends { readonly remoteAddress?: string }> {
  private readonly auth = new WeakMap<C, ConnectionAuth>();
  private readonly closed = new WeakSet<C>();

  constructor(private readonly superDigest: string | null) {}

  /** A connection (re)established: only its ip identity, as a new ServerCnxn. */
  reset(conn: C): void {
    this.closed.delete(conn);
    this.auth.set(conn, new ConnectionAuth(conn.remoteAddress ?? LOOPBACK_ADDRESS));
  }

  of(conn: C): ConnectionAuth {
    let auth = this.auth.get(conn);
    if (!auth) this.auth.set(conn, (auth = new ConnectionAuth(conn.remoteAddress ?? LOOPBACK_ADDRESS)));
    return auth;
  }

  /** An AuthPacket: true if taken; false for AUTHFAILED, after which the connection counts as closed. */
  add(conn: C, scheme: string, auth: Uint8Array | null): boolean {
    const ids = authenticate(scheme, auth, conn.remoteAddress ?? LOOPBACK_ADDRESS, this.superDigest);
    if (ids === null) {
      this.auth.delete(conn);
      this.closed.add(conn);
      return false;
    }
    const current = this.of(conn);
    for (const id of ids) current.add(id);
    return true;
  }

  /** Closed after AUTHFAILED: what it sent after the auth packet is never read. */
  isClosed(conn: C): boolean {
    return this.closed.has(conn);
  }
}
