/**
 * The group APIs over a real socket in the versions kafka-python does not send (FindCoordinator v2,
 * JoinGroup v5 with MEMBER_ID_REQUIRED, SyncGroup v3, Heartbeat v3, OffsetCommit v7, OffsetFetch v5,
 * DescribeGroups v4, ListGroups v2, LeaveGroup v3), and `__consumer_offsets` refused while fewer
 * brokers are alive than its replication factor.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiMessages } from '../../../src-main/protocol/kafka/messages/api-message';
import { DESCRIBE_GROUPS } from '../../../src-main/protocol/kafka/messages/describe-groups';
import { FIND_COORDINATOR } from '../../../src-main/protocol/kafka/messages/find-coordinator';
import { HEARTBEAT } from '../../../src-main/protocol/kafka/messages/heartbeat';
import { JOIN_GROUP } from '../../../src-main/protocol/kafka/messages/join-group';
import { LEAVE_GROUP } from '../../../src-main/protocol/kafka/messages/leave-group';
import { LIST_GROUPS } from '../../../src-main/protocol/kafka/messages/list-groups';
import { OFFSET_COMMIT } from '../../../src-main/protocol/kafka/messages/offset-commit';
import { OFFSET_FETCH } from '../../../src-main/protocol/kafka/messages/offset-fetch';
import { SYNC_GROUP } from '../../../src-main/protocol/kafka/messages/sync-group';
import { decodeMessage, encodeMessage, type Message } from '../../../src-main/protocol/kafka/wire/schema';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { callApi, RawClient, request } from '../../support/raw-kafka-client';
import { adminOf, topic } from '../../support/scenario';

async function call(wire: WireCluster, brokerId: number, api: ApiMessages, version: number, body: Message): Promise<Message> {
  const client = await RawClient.open(wire.ports.get(brokerId) ?? -1);
  try {
    client.socket.write(request(api.apiKey, version, 1, encodeMessage(api.request, version, body), 'raw-app'));
    await client.until(() => client.frames.length === 1 || client.closed);
    if (client.frames.length === 0) throw new Error(`broker ${brokerId} closed the connection`);
    return decodeMessage(client.frames[0].subarray(4), api.response, version);
  } finally {
    client.socket.destroy();
  }
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

describe('group APIs over the wire', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('FindCoordinator with fewer live brokers than offsets.topic.replication.factor: COORDINATOR_NOT_AVAILABLE, no topic', async () => {
    wire = await wireCluster({ seed: 71, brokers: 2 });
    const answer = await call(wire, 0, FIND_COORDINATOR, 2, { key: 'billing', keyType: 0 });
    expect(answer).toEqual({
      throttleTimeMs: 0,
      errorCode: 15,
      errorMessage: 'The coordinator is not available.',
      nodeId: -1,
      host: '',
      port: -1,
    });
    expect(await (await wire.h.session()).exists('/brokers/topics/__consumer_offsets')).toBeNull();
    expect(wire.h.logLines('server.log', 0)).toContain(
      "[KafkaApi-0] Number of alive brokers '2' does not meet the required replication factor '3' for the offsets topic (configured via 'offsets.topic.replication.factor'). This error can be ignored if the cluster is starting up and not all brokers are up yet.",
    );
  });

  it('a member joins with v5 (MEMBER_ID_REQUIRED first), syncs, heartbeats, commits, is described, and leaves', async () => {
    wire = await wireCluster({ seed: 72, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    const { h } = wire;
    await adminOf(h).createTopics([topic('orders', { assignment: [[0, 1, 2]] })], { timeoutMs: 5000, validateOnly: false });
    let found = await call(wire, 1, FIND_COORDINATOR, 2, { key: 'billing', keyType: 0 });
    expect(found.errorCode).toBe(15);
    for (let i = 0; i < 100 && found.errorCode !== 0; i++) {
      await wire.advance(50);
      found = await call(wire, 1, FIND_COORDINATOR, 2, { key: 'billing', keyType: 0 });
    }
    const coordinator = found.nodeId as number;
    expect(found).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
      errorMessage: 'NONE',
      nodeId: coordinator,
      host: '127.0.0.1',
      port: wire.ports.get(coordinator),
    });
    const other = (coordinator + 1) % 3;

    const join = (memberId: string) =>
      call(wire!, coordinator, JOIN_GROUP, 5, {
        groupId: 'billing',
        sessionTimeoutMs: 10000,
        rebalanceTimeoutMs: 30000,
        memberId,
        groupInstanceId: null,
        protocolType: 'consumer',
        protocols: [{ name: 'range', metadata: Buffer.from('sub') }],
      });
    const required = await join('');
    expect(required).toMatchObject({ errorCode: 79, generationId: -1, protocolName: '', leader: '', members: [] });
    const memberId = required.memberId as string;
    expect(memberId).toMatch(new RegExp(`^raw-app-${UUID}$`));
    expect(await join('')).toMatchObject({ errorCode: 79 });

    const joined = await join(memberId);
    // (ProtocolType is v7+: absent from v5, it decodes as its default.)
    expect(joined).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
      generationId: 1,
      protocolType: null,
      protocolName: 'range',
      leader: memberId,
      memberId,
      members: [{ memberId, groupInstanceId: null, metadata: Buffer.from('sub') }],
    });
    const synced = await call(wire, coordinator, SYNC_GROUP, 3, {
      groupId: 'billing',
      generationId: 1,
      memberId,
      groupInstanceId: null,
      assignments: [{ memberId, assignment: Buffer.from('orders-0') }],
    });
    expect(synced).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
      protocolType: null,
      protocolName: null,
      assignment: Buffer.from('orders-0'),
    });
    expect(await call(wire, coordinator, HEARTBEAT, 3, { groupId: 'billing', generationId: 1, memberId, groupInstanceId: null })).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
    });
    expect(
      (await call(wire, coordinator, HEARTBEAT, 3, { groupId: 'billing', generationId: 2, memberId, groupInstanceId: null })).errorCode,
    ).toBe(22);
    expect(
      (await call(wire, other, HEARTBEAT, 3, { groupId: 'billing', generationId: 1, memberId, groupInstanceId: null })).errorCode,
    ).toBe(16);

    const commit = await call(wire, coordinator, OFFSET_COMMIT, 7, {
      groupId: 'billing',
      generationId: 1,
      memberId,
      groupInstanceId: null,
      topics: [
        { name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 12n, committedLeaderEpoch: 0, committedMetadata: null }] },
        { name: 'nowhere', partitions: [{ partitionIndex: 0, committedOffset: 1n, committedLeaderEpoch: -1, committedMetadata: '' }] },
      ],
    });
    expect(commit).toEqual({
      throttleTimeMs: 0,
      topics: [
        { name: 'orders', partitions: [{ partitionIndex: 0, errorCode: 0 }] },
        { name: 'nowhere', partitions: [{ partitionIndex: 0, errorCode: 3 }] },
      ],
    });
    expect(await call(wire, coordinator, OFFSET_FETCH, 5, { groupId: 'billing', topics: null })).toEqual({
      throttleTimeMs: 0,
      topics: [
        { name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 12n, committedLeaderEpoch: 0, metadata: '', errorCode: 0 }] },
      ],
      errorCode: 0,
    });
    expect(await call(wire, other, OFFSET_FETCH, 5, { groupId: 'billing', topics: null })).toEqual({
      throttleTimeMs: 0,
      topics: [],
      errorCode: 16,
    });
    expect(
      await call(wire, other, OFFSET_FETCH, 1, { groupId: 'billing', topics: [{ name: 'orders', partitionIndexes: [0] }] }),
    ).toMatchObject({
      topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: -1n, metadata: '', errorCode: 16 }] }],
    });

    const described = await call(wire, coordinator, DESCRIBE_GROUPS, 4, {
      groups: ['billing', 'unknown-group'],
      includeAuthorizedOperations: true,
    });
    expect(described.groups).toEqual([
      {
        errorCode: 0,
        groupId: 'billing',
        groupState: 'Stable',
        protocolType: 'consumer',
        protocolData: 'range',
        members: [
          {
            memberId,
            groupInstanceId: null,
            clientId: 'raw-app',
            clientHost: '/127.0.0.1',
            memberMetadata: Buffer.from('sub'),
            memberAssignment: Buffer.from('orders-0'),
          },
        ],
        authorizedOperations: 328,
      },
      expect.objectContaining({ groupId: 'unknown-group', errorCode: expect.any(Number) as number }),
    ]);
    expect(await call(wire, coordinator, LIST_GROUPS, 2, {})).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
      groups: [{ groupId: 'billing', protocolType: 'consumer' }],
    });
    expect(await call(wire, other, LIST_GROUPS, 2, {})).toEqual({ throttleTimeMs: 0, errorCode: 0, groups: [] });

    expect(await call(wire, coordinator, LEAVE_GROUP, 3, { groupId: 'billing', members: [{ memberId, groupInstanceId: null }] })).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
      members: [{ memberId, groupInstanceId: null, errorCode: 0 }],
    });
    expect((await call(wire, coordinator, LEAVE_GROUP, 1, { groupId: 'billing', memberId })).errorCode).toBe(25);
    // With no member left the rebalance's timeout (the members' largest) is 0: it completes at the next tick.
    await wire.advance(1);
    expect((await call(wire, coordinator, DESCRIBE_GROUPS, 0, { groups: ['billing'] })).groups).toEqual([
      {
        errorCode: 0,
        groupId: 'billing',
        groupState: 'Empty',
        protocolType: 'consumer',
        protocolData: '',
        members: [],
        authorizedOperations: -2147483648,
      },
    ]);
  });

  it('JoinGroup v7 and SyncGroup v5 (flexible): the group’s protocol type and name, null where there is none; a v5 sync must name them', async () => {
    wire = await wireCluster({ seed: 79, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    let found = await callApi(wire.ports.get(0) ?? -1, FIND_COORDINATOR, 3, { key: 'flex', keyType: 0 });
    for (let i = 0; i < 100 && found.response.errorCode !== 0; i++) {
      await wire.advance(50);
      found = await callApi(wire.ports.get(0) ?? -1, FIND_COORDINATOR, 3, { key: 'flex', keyType: 0 });
    }
    const port = wire.ports.get(found.response.nodeId as number) ?? -1;
    const join = async (memberId: string) =>
      (
        await callApi(port, JOIN_GROUP, 7, {
          groupId: 'flex',
          sessionTimeoutMs: 10000,
          rebalanceTimeoutMs: 30000,
          memberId,
          groupInstanceId: null,
          protocolType: 'consumer',
          protocols: [{ name: 'range', metadata: Buffer.from('sub') }],
        })
      ).response;
    const required = await join('');
    expect(required).toMatchObject({ errorCode: 79, protocolType: null, protocolName: null });
    const memberId = required.memberId as string;
    expect(await join(memberId)).toMatchObject({
      errorCode: 0,
      generationId: 1,
      protocolType: 'consumer',
      protocolName: 'range',
      leader: memberId,
    });
    const sync = async (protocolType: string | null, protocolName: string | null) =>
      (
        await callApi(port, SYNC_GROUP, 5, {
          groupId: 'flex',
          generationId: 1,
          memberId,
          groupInstanceId: null,
          protocolType,
          protocolName,
          assignments: [{ memberId, assignment: Buffer.from('a') }],
        })
      ).response;
    const refused = { throttleTimeMs: 0, errorCode: 23, protocolType: null, protocolName: null, assignment: Buffer.alloc(0) };
    expect(await sync(null, 'range')).toEqual(refused);
    expect(await sync('consumer', 'roundrobin')).toEqual(refused);
    expect(await sync('consumer', 'range')).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
      protocolType: 'consumer',
      protocolName: 'range',
      assignment: Buffer.from('a'),
    });
    expect((await callApi(port, HEARTBEAT, 4, { groupId: 'flex', generationId: 1, memberId, groupInstanceId: null })).response).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
    });
  });
});
