/**
 * The jute records of ZooKeeper 3.8's client protocol (`zookeeper.jute`), field order = wire order:
 *
 *   ConnectRequest  { int protocolVersion; long lastZxidSeen; int timeOut; long sessionId; buffer passwd }
 *                   + boolean readOnly (3.4+ clients append it; older ones do not)
 *   ConnectResponse { int protocolVersion; int timeOut; long sessionId; buffer passwd }
 *                   + boolean readOnly (only when the request carried it)
 *   RequestHeader   { int xid; int type }
 *   ReplyHeader     { int xid; long zxid; int err }
 *   Id              { ustring scheme; ustring id }
 *   ACL             { int perms; Id id }
 *   Stat            { long czxid; long mzxid; long ctime; long mtime; int version; int cversion;
 *                     int aversion; long ephemeralOwner; int dataLength; int numChildren; long pzxid }
 *   WatcherEvent    { int type; int state; ustring path }
 *   CreateRequest   { ustring path; buffer data; vector<ACL> acl; int flags }
 *   CreateTTLRequest{ ustring path; buffer data; vector<ACL> acl; int flags; long ttl }
 *   DeleteRequest / CheckVersionRequest { ustring path; int version }
 *   SetDataRequest  { ustring path; buffer data; int version }
 *   SetACLRequest   { ustring path; vector<ACL> acl; int version }
 *   ExistsRequest / GetDataRequest / GetChildrenRequest / GetChildren2Request { ustring path; boolean watch }
 *   GetACLRequest / SyncRequest / GetEphemeralsRequest / GetAllChildrenNumberRequest { ustring path }
 *   CheckWatchesRequest / RemoveWatchesRequest { ustring path; int type }
 *   AddWatchRequest { ustring path; int mode }
 *   AuthPacket      { int type; ustring scheme; buffer auth }
 *   SetWatches      { long relativeZxid; vector<ustring> dataWatches; vector<ustring> existWatches;
 *                     vector<ustring> childWatches }
 *   SetWatches2     { …SetWatches…; vector<ustring> persistentWatches; vector<ustring> persistentRecursiveWatches }
 *   ReconfigRequest { ustring joiningServers; ustring leavingServers; ustring newMembers; long curConfigId }
 *   CreateResponse { ustring path }   Create2Response { ustring path; Stat stat }
 *   ExistsResponse / SetDataResponse / SetACLResponse { Stat stat }
 *   GetDataResponse { buffer data; Stat stat }   GetACLResponse { vector<ACL> acl; Stat stat }
 *   GetChildrenResponse { vector<ustring> children }   GetChildren2Response { vector<ustring> children; Stat stat }
 *   SyncResponse { ustring path }   GetEphemeralsResponse { vector<ustring> ephemerals }
 *   GetAllChildrenNumberResponse { int totalNumber }   ErrorResponse { int err }
 *   WhoAmIResponse { vector<ClientInfo> clientInfo }   ClientInfo { ustring authScheme; ustring user }
 */
import type { Acl, Stat } from '../../core/zookeeper';
import type { JuteReader } from './jute/jute-reader';
import type { JuteWriter } from './jute/jute-writer';

export interface ConnectRequest {
  protocolVersion: number;
  lastZxidSeen: bigint;
  timeOutMs: number;
  sessionId: bigint;
  passwd: Buffer;
  /** null: an old client that did not send the flag (and gets none back). */
  readOnly: boolean | null;
}

export function readConnectRequest(r: JuteReader): ConnectRequest {
  const protocolVersion = r.int('protocolVersion');
  const lastZxidSeen = r.long('lastZxidSeen');
  const timeOutMs = r.int('timeOut');
  const sessionId = r.long('sessionId');
  const passwd = r.buffer('passwd') ?? Buffer.alloc(0);
  // As ZooKeeperServer.processConnectRequest: a missing readOnly byte marks an old client.
  const readOnly = r.remaining >= 1 ? r.bool('readOnly') : null;
  return { protocolVersion, lastZxidSeen, timeOutMs, sessionId, passwd, readOnly };
}

export function writeConnectResponse(
  w: JuteWriter,
  timeOutMs: number,
  sessionId: bigint,
  passwd: Uint8Array,
  readOnly: boolean | null,
): void {
  w.int(0).int(timeOutMs).long(sessionId).buffer(passwd);
  if (readOnly !== null) w.bool(false);
}

export interface RequestHeader {
  xid: number;
  type: number;
}

export function readRequestHeader(r: JuteReader): RequestHeader {
  return { xid: r.int('xid'), type: r.int('type') };
}

export function writeReplyHeader(w: JuteWriter, xid: number, zxid: number | bigint, err: number): void {
  w.int(xid).long(zxid).int(err);
}

export function writeStat(w: JuteWriter, s: Stat): void {
  w.long(s.czxid).long(s.mzxid).long(s.ctime).long(s.mtime).int(s.version).int(s.cversion).int(s.aversion);
  w.long(s.ephemeralOwner).int(s.dataLength).int(s.numChildren).long(s.pzxid);
}

/** int perms + two ustrings: at least 12 bytes each. */
const ACL_MIN_BYTES = 12;

export function readAcls(r: JuteReader): Acl[] | null {
  return r.vector('acl', ACL_MIN_BYTES, () => {
    const perms = r.int('perms');
    // A null string is read as Java reads it; fixupACL then refuses a null scheme (INVALIDACL)
    // and never looks at an `auth` id, so '' stands for both (kazoo sends Id('auth', '') as null).
    // Not reproduced: a null world, digest or ip id, on which 3.8 throws a NullPointerException
    // (MARSHALLINGERROR); here it is INVALIDACL.
    const scheme = r.ustring('scheme') ?? '';
    const id = r.ustring('id') ?? '';
    return { perms, scheme, id };
  });
}

export function writeAcls(w: JuteWriter, acls: readonly Acl[]): void {
  w.vector(acls, (a) => w.int(a.perms).ustring(a.scheme).ustring(a.id));
}

export function writeWatcherEvent(w: JuteWriter, type: number, state: number, path: string | null): void {
  w.int(type).int(state).ustring(path);
}

export interface CreateRequest {
  path: string;
  data: Buffer | null;
  acl: Acl[] | null;
  flags: number;
  /** createTTL only; −1 otherwise. */
  ttl: bigint;
}

export function readCreateRequest(r: JuteReader, withTtl: boolean): CreateRequest {
  const path = r.path('path');
  const data = r.buffer('data');
  const acl = readAcls(r);
  const flags = r.int('flags');
  const ttl = withTtl ? r.long('ttl') : -1n;
  return { path, data, acl, flags, ttl };
}

export function readPathAndVersion(r: JuteReader): { path: string; version: number } {
  return { path: r.path('path'), version: r.int('version') };
}

export function readSetDataRequest(r: JuteReader): { path: string; data: Buffer | null; version: number } {
  return { path: r.path('path'), data: r.buffer('data'), version: r.int('version') };
}

export function readSetAclRequest(r: JuteReader): { path: string; acl: Acl[] | null; version: number } {
  return { path: r.path('path'), acl: readAcls(r), version: r.int('version') };
}

export function readPathAndWatch(r: JuteReader): { path: string; watch: boolean } {
  return { path: r.path('path'), watch: r.bool('watch') };
}

export function readPathAndType(r: JuteReader, field: 'type' | 'mode'): { path: string; type: number } {
  return { path: r.path('path'), type: r.int(field) };
}

export interface AuthPacket {
  type: number;
  scheme: string;
  auth: Buffer;
}

export function readAuthPacket(r: JuteReader): AuthPacket {
  const type = r.int('type');
  const scheme = r.ustring('scheme') ?? '';
  const auth = r.buffer('auth') ?? Buffer.alloc(0);
  return { type, scheme, auth };
}

export interface SetWatchesRecord {
  relativeZxid: bigint;
  dataWatches: string[];
  existWatches: string[];
  childWatches: string[];
  persistentWatches: string[];
  persistentRecursiveWatches: string[];
}

export function readSetWatches(r: JuteReader, version2: boolean): SetWatchesRecord {
  const relativeZxid = r.long('relativeZxid');
  const dataWatches = r.strings('dataWatches') ?? [];
  const existWatches = r.strings('existWatches') ?? [];
  const childWatches = r.strings('childWatches') ?? [];
  const persistentWatches = version2 ? (r.strings('persistentWatches') ?? []) : [];
  const persistentRecursiveWatches = version2 ? (r.strings('persistentRecursiveWatches') ?? []) : [];
  return { relativeZxid, dataWatches, existWatches, childWatches, persistentWatches, persistentRecursiveWatches };
}

export function readReconfigRequest(r: JuteReader): void {
  r.ustring('joiningServers');
  r.ustring('leavingServers');
  r.ustring('newMembers');
  r.long('curConfigId');
}

export interface ClientInfo {
  authScheme: string;
  user: string;
}

export function writeClientInfos(w: JuteWriter, infos: readonly ClientInfo[]): void {
  w.vector(infos, (c) => w.ustring(c.authScheme).ustring(c.user));
}

export function readStat(r: JuteReader): Stat {
  const n = (what: string) => Number(r.long(what));
  return {
    czxid: n('czxid'),
    mzxid: n('mzxid'),
    ctime: n('ctime'),
    mtime: n('mtime'),
    version: r.int('version'),
    cversion: r.int('cversion'),
    aversion: r.int('aversion'),
    ephemeralOwner: r.long('ephemeralOwner'),
    dataLength: r.int('dataLength'),
    numChildren: r.int('numChildren'),
    pzxid: n('pzxid'),
  };
}

export interface ConnectResponse {
  timeOutMs: number;
  sessionId: bigint;
  passwd: Buffer;
  readOnly: boolean | null;
}

export function readConnectResponse(r: JuteReader): ConnectResponse {
  r.int('protocolVersion');
  const timeOutMs = r.int('timeOut');
  const sessionId = r.long('sessionId');
  const passwd = r.buffer('passwd') ?? Buffer.alloc(0);
  const readOnly = r.remaining > 0 ? r.bool('readOnly') : null;
  return { timeOutMs, sessionId, passwd, readOnly };
}
