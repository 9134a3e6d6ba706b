/**
 * DeleteGroups (42, v0–2, v2 flexible), OffsetDelete (47, v0) and static membership (JoinGroup v5,
 * SyncGroup v3, Heartbeat v3, OffsetCommit v7, LeaveGroup v3 with group.instance.id) over a real
 * socket, with Kafka 2.5.1's error codes: NON_EMPTY_GROUP 68, GROUP_ID_NOT_FOUND 69, NOT_COORDINATOR
 * 16, INVALID_GROUP_ID 24, UNKNOWN_TOPIC_OR_PARTITION 3, GROUP_SUBSCRIBED_TO_TOPIC 86, FENCED_INSTANCE_ID 82.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { DELETE_GROUPS } from '../../../src-main/protocol/kafka/messages/delete-groups';
import { FIND_COORDINATOR } from '../../../src-main/protocol/kafka/messages/find-coordinator';
import { HEARTBEAT } from '../../../src-main/protocol/kafka/messages/heartbeat';
import { JOIN_GROUP } from '../../../src-main/protocol/kafka/messages/join-group';
import { LEAVE_GROUP } from '../../../src-main/protocol/kafka/messages/leave-group';
import { OFFSET_COMMIT } from '../../../src-main/protocol/kafka/messages/offset-commit';
import { OFFSET_DELETE } from '../../../src-main/protocol/kafka/messages/offset-delete';
import { SYNC_GROUP } from '../../../src-main/protocol/kafka/messages/sync-group';
import type { Message } from '../../../src-main/protocol/kafka/wire/schema';
import { subscription } from '../../core/coordinator/consumer-subscription';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { callApi } from '../../support/raw-kafka-client';
import { adminOf, topic } from '../../support/scenario';

/** The port of the group's coordinator, once `__consumer_offsets` exists and is loaded. */
async function coordinatorPort(wire: WireCluster, groupId: string): Promise<{ port: number; other: number }> {
  for (let i = 0; i < 100; i++) {
    const { response } = await callApi(wire.ports.get(0) ?? -1, FIND_COORDINATOR, 2, { key: groupId, keyType: 0 });
    if (response.errorCode === 0) {
      const nodeId = response.nodeId as number;
      return { port: response.port as number, other: wire.ports.get((nodeId + 1) % 3) ?? -1 };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no coordinator for ${groupId}`);
}

const commitBody = (groupId: string, memberId: string, generationId: number, groupInstanceId: string | null, offset: number): Message => ({
  groupId,
  generationId,
  memberId,
  groupInstanceId,
  topics: [
    {
      name: 'orders',
      partitions: [{ partitionIndex: 0, committedOffset: BigInt(offset), committedLeaderEpoch: -1, committedMetadata: '' }],
    },
  ],
});

describe('group admin APIs and static membership over the wire', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('ApiVersions offers DeleteGroups 0–2 and OffsetDelete 0; DeleteGroups answers each version with 2.5.1’s errors', async () => {
    wire = await wireCluster({ seed: 161, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    await adminOf(wire.h).createTopics(
      [
        topic('orders', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    const { response: versions } = await callApi(wire.ports.get(0) ?? -1, API_VERSIONS, 2, {});
    const keys = versions.apiKeys as Array<{ apiKey: number; minVersion: number; maxVersion: number }>;
    expect(keys.find((k) => k.apiKey === 42)).toEqual({ apiKey: 42, minVersion: 0, maxVersion: 2 });
    expect(keys.find((k) => k.apiKey === 47)).toEqual({ apiKey: 47, minVersion: 0, maxVersion: 0 });

    const { port, other } = await coordinatorPort(wire, 'ledger');
    // A "simple" consumer's commit (generation −1) makes an Empty group with an offset.
    expect((await callApi(port, OFFSET_COMMIT, 7, commitBody('ledger', '', -1, null, 4))).response.topics).toEqual([
      { name: 'orders', partitions: [{ partitionIndex: 0, errorCode: 0 }] },
    ]);
    for (const version of [0, 1]) {
      expect((await callApi(other, DELETE_GROUPS, version, { groupsNames: ['ledger'] })).response).toEqual({
        throttleTimeMs: 0,
        results: [{ groupId: 'ledger', errorCode: 16 }],
      });
    }
    const deleted = await callApi(port, DELETE_GROUPS, 2, { groupsNames: ['ledger'] });
    expect(deleted.response).toEqual({ throttleTimeMs: 0, results: [{ groupId: 'ledger', errorCode: 0 }] });
    // v2 is flexible: compact array and string lengths (+1), tagged fields after each struct and the body.
    expect(deleted.bytes.toString('hex')).toBe(`00000000 02 07${Buffer.from('ledger').toString('hex')} 0000 00 00`.replace(/ /g, ''));
    expect((await callApi(port, DELETE_GROUPS, 0, { groupsNames: ['ledger'] })).response).toEqual({
      throttleTimeMs: 0,
      results: [{ groupId: 'ledger', errorCode: 69 }],
    });
  });

  it('OffsetDelete: UNKNOWN_TOPIC_OR_PARTITION per partition, GROUP_SUBSCRIBED_TO_TOPIC while a consumer subscribes, a group error without topics', async () => {
    wire = await wireCluster({ seed: 162, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    await adminOf(wire.h).createTopics([topic('orders', { assignment: [[0, 1, 2]] })], { timeoutMs: 5000, validateOnly: false });
    const { port } = await coordinatorPort(wire, 'shop');
    const joined = await callApi(port, JOIN_GROUP, 5, {
      groupId: 'shop',
      sessionTimeoutMs: 10000,
      rebalanceTimeoutMs: 10000,
      memberId: '',
      groupInstanceId: 'shop-1',
      protocolType: 'consumer',
      protocols: [{ name: 'range', metadata: subscription('orders') }],
    });
    expect(joined.response.errorCode).toBe(0);
    const memberId = joined.response.memberId as string;
    expect(
      (await callApi(port, SYNC_GROUP, 3, { groupId: 'shop', generationId: 1, memberId, groupInstanceId: 'shop-1', assignments: [] }))
        .response.errorCode,
    ).toBe(0);
    expect((await callApi(port, OFFSET_COMMIT, 7, commitBody('shop', memberId, 1, 'shop-1', 2))).response.topics).toEqual([
      { name: 'orders', partitions: [{ partitionIndex: 0, errorCode: 0 }] },
    ]);
    const deletion = await callApi(port, OFFSET_DELETE, 0, {
      groupId: 'shop',
      topics: [{ name: 'orders', partitions: [{ partitionIndex: 0 }, { partitionIndex: 5 }] }],
    });
    expect(deletion.response).toEqual({
      errorCode: 0,
      throttleTimeMs: 0,
      topics: [
        {
          name: 'orders',
          partitions: [
            { partitionIndex: 5, errorCode: 3 },
            { partitionIndex: 0, errorCode: 86 },
          ],
        },
      ],
    });
    expect(
      (await callApi(port, OFFSET_DELETE, 0, { groupId: 'nobody-here', topics: [{ name: 'orders', partitions: [{ partitionIndex: 0 }] }] }))
        .response,
    ).toMatchObject({ topics: [] });
    expect((await callApi(port, OFFSET_DELETE, 0, { groupId: '', topics: [] })).response).toEqual({
      errorCode: 24,
      throttleTimeMs: 0,
      topics: [],
    });
    expect((await callApi(port, DELETE_GROUPS, 1, { groupsNames: ['shop'] })).response).toEqual({
      throttleTimeMs: 0,
      results: [{ groupId: 'shop', errorCode: 68 }],
    });
  });

  it('a static member rejoining without its member id keeps the generation; the old id is fenced; LeaveGroup v3 answers per member', async () => {
    wire = await wireCluster({ seed: 163, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    await adminOf(wire.h).createTopics([topic('orders', { assignment: [[0, 1, 2]] })], { timeoutMs: 5000, validateOnly: false });
    const { port } = await coordinatorPort(wire, 'static');
    const join = (memberId: string) =>
      callApi(port, JOIN_GROUP, 5, {
        groupId: 'static',
        sessionTimeoutMs: 10000,
        rebalanceTimeoutMs: 10000,
        memberId,
        groupInstanceId: 'static-1',
        protocolType: 'consumer',
        protocols: [{ name: 'range', metadata: subscription('orders') }],
      });
    const first = (await join('')).response;
    // A static member is not asked for a member id first (no MEMBER_ID_REQUIRED).
    expect(first).toMatchObject({ errorCode: 0, generationId: 1, leader: first.memberId });
    expect(first.memberId).toMatch(/^static-1-/);
    await callApi(port, SYNC_GROUP, 3, {
      groupId: 'static',
      generationId: 1,
      memberId: first.memberId,
      groupInstanceId: 'static-1',
      assignments: [{ memberId: first.memberId, assignment: Buffer.from('A') }],
    });

    const again = (await join('')).response;
    expect(again).toMatchObject({ errorCode: 0, generationId: 1, leader: first.memberId, members: [] });
    expect(again.memberId).not.toBe(first.memberId);
    const synced = (
      await callApi(port, SYNC_GROUP, 3, {
        groupId: 'static',
        generationId: 1,
        memberId: again.memberId,
        groupInstanceId: 'static-1',
        assignments: [],
      })
    ).response;
    expect(synced).toMatchObject({ errorCode: 0 });
    expect(Buffer.from(synced.assignment as Uint8Array).toString()).toBe('A');

    expect(
      (await callApi(port, HEARTBEAT, 3, { groupId: 'static', generationId: 1, memberId: first.memberId, groupInstanceId: 'static-1' }))
        .response.errorCode,
    ).toBe(82);
    expect(
      (await callApi(port, HEARTBEAT, 3, { groupId: 'static', generationId: 1, memberId: again.memberId, groupInstanceId: 'static-1' }))
        .response.errorCode,
    ).toBe(0);
    expect(
      (await callApi(port, OFFSET_COMMIT, 7, commitBody('static', first.memberId as string, 1, 'static-1', 1))).response.topics,
    ).toEqual([{ name: 'orders', partitions: [{ partitionIndex: 0, errorCode: 82 }] }]);
    const left = await callApi(port, LEAVE_GROUP, 3, {
      groupId: 'static',
      members: [
        { memberId: first.memberId, groupInstanceId: 'static-1' },
        { memberId: '', groupInstanceId: 'static-1' },
        { memberId: 'nobody', groupInstanceId: null },
      ],
    });
    expect(left.response).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
      members: [
        { memberId: first.memberId, groupInstanceId: 'static-1', errorCode: 82 },
        { memberId: '', groupInstanceId: 'static-1', errorCode: 0 },
        { memberId: 'nobody', groupInstanceId: null, errorCode: 25 },
      ],
    });
  });
});
