import type { ZkRequest, ZkResultMap } from './requests';
import type { Acl, Op, OpResult, ZnodeData } from './types';
import { OPEN_ACL_UNSAFE } from './types';

/**
 * Byte lengths of ZooKeeper's jute serialisation (`zookeeper.jute`, BinaryOutputArchive), for the
 * checks made against `jute.maxbuffer`: the server refuses a request packet whose length prefix
 * (request header + request record) is above it (NIOServerCnxn.readLength), and the Java client a
 * response packet above its own (ClientCnxnSocket.readLength). Both close the connection.
 */

const INT = 4;
const LONG = 8;
const BOOLEAN = 1;
/** RequestHeader: int xid, int type. */
export const REQUEST_HEADER_BYTES = INT + INT;
/** ReplyHeader: int xid, long zxid, int err. */
export const REPLY_HEADER_BYTES = INT + LONG + INT;
/** Stat: czxid, mzxid, ctime, mtime (long), version, cversion, aversion (int), ephemeralOwner (long), dataLength, numChildren (int), pzxid (long). */
export const STAT_BYTES = 4 * LONG + 3 * INT + LONG + 2 * INT + LONG;
/** MultiHeader: int type, boolean done, int err — before each op or result, and once more to end. */
const MULTI_HEADER_BYTES = INT + BOOLEAN + INT;

/** UTF-8 length as Java's `String.getBytes(UTF_8)` gives it (a lone surrogate becomes one `?`). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) n += 1;
    else n += 3;
  }
  return n;
}

/** `ustring`: an int length, then the UTF-8 bytes (a null string is the length -1 alone). */
function ustring(s: string): number {
  return INT + utf8Length(s);
}

/** `buffer`: an int length, then the bytes (null is the length -1 alone). */
function buffer(b: ZnodeData): number {
  return INT + (b === null ? 0 : b.length);
}

function vector<T>(items: readonly T[], size: (item: T) => number): number {
  let n = INT;
  for (const item of items) n += size(item);
  return n;
}

/** ACL: int perms, Id { ustring scheme, ustring id }. */
function acl(a: Acl): number {
  return INT + ustring(a.scheme) + ustring(a.id);
}

/** CreateRequest: path, data, acl, int flags. */
function createRecord(path: string, data: ZnodeData, acls: readonly Acl[]): number {
  return ustring(path) + buffer(data) + vector(acls, acl) + INT;
}

function opRecord(op: Op, defaultAcl: readonly Acl[]): number {
  switch (op.type) {
    case 'create':
      return createRecord(op.path, op.data, op.acl ?? defaultAcl);
    case 'delete':
    case 'check':
      return ustring(op.path) + INT;
    case 'setData':
      return ustring(op.path) + buffer(op.data) + INT;
  }
}

/**
 * The request record's length, without the request header. `defaultAcl` is the ACL a multi's
 * create without one is sent with (the request processor's default too).
 */
function requestRecordLength(req: ZkRequest, defaultAcl: readonly Acl[]): number {
  switch (req.op) {
    case 'create':
      return createRecord(req.path, req.data, req.acl);
    case 'delete':
    case 'check':
      return ustring(req.path) + INT;
    case 'setData':
      return ustring(req.path) + buffer(req.data) + INT;
    case 'setACL':
      return ustring(req.path) + vector(req.acl, acl) + INT;
    case 'multi': {
      let n = MULTI_HEADER_BYTES;
      for (const op of req.ops) n += MULTI_HEADER_BYTES + opRecord(op, defaultAcl);
      return n;
    }
    case 'exists':
    case 'getData':
    case 'getChildren':
      return ustring(req.path) + BOOLEAN;
    case 'getACL':
    case 'sync':
    case 'getAllChildrenNumber':
      return ustring(req.path);
    case 'addWatch':
      return ustring(req.path) + INT;
    case 'removeWatches':
      return ustring(req.path) + INT;
    case 'getEphemerals':
      return ustring(req.prefix);
    case 'setWatches': {
      // SetWatches, or SetWatches2 when there are persistent watches to re-arm.
      const persistent = req.persistentWatches.length + req.persistentRecursiveWatches.length > 0;
      const lists = [
        req.dataWatches,
        req.existWatches,
        req.childWatches,
        ...(persistent ? [req.persistentWatches, req.persistentRecursiveWatches] : []),
      ];
      return LONG + lists.reduce((n, list) => n + vector(list, ustring), 0);
    }
    case 'deleteContainer':
      // The container manager's request carries the bare path bytes, not a record.
      return utf8Length(req.path);
    case 'closeSession':
      return 0;
  }
}

/**
 * The value of a request packet's length prefix: request header plus the serialized request, the
 * number NIOServerCnxn compares with `jute.maxbuffer`.
 */
export function serializedRequestLength(req: ZkRequest, defaultAcl: readonly Acl[] = OPEN_ACL_UNSAFE): number {
  return REQUEST_HEADER_BYTES + requestRecordLength(req, defaultAcl);
}

function opResult(r: OpResult): number {
  switch (r.type) {
    case 'create':
      return ustring(r.path) + STAT_BYTES;
    case 'setData':
      return STAT_BYTES;
    case 'delete':
    case 'check':
      return 0;
    case 'error':
      return INT;
  }
}

/** Of a multi's results (MultiResponse), successful or not. */
export function multiResponseLength(results: readonly OpResult[]): number {
  let n = MULTI_HEADER_BYTES;
  for (const r of results) n += MULTI_HEADER_BYTES + opResult(r);
  return n;
}

/**
 * The value of a successful reply packet's length prefix: reply header plus the response record
 * (what ClientCnxnSocket compares with the client's `jute.maxbuffer`). A failed request's reply is
 * the header alone (a failed multi's, `REPLY_HEADER_BYTES + multiResponseLength(results)`).
 */
export function serializedResponseLength<O extends ZkRequest['op']>(op: O, value: ZkResultMap[O]): number {
  return REPLY_HEADER_BYTES + responseRecordLength(op, value);
}

function responseRecordLength(op: ZkRequest['op'], value: unknown): number {
  switch (op) {
    case 'create': {
      // Create2Response (the Java client's create with a Stat, and createContainer).
      const v = value as ZkResultMap['create'];
      return ustring(v.path) + STAT_BYTES;
    }
    case 'setData':
    case 'setACL':
    case 'check':
      return STAT_BYTES;
    case 'exists':
      return value === null ? 0 : STAT_BYTES;
    case 'getData':
      return buffer((value as ZkResultMap['getData']).data) + STAT_BYTES;
    case 'getChildren':
      return vector((value as ZkResultMap['getChildren']).children, ustring) + STAT_BYTES;
    case 'getACL':
      return vector((value as ZkResultMap['getACL']).acl, acl) + STAT_BYTES;
    case 'sync':
      return ustring(value as string);
    case 'multi':
      return multiResponseLength(value as OpResult[]);
    case 'getEphemerals':
      return vector(value as string[], ustring);
    case 'getAllChildrenNumber':
      return INT;
    default:
      return 0;
  }
}
