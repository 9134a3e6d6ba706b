/**
 * The records of `__consumer_offsets` (`GroupMetadataManager`'s schemas): every key and value
 * starts with an int16 schema version, then Kafka's protocol types (int16-length strings, nullable
 * as −1, int32-length bytes, int32-count arrays).
 *
 *   OffsetCommitKey v0/v1:   group: string, topic: string, partition: int32
 *   GroupMetadataKey v2:     group: string
 *   OffsetCommitValue v0:    offset: int64, metadata: string, timestamp: int64
 *                     v1:    offset: int64, metadata: string, commit_timestamp: int64, expire_timestamp: int64
 *                     v2:    offset: int64, metadata: string, commit_timestamp: int64
 *                     v3:    offset: int64, leader_epoch: int32, metadata: string, commit_timestamp: int64
 *   GroupMetadataValue v0:   protocol_type: string, generation: int32, protocol: string?, leader: string?,
 *                            members: [member_id, client_id, client_host: string, session_timeout: int32,
 *                                      subscription: bytes, assignment: bytes]
 *                     v1:    members gain rebalance_timeout: int32 before session_timeout
 *                     v2:    current_state_timestamp: int64 before members
 *                     v3:    members gain group_instance_id: string? after member_id
 *
 * With inter.broker.protocol.version 2.5 Kafka writes key v1, offset value v3 (v1 when the commit
 * carried a retention time) and group value v3. Reading takes every version.
 */
import { ByteCursor } from '../../record/byte-cursor';
import type { OffsetAndMetadata } from './group-metadata';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Kafka's protocol types, big-endian (also the `__transaction_state` records' writer). */
export class RecordWriter {
  private readonly chunks: number[] = [];

  int8(v: number): this {
    this.chunks.push(v & 0xff);
    return this;
  }

  int16(v: number): this {
    this.chunks.push((v >> 8) & 0xff, v & 0xff);
    return this;
  }

  int32(v: number): this {
    this.chunks.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
    return this;
  }

  int64(v: number): this {
    const big = BigInt.asUintN(64, BigInt(v));
    for (let shift = 56n; shift >= 0n; shift -= 8n) this.chunks.push(Number((big >> shift) & 0xffn));
    return this;
  }

  string(v: string | null): this {
    if (v === null) return this.int16(-1);
    const bytes = encoder.encode(v);
    this.int16(bytes.length);
    for (const b of bytes) this.chunks.push(b);
    return this;
  }

  bytes(v: Uint8Array): this {
    this.int32(v.length);
    for (const b of v) this.chunks.push(b);
    return this;
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

export class GroupRecordFormatError extends Error {
  override readonly name = 'GroupRecordFormatError';
}

export function readString(c: ByteCursor): string | null {
  const length = c.int16();
  if (length < 0) return null;
  return decoder.decode(c.bytes(length));
}

function readBytes(c: ByteCursor): Uint8Array {
  const length = c.int32();
  return length < 0 ? new Uint8Array(0) : c.bytes(length).slice();
}

// ---- keys ----

export type GroupRecordKey = { kind: 'offset'; group: string; topic: string; partition: number } | { kind: 'group'; group: string };

export function offsetCommitKey(group: string, topic: string, partition: number): Uint8Array {
  return new RecordWriter().int16(1).string(group).string(topic).int32(partition).toBytes();
}

export function groupMetadataKey(group: string): Uint8Array {
  return new RecordWriter().int16(2).string(group).toBytes();
}

export function readGroupRecordKey(bytes: Uint8Array): GroupRecordKey {
  const c = new ByteCursor(bytes);
  const version = c.int16();
  if (version === 0 || version === 1)
    return { kind: 'offset', group: readString(c) ?? '', topic: readString(c) ?? '', partition: c.int32() };
  if (version === 2) return { kind: 'group', group: readString(c) ?? '' };
  throw new GroupRecordFormatError(`Unknown group metadata message version: ${version}`);
}

// ---- offset values ----

export function offsetCommitValue(o: OffsetAndMetadata): Uint8Array {
  if (o.expireTimestamp !== null) {
    return new RecordWriter().int16(1).int64(o.offset).string(o.metadata).int64(o.commitTimestamp).int64(o.expireTimestamp).toBytes();
  }
  return new RecordWriter()
    .int16(3)
    .int64(o.offset)
    .int32(o.leaderEpoch ?? -1)
    .string(o.metadata)
    .int64(o.commitTimestamp)
    .toBytes();
}

export function readOffsetCommitValue(bytes: Uint8Array): OffsetAndMetadata {
  const c = new ByteCursor(bytes);
  const version = c.int16();
  switch (version) {
    case 0:
      return { offset: c.int64(), leaderEpoch: null, metadata: readString(c) ?? '', commitTimestamp: c.int64(), expireTimestamp: null };
    case 1:
      return {
        offset: c.int64(),
        leaderEpoch: null,
        metadata: readString(c) ?? '',
        commitTimestamp: c.int64(),
        expireTimestamp: expireOrNull(c.int64()),
      };
    case 2:
      return { offset: c.int64(), leaderEpoch: null, metadata: readString(c) ?? '', commitTimestamp: c.int64(), expireTimestamp: null };
    case 3: {
      const offset = c.int64();
      const epoch = c.int32();
      return {
        offset,
        leaderEpoch: epoch < 0 ? null : epoch,
        metadata: readString(c) ?? '',
        commitTimestamp: c.int64(),
        expireTimestamp: null,
      };
    }
    default:
      throw new GroupRecordFormatError(`Unknown offset message version: ${version}`);
  }
}

function expireOrNull(v: number): number | null {
  return v === -1 ? null : v;
}

// ---- group values ----

export interface StoredMember {
  memberId: string;
  groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  rebalanceTimeoutMs: number;
  sessionTimeoutMs: number;
  subscription: Uint8Array;
  assignment: Uint8Array;
}

export interface StoredGroup {
  protocolType: string;
  generationId: number;
  protocol: string | null;
  leader: string | null;
  /** −1 when unknown (values before v2). */
  currentStateTimestamp: number;
  members: StoredMember[];
}

export function groupMetadataValue(g: StoredGroup): Uint8Array {
  const w = new RecordWriter()
    .int16(3)
    .string(g.protocolType)
    .int32(g.generationId)
    .string(g.protocol)
    .string(g.leader)
    .int64(g.currentStateTimestamp);
  w.int32(g.members.length);
  for (const m of g.members) {
    w.string(m.memberId)
      .string(m.groupInstanceId)
      .string(m.clientId)
      .string(m.clientHost)
      .int32(m.rebalanceTimeoutMs)
      .int32(m.sessionTimeoutMs)
      .bytes(m.subscription)
      .bytes(m.assignment);
  }
  return w.toBytes();
}

export function readGroupMetadataValue(bytes: Uint8Array): StoredGroup {
  const c = new ByteCursor(bytes);
  const version = c.int16();
  if (version < 0 || version > 3) throw new GroupRecordFormatError(`Unknown group metadata version ${version}`);
  const protocolType = readString(c) ?? '';
  const generationId = c.int32();
  const protocol = readString(c);
  const leader = readString(c);
  const currentStateTimestamp = version >= 2 ? c.int64() : -1;
  const count = c.int32();
  const members: StoredMember[] = [];
  for (let i = 0; i < count; i++) {
    const memberId = readString(c) ?? '';
    const groupInstanceId = version >= 3 ? readString(c) : null;
    const clientId = readString(c) ?? '';
    const clientHost = readString(c) ?? '';
    const rebalanceTimeoutMs = version >= 1 ? c.int32() : -1;
    const sessionTimeoutMs = c.int32();
    members.push({
      memberId,
      groupInstanceId,
      clientId,
      clientHost,
      rebalanceTimeoutMs: version >= 1 ? rebalanceTimeoutMs : sessionTimeoutMs,
      sessionTimeoutMs,
      subscription: readBytes(c),
      assignment: readBytes(c),
    });
  }
  return { protocolType, generationId, protocol, leader, currentStateTimestamp, members };
}
