import { createHash } from 'node:crypto';
import { javaSplit, parseJavaIntOrNull } from '../common/java-lang';
import { Code, KeeperException } from './errors';
import type { Acl } from './types';
import { Perms } from './types';

/**
 * ZooKeeper's ACL checks as a 3.8 server makes them with its default providers (`ip` and
 * `digest`, ProviderRegistry.initialize): `ZooKeeperServer.checkACL`, `PrepRequestProcessor.fixupACL`,
 * `DigestAuthenticationProvider`, `IPAuthenticationProvider`.
 */

/** An authenticated identity of a connection (`org.apache.zookeeper.data.Id`). */
export interface AuthId {
  readonly scheme: string;
  readonly id: string;
}

/** The id of `zookeeper.DigestAuthenticationProvider.superDigest`: every check passes. */
const SUPER: AuthId = Object.freeze({ scheme: 'super', id: '' });

/** `DigestAuthenticationProvider.generateDigest`: `user:base64(sha1("user:password"))`. */
export function digestId(idPassword: string): string {
  const user = idPassword.split(':', 1)[0];
  return `${user}:${createHash('sha1').update(idPassword, 'utf8').digest('base64')}`;
}

/** `IPAuthenticationProvider.v4addr2Bytes`: only dotted IPv4 (the provider has no IPv6). */
function v4Bytes(addr: string): number[] | null {
  const parts = addr.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    const v = parseJavaIntOrNull(part);
    if (v === null || v < 0 || v > 255) return null;
    bytes.push(v);
  }
  return bytes;
}

/** `aclExpr` as `addr[/bits]`: the address bytes and prefix length, or null where isValid says no. */
function ipExpression(aclExpr: string): { bytes: number[]; bits: number } | null {
  const slash = aclExpr.indexOf('/');
  const bytes = v4Bytes(slash === -1 ? aclExpr : aclExpr.slice(0, slash));
  if (bytes === null) return null;
  if (slash === -1) return { bytes, bits: 32 };
  const bits = parseJavaIntOrNull(aclExpr.slice(slash + 1));
  return bits === null || bits < 0 || bits > 32 ? null : { bytes, bits };
}

function masked(bytes: readonly number[], bits: number): number[] {
  return bytes.map((b, i) => {
    const keep = Math.min(8, Math.max(0, bits - i * 8));
    return b & ((0xff << (8 - keep)) & 0xff);
  });
}

function ipMatches(id: string, aclExpr: string): boolean {
  const expr = ipExpression(aclExpr);
  const remote = v4Bytes(id);
  if (expr === null || remote === null) return false;
  const want = masked(expr.bytes, expr.bits);
  return masked(remote, expr.bits).every((b, i) => b === want[i]);
}

interface Provider {
  /** isAuthenticated(): whether an `auth` ACL may expand to this scheme's ids. */
  readonly authenticated: boolean;
  isValid(id: string): boolean;
  matches(id: string, aclExpr: string): boolean;
}

const PROVIDERS: ReadonlyMap<string, Provider> = new Map<string, Provider>([
  ['ip', { authenticated: false, isValid: (id) => ipExpression(id) !== null, matches: ipMatches }],
  // isValid splits on ':' as Java's String.split does (trailing empty parts dropped).
  ['digest', { authenticated: true, isValid: (id) => javaSplit(id, ':').length === 2, matches: (id, expr) => id === expr }],
]);

/**
 * What an AuthPacket adds to its connection (`handleAuthentication`), or null for AUTHFAILED: a
 * scheme without a provider, or digest auth without data (Java's `new String(null)` throws).
 */
export function authenticate(scheme: string, auth: Uint8Array | null, remoteAddress: string, superDigest: string | null): AuthId[] | null {
  if (scheme === 'ip') return [{ scheme: 'ip', id: remoteAddress }];
  if (scheme !== 'digest' || auth === null) return null;
  const digest = digestId(new TextDecoder('utf-8').decode(auth));
  return digest === superDigest ? [SUPER, { scheme: 'digest', id: digest }] : [{ scheme: 'digest', id: digest }];
}

function sameAcl(a: Acl, b: Acl): boolean {
  return a.perms === b.perms && a.scheme === b.scheme && a.id === b.id;
}

function isAclEntry(a: unknown): a is Acl {
  if (typeof a !== 'object' || a === null) return false;
  const { perms, scheme, id } = a as Partial<Acl>;
  return Number.isInteger(perms) && typeof scheme === 'string' && typeof id === 'string';
}

/**
 * `fixupACL`: INVALIDACL for an empty list, `world` other than `anyone`, a scheme without a
 * provider or an id it calls invalid, and `auth` without an authenticated (digest) identity; `auth`
 * becomes the connection's authenticated ids. Permissions are not checked (ZooKeeper stores any int).
 */
export function fixupAcl(path: string, authInfo: readonly AuthId[], acl: readonly Acl[] | undefined): Acl[] {
  const unique: Acl[] = [];
  for (const a of Array.isArray(acl) ? (acl as readonly unknown[]) : []) {
    if (!isAclEntry(a)) throw new KeeperException(Code.INVALIDACL, path);
    if (!unique.some((u) => sameAcl(u, a))) unique.push(a);
  }
  if (unique.length === 0) throw new KeeperException(Code.INVALIDACL, path);
  const fixed: Acl[] = [];
  for (const a of unique) {
    if (a.scheme === 'world' && a.id === 'anyone') {
      fixed.push({ perms: a.perms, scheme: a.scheme, id: a.id });
    } else if (a.scheme === 'auth') {
      const ids = authInfo.filter((cid) => PROVIDERS.get(cid.scheme)?.authenticated === true);
      if (ids.length === 0) throw new KeeperException(Code.INVALIDACL, path);
      for (const cid of ids) fixed.push({ perms: a.perms, scheme: cid.scheme, id: cid.id });
    } else {
      const provider = PROVIDERS.get(a.scheme);
      if (!provider || !provider.isValid(a.id)) throw new KeeperException(Code.INVALIDACL, path);
      fixed.push({ perms: a.perms, scheme: a.scheme, id: a.id });
    }
  }
  return fixed;
}

/** Whether `authInfo` may do `perm` on a node with `acl` (`ZooKeeperServer.checkACL` without the throw). */
export function permits(acl: readonly Acl[], perm: number, authInfo: readonly AuthId[]): boolean {
  if (acl.length === 0) return true;
  if (authInfo.some((a) => a.scheme === SUPER.scheme)) return true;
  for (const entry of acl) {
    if ((entry.perms & perm) === 0) continue;
    if (entry.scheme === 'world' && entry.id === 'anyone') return true;
    const provider = PROVIDERS.get(entry.scheme);
    if (provider && authInfo.some((a) => a.scheme === entry.scheme && provider.matches(a.id, entry.id))) return true;
  }
  return false;
}

/** `checkACL`: NOAUTH unless one entry grants `perm` to one of the identities. */
export function checkAcl(acl: readonly Acl[], perm: number, authInfo: readonly AuthId[], path: string): void {
  if (!permits(acl, perm, authInfo)) throw new KeeperException(Code.NOAUTH, path);
}

/** getACL's answer: READ or ADMIN needed; without ADMIN the digest hashes are hidden (`user:x`). */
export function aclAsSeenBy(acl: readonly Acl[], authInfo: readonly AuthId[], path: string): Acl[] {
  checkAcl(acl, Perms.READ | Perms.ADMIN, authInfo, path);
  const admin = permits(acl, Perms.ADMIN, authInfo);
  // Java's replaceAll(":.*", ":x"): every ':' to the end of its line.
  return acl.map((a) => (admin || a.scheme !== 'digest' ? { ...a } : { ...a, id: a.id.replace(/:.*/g, ':x') }));
}
