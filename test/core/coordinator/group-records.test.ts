/**
 * The records of `__consumer_offsets` byte for byte (GroupMetadataManager's schemas as Kafka 2.5
 * writes them with inter.broker.protocol.version 2.5), and every version read back.
 */
import { describe, expect, it } from 'vitest';
import {
  groupMetadataKey,
  groupMetadataValue,
  offsetCommitKey,
  offsetCommitValue,
  readGroupMetadataValue,
  readGroupRecordKey,
  readOffsetCommitValue,
} from '../../../src-main/core/coordinator/group/group-records';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => new Uint8Array(Buffer.from(h.replace(/\s/g, ''), 'hex'));

describe('__consumer_offsets records', () => {
  it('OffsetCommitKey v1: version, group, topic, partition', () => {
    const key = offsetCommitKey('grp', 'tp', 5);
    expect(hex(key)).toBe('0001' + '0003677270' + '00027470' + '00000005');
    expect(readGroupRecordKey(key)).toEqual({ kind: 'offset', group: 'grp', topic: 'tp', partition: 5 });
    // v0 keys have the same layout.
    expect(readGroupRecordKey(bytes('0000 0003677270 00027470 00000005'))).toEqual({
      kind: 'offset',
      group: 'grp',
      topic: 'tp',
      partition: 5,
    });
  });

  it('GroupMetadataKey v2: version, group', () => {
    expect(hex(groupMetadataKey('grp'))).toBe('0002' + '0003677270');
    expect(readGroupRecordKey(groupMetadataKey('grp'))).toEqual({ kind: 'group', group: 'grp' });
    expect(() => readGroupRecordKey(bytes('0003 0003677270'))).toThrow('Unknown group metadata message version: 3');
  });

  it('OffsetCommitValue v3 (leader epoch), and v1 when the commit carried a retention time', () => {
    const v3 = offsetCommitValue({ offset: 42, leaderEpoch: 7, metadata: 'm', commitTimestamp: 1_700_000_000_000, expireTimestamp: null });
    expect(hex(v3)).toBe('0003' + '000000000000002a' + '00000007' + '00016d' + '0000018bcfe56800');
    expect(
      hex(offsetCommitValue({ offset: 42, leaderEpoch: null, metadata: '', commitTimestamp: 1_700_000_000_000, expireTimestamp: null })),
    ).toBe('0003' + '000000000000002a' + 'ffffffff' + '0000' + '0000018bcfe56800');
    const v1 = offsetCommitValue({
      offset: 42,
      leaderEpoch: 7,
      metadata: 'm',
      commitTimestamp: 1_700_000_000_000,
      expireTimestamp: 1_700_086_400_000,
    });
    expect(hex(v1)).toBe('0001' + '000000000000002a' + '00016d' + '0000018bcfe56800' + '0000018bd50bc400');
    expect(readOffsetCommitValue(v3)).toEqual({
      offset: 42,
      leaderEpoch: 7,
      metadata: 'm',
      commitTimestamp: 1_700_000_000_000,
      expireTimestamp: null,
    });
    expect(readOffsetCommitValue(v1)).toEqual({
      offset: 42,
      leaderEpoch: null,
      metadata: 'm',
      commitTimestamp: 1_700_000_000_000,
      expireTimestamp: 1_700_086_400_000,
    });
    // v0 and v2: offset, metadata, timestamp.
    const old = '000000000000002a' + '00016d' + '0000018bcfe56800';
    expect(readOffsetCommitValue(bytes('0000' + old)).offset).toBe(42);
    expect(readOffsetCommitValue(bytes('0002' + old))).toEqual({
      offset: 42,
      leaderEpoch: null,
      metadata: 'm',
      commitTimestamp: 1_700_000_000_000,
      expireTimestamp: null,
    });
  });

  it('GroupMetadataValue v3: group fields, state timestamp, members with group instance id', () => {
    const value = groupMetadataValue({
      protocolType: 'consumer',
      generationId: 3,
      protocol: 'range',
      leader: 'c-1',
      currentStateTimestamp: 1_700_000_000_000,
      members: [
        {
          memberId: 'c-1',
          groupInstanceId: null,
          clientId: 'c',
          clientHost: '/127.0.0.1',
          rebalanceTimeoutMs: 300000,
          sessionTimeoutMs: 10000,
          subscription: bytes('0102'),
          assignment: bytes('03'),
        },
      ],
    });
    expect(hex(value)).toBe(
      '0003' +
        '0008' +
        Buffer.from('consumer').toString('hex') +
        '00000003' +
        '0005' +
        Buffer.from('range').toString('hex') +
        '0003' +
        Buffer.from('c-1').toString('hex') +
        '0000018bcfe56800' +
        '00000001' +
        '0003' +
        Buffer.from('c-1').toString('hex') +
        'ffff' +
        '0001' +
        '63' +
        '000a' +
        Buffer.from('/127.0.0.1').toString('hex') +
        '000493e0' +
        '00002710' +
        '00000002' +
        '0102' +
        '00000001' +
        '03',
    );
    expect(readGroupMetadataValue(value)).toEqual({
      protocolType: 'consumer',
      generationId: 3,
      protocol: 'range',
      leader: 'c-1',
      currentStateTimestamp: 1_700_000_000_000,
      members: [
        {
          memberId: 'c-1',
          groupInstanceId: null,
          clientId: 'c',
          clientHost: '/127.0.0.1',
          rebalanceTimeoutMs: 300000,
          sessionTimeoutMs: 10000,
          subscription: bytes('0102'),
          assignment: bytes('03'),
        },
      ],
    });
  });

  it('an empty group: null protocol and leader, no members', () => {
    const value = groupMetadataValue({
      protocolType: 'consumer',
      generationId: 4,
      protocol: null,
      leader: null,
      currentStateTimestamp: 1_700_000_000_000,
      members: [],
    });
    expect(hex(value)).toBe(
      '0003' + '0008' + Buffer.from('consumer').toString('hex') + '00000004' + 'ffff' + 'ffff' + '0000018bcfe56800' + '00000000',
    );
  });

  it('GroupMetadataValue v0: no rebalance timeout (the session timeout stands in), no state timestamp', () => {
    const v0 =
      '0000' +
      '0008' +
      Buffer.from('consumer').toString('hex') +
      '00000001' +
      '0005' +
      Buffer.from('range').toString('hex') +
      '0001' +
      '6d' +
      '00000001' +
      '0001' +
      '6d' +
      '0001' +
      '63' +
      '0001' +
      '68' +
      '00002710' +
      '00000000' +
      '00000000';
    expect(readGroupMetadataValue(bytes(v0))).toEqual({
      protocolType: 'consumer',
      generationId: 1,
      protocol: 'range',
      leader: 'm',
      currentStateTimestamp: -1,
      members: [
        {
          memberId: 'm',
          groupInstanceId: null,
          clientId: 'c',
          clientHost: 'h',
          rebalanceTimeoutMs: 10000,
          sessionTimeoutMs: 10000,
          subscription: new Uint8Array(0),
          assignment: new Uint8Array(0),
        },
      ],
    });
  });
});
