import { describe, expect, it } from 'vitest';
import type { Acl } from '../../../src-main/core/zookeeper';
import type { ZkRequest } from '../../../src-main/core/zookeeper/requests';
import type { ServerConnection } from '../../../src-main/core/zookeeper/server-endpoint';
import { Code, CreateMode, KeeperState, OPEN_ACL_UNSAFE, Perms, ZooKeeperClient, digestId } from '../../../src-main/core/zookeeper';
import { ZkFixture, utf8 } from '../../support/zk-fixture';
import { EventLog, expectKeeperError, useZkFixture } from './zk-test-helpers';

/**
 * Authentication schemes (world, auth, digest, ip, super) and per-connection auth as ZooKeeper 3.8
 * has them. Digests and the order of an expanded `auth` ACL were read back from a real 3.8.0 server.
 */
const zk = useZkFixture();

const ALICE = 'alice:V55/p2T0OpjQ+low3NVAH4aLvm0=';
const BOB = 'bob:ikIaKsbtGweaHnb/jKn7OHqbunM=';
const digestAcl = (id: string, perms = Perms.ALL): Acl[] => [{ perms, scheme: 'digest', id }];
const ipAcl = (id: string): Acl[] => [{ perms: Perms.ALL, scheme: 'ip', id }];

/** A raw connection with a peer address of its choosing, as a wire server would attach one. */
async function rawSession(
  fx: ZkFixture,
  remoteAddress: string,
): Promise<{ conn: ServerConnection; run: (req: ZkRequest) => Promise<number> }> {
  const conn: ServerConnection = { notify: () => undefined, sessionEnded: () => undefined, remoteAddress };
  const { sessionId } = await fx.server.createSession(conn, 30_000);
  const run = (req: ZkRequest): Promise<number> =>
    new Promise((resolve) => fx.server.submit(sessionId, req, (reply) => resolve(reply.err)));
  return { conn, run };
}

describe('digest', () => {
  it('is user:base64(sha1(user:password)), as DigestAuthenticationProvider.generateDigest', () => {
    expect(digestId('alice:pw')).toBe(ALICE);
    expect(digestId('bob:pw')).toBe(BOB);
    expect(digestId('nocolon')).toMatch(/^nocolon:[A-Za-z0-9+/]{27}=$/);
  });

  it('lets the session that added the right password in, and nobody else', async () => {
    const alice = await zk().client();
    await alice.addAuthInfo('digest', 'alice:pw');
    await alice.create('/a', utf8('secret'), { acl: digestAcl(ALICE) });
    expect((await alice.getData('/a')).data).toEqual(utf8('secret'));
    const eve = await zk().client();
    await eve.addAuthInfo('digest', 'alice:wrong');
    await expectKeeperError(eve.getData('/a'), Code.NOAUTH, '/a');
    await expectKeeperError((await zk().client()).setData('/a', null), Code.NOAUTH);
  });

  it('getACL without ADMIN shows digests as user:x', async () => {
    const owner = await zk().client({ authInfo: [{ scheme: 'digest', auth: 'alice:pw' }] });
    await owner.create('/a', null, { acl: [...digestAcl(ALICE), { perms: Perms.READ, scheme: 'world', id: 'anyone' }] });
    const seen = await (await zk().client()).getACL('/a');
    expect(seen.acl).toEqual([...digestAcl('alice:x'), { perms: Perms.READ, scheme: 'world', id: 'anyone' }]);
    expect((await owner.getACL('/a')).acl[0].id).toBe(ALICE);
  });
});

describe('auth', () => {
  it('expands to every digest identity of the connection, in ServerCnxn.authInfo order (bob before alice, as 3.8 stores it)', async () => {
    const client = await zk().client();
    await client.addAuthInfo('digest', 'alice:pw');
    await client.addAuthInfo('digest', 'bob:pw');
    await client.addAuthInfo('digest', 'alice:pw');
    await client.create('/au', null, { acl: [{ perms: Perms.ALL, scheme: 'auth', id: 'ignored' }] });
    expect((await client.getACL('/au')).acl).toEqual([...digestAcl(BOB), ...digestAcl(ALICE)]);
  });

  it('is INVALIDACL without an authenticated identity (the ip identity does not count)', async () => {
    const client = await zk().client();
    await client.addAuthInfo('ip', null);
    await expectKeeperError(client.create('/au', null, { acl: [{ perms: Perms.ALL, scheme: 'auth', id: '' }] }), Code.INVALIDACL, '/au');
    await client.create('/n', null);
    await expectKeeperError(client.setACL('/n', [{ perms: Perms.ALL, scheme: 'auth', id: '' }]), Code.INVALIDACL);
  });
});

describe('malformed ACLs are INVALIDACL (fixupACL)', () => {
  const cases: Array<[string, Acl[]]> = [
    ['an empty list', []],
    ['world other than anyone', [{ perms: 31, scheme: 'world', id: 'other' }]],
    ['an unknown scheme', [{ perms: 31, scheme: 'kerberos', id: 'x' }]],
    ['super (no provider)', [{ perms: 31, scheme: 'super', id: '' }]],
    ['sasl (no provider on a default server)', [{ perms: 31, scheme: 'sasl', id: 'kafka' }]],
    ['a digest id without a colon', [{ perms: 31, scheme: 'digest', id: 'nocolon' }]],
    ['a digest id with two colons', [{ perms: 31, scheme: 'digest', id: 'a:b:c' }]],
    ['a digest id with an empty hash', [{ perms: 31, scheme: 'digest', id: 'x:' }]],
    ['an ip of three parts', [{ perms: 31, scheme: 'ip', id: '1.2.3' }]],
    ['an ip byte over 255', [{ perms: 31, scheme: 'ip', id: '256.0.0.1' }]],
    ['an ip prefix over 32 bits', [{ perms: 31, scheme: 'ip', id: '1.2.3.4/33' }]],
    ['an IPv6 address (the provider has only IPv4)', [{ perms: 31, scheme: 'ip', id: '::1' }]],
  ];
  for (const [name, acl] of cases) {
    it(name, async () => {
      await expectKeeperError((await zk().client()).create('/x', null, { acl }), Code.INVALIDACL, '/x');
    });
  }

  it('but any permission bits are stored (0 and 99 too), an empty digest user and a signed prefix pass', async () => {
    const client = await zk().client();
    await client.create('/p0', null, { acl: world(0) });
    await client.create('/p99', null, { acl: world(99) });
    expect((await client.getACL('/p99')).acl).toEqual(world(99));
    await client.create('/d', null, { acl: digestAcl(':x') });
    await client.create('/i', null, { acl: ipAcl('10.0.0.0/+8') });
    // Duplicates are dropped (removeDuplicates) before the list is stored.
    await client.create('/dup', null, { acl: [...OPEN_ACL_UNSAFE, ...OPEN_ACL_UNSAFE] });
    expect((await client.getACL('/dup')).acl).toEqual(OPEN_ACL_UNSAFE);
  });
});

function world(perms: number): Acl[] {
  return [{ perms, scheme: 'world', id: 'anyone' }];
}

describe('ip', () => {
  it('in-process sessions are 127.0.0.1: a 127.0.0.0/8 or /0 ACL lets them in, another address does not', async () => {
    const client = await zk().client();
    await client.create('/lo', null, { acl: ipAcl('127.0.0.0/8') });
    await client.create('/all', null, { acl: ipAcl('10.9.8.7/0') });
    await client.create('/exact', null, { acl: ipAcl('127.0.0.1') });
    await client.create('/other', null, { acl: ipAcl('10.0.0.1') });
    for (const path of ['/lo', '/all', '/exact']) await client.getData(path);
    await expectKeeperError(client.getData('/other'), Code.NOAUTH);
    expect(zk().server.authInfoOf(client.sessionId)).toEqual([{ scheme: 'ip', id: '127.0.0.1' }]);
  });

  it("a connection's remoteAddress is its ip identity (what a wire server passes)", async () => {
    const client = await zk().client();
    await client.create('/net', null, { acl: ipAcl('10.1.0.0/16') });
    const inside = await rawSession(zk(), '10.1.2.3');
    const outside = await rawSession(zk(), '10.2.0.1');
    expect(await inside.run({ op: 'getData', path: '/net', watch: false })).toBe(Code.OK);
    expect(await outside.run({ op: 'getData', path: '/net', watch: false })).toBe(Code.NOAUTH);
  });
});

describe('the super digest (zookeeper.DigestAuthenticationProvider.superDigest)', () => {
  it('is off by default: super:secret is only a digest then', async () => {
    const client = await zk().client({ authInfo: [{ scheme: 'digest', auth: 'super:secret' }] });
    await expectKeeperError(client.setData('/zookeeper/config', null), Code.NOAUTH);
  });

  it('when configured, passes every check, and its auth ACL is its digest', async () => {
    const fx = new ZkFixture({ superDigest: digestId('super:secret') });
    try {
      const plain = await fx.client();
      await plain.create('/locked', null, { acl: world(0) });
      const su = await fx.client({ authInfo: [{ scheme: 'digest', auth: 'super:secret' }] });
      await su.getData('/locked');
      await su.setData('/zookeeper/config', null);
      await su.create('/sau', null, { acl: [{ perms: Perms.ALL, scheme: 'auth', id: '' }] });
      expect((await su.getACL('/sau')).acl).toEqual(digestAcl('super:lK75jTNcA+U9vtVEw5vB51mj/w4='));
      await expectKeeperError(plain.getData('/locked'), Code.NOAUTH);
    } finally {
      fx.close();
    }
  });
});

describe('a refused auth (AUTHFAILED)', () => {
  it('an unknown scheme: the connection is closed, every later call AUTHFAILED, the session and its ephemerals stay until it expires', async () => {
    const log = new EventLog();
    const client = await zk().client({ watcher: log.watcher, sessionTimeoutMs: 10_000 });
    await client.create('/eph', null, { mode: CreateMode.EPHEMERAL });
    await client.exists('/eph', true);
    await expectKeeperError(client.addAuthInfo('kerberos', 'x'), Code.AUTHFAILED);
    expect(client.state).toBe('AUTH_FAILED');
    expect(log.states).toEqual([KeeperState.AuthFailed]);
    await expectKeeperError(client.getData('/'), Code.AUTHFAILED);
    await expectKeeperError(client.addAuthInfo('digest', 'a:b'), Code.AUTHFAILED);
    expect(zk().server.watchesOf(client.sessionId).data).toEqual([]);
    await client.close();
    const other = await zk().client();
    expect(await other.exists('/eph')).not.toBeNull();
    await zk().advance(12_000);
    expect(await other.exists('/eph')).toBeNull();
  });

  it('digest without data is AUTHFAILED too (the server cannot read a null auth)', async () => {
    const client = await zk().client();
    await expectKeeperError(client.addAuthInfo('digest', null), Code.AUTHFAILED);
  });
});

describe('auth belongs to the connection; the client sends it again', () => {
  it('after a disconnect: the new connection starts with its ip identity and the client re-adds its digests', async () => {
    const client = await zk().client({ sessionTimeoutMs: 30_000 });
    await client.addAuthInfo('digest', 'alice:pw');
    await client.create('/a', null, { acl: digestAcl(ALICE) });
    client.disconnect();
    await client.reconnect();
    await client.getData('/a');
    expect(
      zk()
        .server.authInfoOf(client.sessionId)
        .map((a) => a.scheme),
    ).toEqual(expect.arrayContaining(['ip', 'digest']));
  });

  it('added while disconnected: sent on the reconnect', async () => {
    const owner = await zk().client({ authInfo: [{ scheme: 'digest', auth: 'alice:pw' }] });
    await owner.create('/a', null, { acl: digestAcl(ALICE) });
    const client = await zk().client({ sessionTimeoutMs: 30_000 });
    client.disconnect();
    await client.addAuthInfo('digest', 'alice:pw');
    await client.reconnect();
    await client.getData('/a');
  });

  it('after a restart of the store the session is resumed with the auth its owner gives again', async () => {
    const client = await zk().client({ sessionTimeoutMs: 30_000, authInfo: [{ scheme: 'digest', auth: 'alice:pw' }] });
    await client.create('/a', null, { acl: digestAcl(ALICE) });
    client.disconnect();
    zk().reopen();
    const bare = await ZooKeeperClient.resume(zk().server, zk().time, client.sessionId, client.sessionPassword);
    await expectKeeperError(bare.getData('/a'), Code.NOAUTH);
    bare.disconnect();
    const resumed = await ZooKeeperClient.resume(zk().server, zk().time, client.sessionId, client.sessionPassword, {
      authInfo: client.addedAuthInfo,
    });
    await resumed.getData('/a');
    resumed.disconnect();
  });

  it('a request carries the identities its connection had when it was sent, in order with the auth packet', async () => {
    const owner = await zk().client({ authInfo: [{ scheme: 'digest', auth: 'alice:pw' }] });
    await owner.create('/a', null, { acl: digestAcl(ALICE) });
    const client = await zk().client();
    const before = client.getData('/a');
    const auth = client.addAuthInfo('digest', 'alice:pw');
    const after = client.getData('/a');
    await expectKeeperError(before, Code.NOAUTH);
    await auth;
    await after;
  });
});
