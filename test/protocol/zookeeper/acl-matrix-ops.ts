/**
 * The wire ACL matrix of the differential test: every operation a client sends, against a node
 * that lacks one permission (READ, WRITE, CREATE, DELETE, ADMIN) each, including the checks that
 * race NOAUTH against another error (an existing child, a bad version, a missing node) and multis
 * whose first failing op is not the first op; then digest auth (`addauth digest user:pw`, the
 * `digest` scheme's `user:base64(sha1(user:pw))` ids, the `auth` scheme) from three sessions: none,
 * the right password, a wrong one. As DiffOps, so both servers get the same frames.
 */
import { digestId } from '../../../src-main/core/zookeeper/acl';
import type { AclSpec, DiffOp, SubOp } from '../../support/zk-diff-ops';

export const PERMISSIONS = { READ: 1, WRITE: 2, CREATE: 4, DELETE: 8, ADMIN: 16 } as const;
const ALL = 31;
const world = (perms: number): AclSpec[] => [{ perms, scheme: 'world', id: 'anyone' }];
const OPEN = world(ALL);

const create = (s: number, path: string, acl: AclSpec[] = OPEN, flags = 0, opcode: 1 | 15 | 19 = 1): DiffOp => ({
  s,
  kind: 'create',
  opcode,
  path,
  data: 'd',
  acl,
  flags,
});
const multi = (s: number, ...ops: SubOp[]): DiffOp => ({ s, kind: 'multi', ops });
const subCreate = (path: string): SubOp => ({ t: 'create', path, data: 'm', acl: OPEN, flags: 0 });

/** Every operation by session `s` on `node` (whose children c1…c3 and container ct exist). */
function everyOperation(s: number, node: string): DiffOp[] {
  return [
    create(s, `${node}/new`),
    create(s, `${node}/new2`, OPEN, 0, 15),
    create(s, `${node}/new3`, OPEN, 4, 19),
    create(s, `${node}/c1`),
    create(s, `${node}/s`, OPEN, 2),
    create(s, `${node}/e`, OPEN, 1),
    { s, kind: 'delete', path: `${node}/c1`, version: 5 },
    { s, kind: 'delete', path: `${node}/missing`, version: -1 },
    { s, kind: 'delete', path: `${node}/c2`, version: -1 },
    { s, kind: 'getData', path: node, watch: true },
    { s, kind: 'setData', path: node, data: 'v', version: 7 },
    { s, kind: 'setData', path: node, data: 'w', version: -1 },
    { s, kind: 'getChildren', path: node, watch: true },
    { s, kind: 'getChildren2', path: node, watch: false },
    { s, kind: 'exists', path: node, watch: true },
    { s, kind: 'getACL', path: node },
    { s, kind: 'getAllChildrenNumber', path: node },
    { s, kind: 'sync', path: node },
    { s, kind: 'getEphemerals', prefix: node },
    { s, kind: 'addWatch', path: node, mode: 0 },
    { s, kind: 'addWatch', path: `${node}/c1`, mode: 1 },
    { s, kind: 'checkWatches', path: node, type: 3 },
    { s, kind: 'removeWatches', path: node, type: 3 },
    multi(s, subCreate(`${node}/m`)),
    multi(s, { t: 'delete', path: `${node}/c3`, version: -1 }),
    multi(s, { t: 'setData', path: node, data: 'm', version: -1 }),
    multi(s, { t: 'check', path: node, version: -1 }),
    multi(s, { t: 'check', path: node, version: 99 }),
    multi(s, { t: 'check', path: `${node}/c1`, version: -1 }, subCreate(`${node}/m2`), {
      t: 'setData',
      path: node,
      data: 'm',
      version: 99,
    }),
    {
      s,
      kind: 'multiRead',
      ops: [
        { t: 'getData', path: node },
        { t: 'getChildren', path: node },
        { t: 'getData', path: `${node}/c1` },
      ],
    },
    { s, kind: 'deleteContainer', path: `${node}/ct` },
    { s, kind: 'setACL', path: node, acl: OPEN, version: 9 },
    { s, kind: 'setACL', path: `${node}/missing`, acl: OPEN, version: -1 },
    // Last: it gives the permission back when ADMIN is there.
    { s, kind: 'setACL', path: node, acl: OPEN, version: -1 },
    { s, kind: 'getChildren', path: node, watch: false },
  ];
}

/** A node lacking each permission, by session 0, then every operation on each. */
function missingPermissions(): DiffOp[] {
  const ops: DiffOp[] = [];
  for (const [name, bit] of Object.entries(PERMISSIONS)) {
    const node = `R/no-${name}`;
    ops.push(create(0, node), ...['c1', 'c2', 'c3'].map((c) => create(0, `${node}/${c}`)), create(0, `${node}/ct`, OPEN, 4, 19));
    ops.push({ s: 0, kind: 'setACL', path: node, acl: world(ALL & ~bit), version: -1 });
  }
  for (const name of Object.keys(PERMISSIONS)) ops.push(...everyOperation(0, `R/no-${name}`));
  return ops;
}

/** Multis over several nodes: the first op refused is the one reported, the rest RUNTIMEINCONSISTENCY. */
function multiCheckOrder(): DiffOp[] {
  return [
    create(0, 'R/order'),
    ...['READ', 'WRITE', 'CREATE', 'DELETE'].flatMap((name) => [create(0, `R/order/no-${name}`), create(0, `R/order/no-${name}/c`)]),
    ...Object.entries(PERMISSIONS)
      .filter(([name]) => name !== 'ADMIN')
      .map(([name, bit]): DiffOp => ({ s: 0, kind: 'setACL', path: `R/order/no-${name}`, acl: world(ALL & ~bit), version: -1 })),
    multi(0, { t: 'setData', path: 'R/order/no-CREATE', data: 'x', version: -1 }, subCreate('R/order/no-CREATE/x'), {
      t: 'delete',
      path: 'R/order/no-DELETE/c',
      version: -1,
    }),
    multi(0, { t: 'check', path: 'R/order/no-READ', version: -1 }, { t: 'setData', path: 'R/order/no-WRITE', data: 'x', version: -1 }),
    multi(0, { t: 'setData', path: 'R/order/no-WRITE', data: 'x', version: 5 }, { t: 'check', path: 'R/order/no-READ', version: 5 }),
    multi(0, subCreate('R/order/no-READ/y'), { t: 'delete', path: 'R/order/no-READ/c', version: -1 }, subCreate('R/order/no-DELETE/y'), {
      t: 'delete',
      path: 'R/order/no-DELETE/y',
      version: -1,
    }),
    multi(
      0,
      { t: 'delete', path: 'R/order/no-CREATE/c', version: -1 },
      { t: 'create', path: 'R/order/no-CREATE/c', data: 'm', acl: OPEN, flags: 0 },
    ),
    { s: 0, kind: 'getChildren', path: 'R/order/no-READ', watch: false },
  ];
}

/** Digest auth: session 0 has none, session 1 the right password, session 2 a wrong one. */
function digestAuth(): DiffOp[] {
  const u1 = digestId('u1:p1');
  const node = 'R/dg';
  const ops: DiffOp[] = [
    { s: 1, kind: 'addAuth', scheme: 'digest', auth: 'u1:p1' },
    { s: 2, kind: 'addAuth', scheme: 'digest', auth: 'u1:wrong' },
    { s: 1, kind: 'whoAmI' },
    { s: 2, kind: 'whoAmI' },
    create(0, node, [{ perms: ALL, scheme: 'digest', id: u1 }]),
    create(0, 'R/mixed', [
      { perms: 1, scheme: 'digest', id: u1 },
      { perms: 2 | 4, scheme: 'world', id: 'anyone' },
    ]),
    create(0, 'R/auth0', [{ perms: ALL, scheme: 'auth', id: '' }]),
    create(1, 'R/auth1', [{ perms: ALL, scheme: 'auth', id: '' }]),
    create(2, 'R/auth2', [{ perms: ALL, scheme: 'auth', id: 'ignored' }]),
    create(1, `${node}/c`),
  ];
  for (const s of [0, 1, 2]) {
    ops.push(
      { s, kind: 'getData', path: node, watch: false },
      { s, kind: 'setData', path: node, data: `s${s}`, version: -1 },
      { s, kind: 'getChildren', path: node, watch: false },
      create(s, `${node}/x${s}`),
      { s, kind: 'delete', path: `${node}/c`, version: 9 },
      { s, kind: 'getACL', path: node },
      { s, kind: 'getACL', path: 'R/mixed' },
      { s, kind: 'getData', path: 'R/mixed', watch: false },
      { s, kind: 'setData', path: 'R/mixed', data: 'x', version: -1 },
      { s, kind: 'getACL', path: 'R/auth1' },
      { s, kind: 'getData', path: 'R/auth2', watch: false },
      multi(s, { t: 'check', path: 'R/mixed', version: -1 }, { t: 'setData', path: node, data: 'm', version: -1 }),
    );
  }
  ops.push(
    { s: 1, kind: 'setACL', path: 'R/mixed', acl: [{ perms: 16, scheme: 'digest', id: u1 }], version: -1 },
    { s: 0, kind: 'getACL', path: 'R/mixed' },
    { s: 1, kind: 'getACL', path: 'R/mixed' },
  );
  return ops;
}

/** The whole matrix, one sequence. */
export function aclMatrixOps(): DiffOp[] {
  return [...missingPermissions(), ...multiCheckOrder(), ...digestAuth()];
}
