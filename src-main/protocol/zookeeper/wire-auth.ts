/**
 * A connection's auth ids (ZooKeeper's `ServerCnxn.authInfo`): `ip:<address>` from the start, plus
 * what `auth` packets add, as ZooKeeper's two default providers (`ip`, `digest`) do. They answer
 * `whoAmI`; any other scheme fails with AUTHFAILED (no provider), and the connection is closed.
 *
 * SEAM (zk-acl): per-session auth and ACL enforcement belong to core/zookeeper. When that lands,
 * `addAuth` hands the packet to the core's session (which then checks ACLs with it) instead of
 * keeping the ids here; the digest below is then the core's.
 */
import { createHash } from 'node:crypto';
import type { ClientInfo } from './records';

export interface AuthId {
  scheme: string;
  id: string;
}

/** DigestAuthenticationProvider.generateDigest: `user:` + base64(SHA-1 of `user:password`). */
export function digestId(userPassword: string): string {
  const user = userPassword.split(':', 1)[0];
  return `${user}:${createHash('sha1').update(userPassword, 'utf8').digest('base64')}`;
}

export class WireAuth {
  private readonly ids: AuthId[];

  constructor(private readonly clientHost: string) {
    this.ids = [{ scheme: 'ip', id: clientHost }];
  }

  /** True when a provider accepted it (ZooKeeper answers OK), false for AUTHFAILED. */
  addAuth(scheme: string, auth: Buffer): boolean {
    let id: AuthId;
    if (scheme === 'digest') id = { scheme, id: digestId(auth.toString('utf8')) };
    else if (scheme === 'ip') id = { scheme, id: this.clientHost };
    else return false;
    if (!this.ids.some((x) => x.scheme === id.scheme && x.id === id.id)) this.ids.push(id);
    return true;
  }

  /** AuthUtil.getClientInfos: the digest provider names the user only. */
  clientInfos(): ClientInfo[] {
    return this.ids.map((x) => ({ authScheme: x.scheme, user: x.scheme === 'digest' ? x.id.split(':')[0] : x.id }));
  }
}
