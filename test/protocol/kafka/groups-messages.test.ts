/**
 * The grammars of the group APIs against an independent implementation — kafka-python 2.0.2's
 * protocol classes, for the versions it has: each request it encodes is read by our grammar and
 * written back to the same bytes, and each response we write it decodes with nothing left over.
 * The versions past kafka-python's (the v3+ fields: group instance ids, member batches, leader
 * epochs) are checked against bytes laid out by hand.
 */
import { describe, expect, it } from 'vitest';
import { DESCRIBE_GROUPS } from '../../../src-main/protocol/kafka/messages/describe-groups';
import { FIND_COORDINATOR } from '../../../src-main/protocol/kafka/messages/find-coordinator';
import { HEARTBEAT } from '../../../src-main/protocol/kafka/messages/heartbeat';
import { JOIN_GROUP } from '../../../src-main/protocol/kafka/messages/join-group';
import { LEAVE_GROUP } from '../../../src-main/protocol/kafka/messages/leave-group';
import { LIST_GROUPS } from '../../../src-main/protocol/kafka/messages/list-groups';
import { OFFSET_COMMIT } from '../../../src-main/protocol/kafka/messages/offset-commit';
import { OFFSET_FETCH } from '../../../src-main/protocol/kafka/messages/offset-fetch';
import { SYNC_GROUP } from '../../../src-main/protocol/kafka/messages/sync-group';
import type { ApiMessages } from '../../../src-main/protocol/kafka/messages/api-message';
import { decodeMessage, encodeMessage, type Message } from '../../../src-main/protocol/kafka/wire/schema';
import { kafkaPythonUnavailable } from '../../support/kafka-python';
import { kafkaPython } from '../../support/kafka-wire';

const unavailable = kafkaPythonUnavailable();
const skip = unavailable !== null && !process.env.CI;
if (skip) console.warn(`kafka-python protocol tests skipped: ${unavailable}`);

const h = (hex: string) => ({ hex });
const buf = (hex: string) => Buffer.from(hex, 'hex');
const str = (s: string) => Buffer.from(s).length.toString(16).padStart(4, '0') + Buffer.from(s).toString('hex');

interface RequestCase {
  api: ApiMessages;
  version: number;
  /** kafka-python's class and its positional arguments. */
  python: [string, unknown[]];
  /** What our grammar reads (a subset of the fields). */
  expected: Message;
}

interface ResponseCase {
  api: ApiMessages;
  version: number;
  body: Message;
  python: string;
  /** What kafka-python decodes. */
  expected: Record<string, unknown>;
  /** Bytes kafka-python's schema does not read (default 0). */
  leftover?: number;
}

const protocols = [
  ['range', h('0001')],
  ['roundrobin', h('')],
];

const REQUESTS: RequestCase[] = [
  { api: FIND_COORDINATOR, version: 0, python: ['GroupCoordinatorRequest_v0', ['billing']], expected: { key: 'billing', keyType: 0 } },
  { api: FIND_COORDINATOR, version: 1, python: ['GroupCoordinatorRequest_v1', ['billing', 0]], expected: { key: 'billing', keyType: 0 } },
  {
    api: JOIN_GROUP,
    version: 0,
    python: ['JoinGroupRequest_v0', ['billing', 10000, '', 'consumer', protocols]],
    expected: {
      groupId: 'billing',
      sessionTimeoutMs: 10000,
      rebalanceTimeoutMs: -1,
      memberId: '',
      protocolType: 'consumer',
      protocols: [
        { name: 'range', metadata: buf('0001') },
        { name: 'roundrobin', metadata: buf('') },
      ],
    },
  },
  {
    api: JOIN_GROUP,
    version: 1,
    python: ['JoinGroupRequest_v1', ['billing', 10000, 300000, 'm-1', 'consumer', protocols]],
    expected: { rebalanceTimeoutMs: 300000, memberId: 'm-1', groupInstanceId: null },
  },
  {
    api: JOIN_GROUP,
    version: 2,
    python: ['JoinGroupRequest_v2', ['billing', 10000, 300000, 'm-1', 'consumer', protocols]],
    expected: { sessionTimeoutMs: 10000, rebalanceTimeoutMs: 300000 },
  },
  {
    api: SYNC_GROUP,
    version: 0,
    python: [
      'SyncGroupRequest_v0',
      [
        'billing',
        3,
        'm-1',
        [
          ['m-1', h('0a0b')],
          ['m-2', h('')],
        ],
      ],
    ],
    expected: {
      groupId: 'billing',
      generationId: 3,
      memberId: 'm-1',
      assignments: [
        { memberId: 'm-1', assignment: buf('0a0b') },
        { memberId: 'm-2', assignment: buf('') },
      ],
    },
  },
  {
    api: SYNC_GROUP,
    version: 1,
    python: ['SyncGroupRequest_v1', ['billing', 3, 'm-2', []]],
    expected: { memberId: 'm-2', assignments: [] },
  },
  {
    api: HEARTBEAT,
    version: 0,
    python: ['HeartbeatRequest_v0', ['billing', 3, 'm-1']],
    expected: { groupId: 'billing', generationId: 3, memberId: 'm-1' },
  },
  { api: HEARTBEAT, version: 1, python: ['HeartbeatRequest_v1', ['billing', 3, 'm-1']], expected: { generationId: 3 } },
  {
    api: LEAVE_GROUP,
    version: 0,
    python: ['LeaveGroupRequest_v0', ['billing', 'm-1']],
    expected: { groupId: 'billing', memberId: 'm-1', members: [] },
  },
  { api: LEAVE_GROUP, version: 1, python: ['LeaveGroupRequest_v1', ['billing', 'm-1']], expected: { memberId: 'm-1' } },
  {
    api: OFFSET_COMMIT,
    version: 0,
    python: [
      'OffsetCommitRequest_v0',
      [
        'billing',
        [
          [
            'orders',
            [
              [0, 42, 'meta'],
              [1, 7, ''],
            ],
          ],
        ],
      ],
    ],
    expected: {
      groupId: 'billing',
      generationId: -1,
      memberId: '',
      topics: [
        {
          name: 'orders',
          partitions: [
            { partitionIndex: 0, committedOffset: 42n, committedLeaderEpoch: -1, commitTimestamp: -1n, committedMetadata: 'meta' },
            { partitionIndex: 1, committedOffset: 7n, committedLeaderEpoch: -1, commitTimestamp: -1n, committedMetadata: '' },
          ],
        },
      ],
    },
  },
  {
    api: OFFSET_COMMIT,
    version: 1,
    python: ['OffsetCommitRequest_v1', ['billing', 3, 'm-1', [['orders', [[0, 42, 1700000000000, 'meta']]]]]],
    expected: {
      generationId: 3,
      memberId: 'm-1',
      retentionTimeMs: -1n,
      topics: [
        {
          name: 'orders',
          partitions: [
            {
              partitionIndex: 0,
              committedOffset: 42n,
              committedLeaderEpoch: -1,
              commitTimestamp: 1700000000000n,
              committedMetadata: 'meta',
            },
          ],
        },
      ],
    },
  },
  {
    api: OFFSET_COMMIT,
    version: 2,
    python: ['OffsetCommitRequest_v2', ['billing', 3, 'm-1', 86400000, [['orders', [[2, 9, '']]]]]],
    expected: { retentionTimeMs: 86400000n },
  },
  {
    api: OFFSET_COMMIT,
    version: 3,
    python: ['OffsetCommitRequest_v3', ['billing', -1, '', -1, [['orders', [[2, 9, '']]]]]],
    expected: { generationId: -1, retentionTimeMs: -1n },
  },
  {
    api: OFFSET_FETCH,
    version: 0,
    python: ['OffsetFetchRequest_v0', ['billing', [['orders', [0, 1]]]]],
    expected: { groupId: 'billing', topics: [{ name: 'orders', partitionIndexes: [0, 1] }] },
  },
  {
    api: OFFSET_FETCH,
    version: 1,
    python: ['OffsetFetchRequest_v1', ['billing', [['orders', [2]]]]],
    expected: { topics: [{ name: 'orders', partitionIndexes: [2] }] },
  },
  { api: OFFSET_FETCH, version: 2, python: ['OffsetFetchRequest_v2', ['billing', null]], expected: { topics: null } },
  { api: OFFSET_FETCH, version: 3, python: ['OffsetFetchRequest_v3', ['billing', null]], expected: { topics: null } },
  { api: LIST_GROUPS, version: 0, python: ['ListGroupsRequest_v0', []], expected: {} },
  { api: LIST_GROUPS, version: 2, python: ['ListGroupsRequest_v2', []], expected: {} },
  {
    api: DESCRIBE_GROUPS,
    version: 0,
    python: ['DescribeGroupsRequest_v0', [['billing', 'audit']]],
    expected: { groups: ['billing', 'audit'], includeAuthorizedOperations: false },
  },
  {
    api: DESCRIBE_GROUPS,
    version: 3,
    python: ['DescribeGroupsRequest_v3', [['billing'], true]],
    expected: { groups: ['billing'], includeAuthorizedOperations: true },
  },
];

const member = {
  memberId: 'm-1',
  groupInstanceId: null,
  clientId: 'c',
  clientHost: '/127.0.0.1',
  memberMetadata: buf('01'),
  memberAssignment: buf('02'),
};
const described = {
  errorCode: 0,
  groupId: 'billing',
  groupState: 'Stable',
  protocolType: 'consumer',
  protocolData: 'range',
  members: [member],
  authorizedOperations: 328,
};
const pyMember = { member_id: 'm-1', client_id: 'c', client_host: '/127.0.0.1', member_metadata: h('01'), member_assignment: h('02') };
const pyGroup = { error_code: 0, group: 'billing', state: 'Stable', protocol_type: 'consumer', protocol: 'range', members: [pyMember] };
const joinBody = {
  throttleTimeMs: 5,
  errorCode: 0,
  generationId: 2,
  protocolName: 'range',
  leader: 'm-1',
  memberId: 'm-2',
  members: [{ memberId: 'm-1', groupInstanceId: null, metadata: buf('0a') }],
};
const pyJoin = {
  error_code: 0,
  generation_id: 2,
  group_protocol: 'range',
  leader_id: 'm-1',
  member_id: 'm-2',
  members: [{ member_id: 'm-1', member_metadata: h('0a') }],
};
const pyFetched = { topic: 'orders', partitions: [{ partition: 0, offset: 42, metadata: 'meta', error_code: 0 }] };
const offsetFetchBody = {
  throttleTimeMs: 5,
  topics: [
    { name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 42n, committedLeaderEpoch: 3, metadata: 'meta', errorCode: 0 }] },
  ],
  errorCode: 0,
};

const RESPONSES: ResponseCase[] = [
  {
    api: FIND_COORDINATOR,
    version: 0,
    python: 'GroupCoordinatorResponse_v0',
    body: { errorCode: 0, nodeId: 2, host: 'localhost', port: 9094 },
    expected: { error_code: 0, coordinator_id: 2, host: 'localhost', port: 9094 },
  },
  // (kafka-python's GroupCoordinatorResponse_v1 lacks Kafka's ThrottleTimeMs — it only ever sends v0 — so v1 is not compared.)
  { api: JOIN_GROUP, version: 0, python: 'JoinGroupResponse_v0', body: joinBody, expected: pyJoin },
  { api: JOIN_GROUP, version: 2, python: 'JoinGroupResponse_v2', body: joinBody, expected: { throttle_time_ms: 5, ...pyJoin } },
  {
    api: SYNC_GROUP,
    version: 0,
    python: 'SyncGroupResponse_v0',
    body: { errorCode: 27, assignment: buf('') },
    expected: { error_code: 27, member_assignment: h('') },
  },
  {
    api: SYNC_GROUP,
    version: 1,
    python: 'SyncGroupResponse_v1',
    body: { throttleTimeMs: 1, errorCode: 0, assignment: buf('0001') },
    expected: { throttle_time_ms: 1, error_code: 0, member_assignment: h('0001') },
  },
  { api: HEARTBEAT, version: 0, python: 'HeartbeatResponse_v0', body: { errorCode: 22 }, expected: { error_code: 22 } },
  {
    api: HEARTBEAT,
    version: 1,
    python: 'HeartbeatResponse_v1',
    body: { throttleTimeMs: 0, errorCode: 27 },
    expected: { throttle_time_ms: 0, error_code: 27 },
  },
  {
    api: LEAVE_GROUP,
    version: 1,
    python: 'LeaveGroupResponse_v1',
    body: { throttleTimeMs: 0, errorCode: 25, members: [] },
    expected: { throttle_time_ms: 0, error_code: 25 },
  },
  {
    api: OFFSET_COMMIT,
    version: 2,
    python: 'OffsetCommitResponse_v2',
    body: {
      topics: [
        {
          name: 'orders',
          partitions: [
            { partitionIndex: 0, errorCode: 0 },
            { partitionIndex: 1, errorCode: 3 },
          ],
        },
      ],
    },
    expected: {
      topics: [
        {
          topic: 'orders',
          partitions: [
            { partition: 0, error_code: 0 },
            { partition: 1, error_code: 3 },
          ],
        },
      ],
    },
  },
  {
    api: OFFSET_COMMIT,
    version: 3,
    python: 'OffsetCommitResponse_v3',
    body: { throttleTimeMs: 4, topics: [] },
    expected: { throttle_time_ms: 4, topics: [] },
  },
  { api: OFFSET_FETCH, version: 1, python: 'OffsetFetchResponse_v1', body: offsetFetchBody, expected: { topics: [pyFetched] } },
  {
    api: OFFSET_FETCH,
    version: 2,
    python: 'OffsetFetchResponse_v2',
    body: { ...offsetFetchBody, errorCode: 14, topics: [] },
    expected: { topics: [], error_code: 14 },
  },
  {
    api: OFFSET_FETCH,
    version: 3,
    python: 'OffsetFetchResponse_v3',
    body: offsetFetchBody,
    expected: { throttle_time_ms: 5, topics: [pyFetched], error_code: 0 },
  },
  {
    api: LIST_GROUPS,
    version: 0,
    python: 'ListGroupsResponse_v0',
    body: { errorCode: 0, groups: [{ groupId: 'billing', protocolType: 'consumer' }] },
    expected: { error_code: 0, groups: [{ group: 'billing', protocol_type: 'consumer' }] },
  },
  {
    api: LIST_GROUPS,
    version: 2,
    python: 'ListGroupsResponse_v2',
    body: { throttleTimeMs: 0, errorCode: 0, groups: [] },
    expected: { throttle_time_ms: 0, error_code: 0, groups: [] },
  },
  { api: DESCRIBE_GROUPS, version: 0, python: 'DescribeGroupsResponse_v0', body: { groups: [described] }, expected: { groups: [pyGroup] } },
  // kafka-python's DescribeGroupsResponse_v3 closes the group before Kafka's per-group AuthorizedOperations,
  // so it leaves those 4 bytes (328: READ, DELETE, DESCRIBE) unread.
  {
    api: DESCRIBE_GROUPS,
    version: 3,
    python: 'DescribeGroupsResponse_v3',
    body: { throttleTimeMs: 0, groups: [described] },
    expected: { throttle_time_ms: 0, groups: [pyGroup] },
    leftover: 4,
  },
];

describe.skipIf(skip)('group API grammars against kafka-python’s protocol classes', () => {
  it('reads every request kafka-python writes, and writes it back byte for byte', async () => {
    const out = await kafkaPython<{ requests: string[] }>(
      'group-wire',
      '-',
      JSON.stringify({ requests: REQUESTS.map((c) => c.python), responses: [] }),
    );
    REQUESTS.forEach((c, i) => {
      const bytes = buf(out.requests[i]);
      const read = decodeMessage(bytes, c.api.request, c.version);
      expect(read, `${c.api.name} v${c.version}`).toMatchObject(c.expected);
      expect(encodeMessage(c.api.request, c.version, read).toString('hex'), `${c.api.name} v${c.version}`).toBe(out.requests[i]);
    });
  });

  it('writes every response kafka-python reads, leaving unread only what its schemas lack', async () => {
    const spec = {
      requests: [],
      responses: RESPONSES.map((c) => [c.python, encodeMessage(c.api.response, c.version, c.body).toString('hex')]),
    };
    const out = await kafkaPython<{ responses: Array<{ object: Record<string, unknown>; leftover: number; error?: string }> }>(
      'group-wire',
      '-',
      JSON.stringify(spec),
    );
    RESPONSES.forEach((c, i) => {
      const decoded = out.responses[i];
      expect(decoded.error, `${c.api.name} v${c.version}`).toBeUndefined();
      expect(decoded.leftover, `${c.api.name} v${c.version}`).toBe(c.leftover ?? 0);
      expect(decoded.object, `${c.api.name} v${c.version}`).toEqual(c.expected);
    });
  });
});

describe('group API grammars past kafka-python’s versions', () => {
  it('JoinGroup v5: GroupInstanceId in the request and in each member of the response', () => {
    const request = decodeMessage(
      buf(str('g') + '00002710' + '000493e0' + str('m') + str('i-1') + str('consumer') + '00000001' + str('range') + '00000000'),
      JOIN_GROUP.request,
      5,
    );
    expect(request).toMatchObject({
      groupId: 'g',
      sessionTimeoutMs: 10000,
      rebalanceTimeoutMs: 300000,
      memberId: 'm',
      groupInstanceId: 'i-1',
      protocolType: 'consumer',
    });
    const response = {
      throttleTimeMs: 0,
      errorCode: 79,
      generationId: -1,
      protocolName: '',
      leader: '',
      memberId: 'c-1',
      members: [{ memberId: 'c-1', groupInstanceId: null, metadata: buf('') }],
    };
    expect(encodeMessage(JOIN_GROUP.response, 5, response).toString('hex')).toBe(
      '00000000' + '004f' + 'ffffffff' + '0000' + '0000' + str('c-1') + '00000001' + str('c-1') + 'ffff' + '00000000',
    );
  });

  it('SyncGroup v3 and Heartbeat v3 carry GroupInstanceId (null)', () => {
    expect(decodeMessage(buf(str('g') + '00000001' + str('m') + 'ffff' + '00000000'), SYNC_GROUP.request, 3)).toEqual({
      groupId: 'g',
      generationId: 1,
      memberId: 'm',
      groupInstanceId: null,
      protocolType: null,
      protocolName: null,
      assignments: [],
    });
    expect(decodeMessage(buf(str('g') + '00000001' + str('m') + 'ffff'), HEARTBEAT.request, 3)).toEqual({
      groupId: 'g',
      generationId: 1,
      memberId: 'm',
      groupInstanceId: null,
    });
  });

  it('LeaveGroup v3: a batch of members, answered one by one', () => {
    expect(decodeMessage(buf(str('g') + '00000002' + str('a') + 'ffff' + str('b') + str('i')), LEAVE_GROUP.request, 3)).toEqual({
      groupId: 'g',
      memberId: '',
      members: [
        { memberId: 'a', groupInstanceId: null },
        { memberId: 'b', groupInstanceId: 'i' },
      ],
    });
    const response = { throttleTimeMs: 0, errorCode: 0, members: [{ memberId: 'a', groupInstanceId: null, errorCode: 25 }] };
    expect(encodeMessage(LEAVE_GROUP.response, 3, response).toString('hex')).toBe(
      '00000000' + '0000' + '00000001' + str('a') + 'ffff' + '0019',
    );
  });

  it('OffsetCommit v7 (leader epoch, group instance id, no retention) and OffsetFetch v5 (leader epoch)', () => {
    const v7 = buf(
      str('g') +
        '00000002' +
        str('m') +
        'ffff' +
        '00000001' +
        str('t') +
        '00000001' +
        '00000000' +
        '000000000000002a' +
        '00000005' +
        'ffff',
    );
    expect(decodeMessage(v7, OFFSET_COMMIT.request, 7)).toEqual({
      groupId: 'g',
      generationId: 2,
      memberId: 'm',
      groupInstanceId: null,
      retentionTimeMs: -1n,
      topics: [
        {
          name: 't',
          partitions: [{ partitionIndex: 0, committedOffset: 42n, committedLeaderEpoch: 5, commitTimestamp: -1n, committedMetadata: null }],
        },
      ],
    });
    expect(encodeMessage(OFFSET_FETCH.response, 5, offsetFetchBody).toString('hex')).toBe(
      '00000005' + '00000001' + str('orders') + '00000001' + '00000000' + '000000000000002a' + '00000003' + str('meta') + '0000' + '0000',
    );
  });

  it('FindCoordinator v2 and DescribeGroups v4 (member GroupInstanceId)', () => {
    expect(
      encodeMessage(FIND_COORDINATOR.response, 2, {
        throttleTimeMs: 0,
        errorCode: 0,
        errorMessage: 'NONE',
        nodeId: 1,
        host: 'h',
        port: 9093,
      }).toString('hex'),
    ).toBe('00000000' + '0000' + str('NONE') + '00000001' + str('h') + '00002385');
    const v4 = encodeMessage(DESCRIBE_GROUPS.response, 4, {
      throttleTimeMs: 0,
      groups: [{ ...described, members: [{ ...member, groupInstanceId: 'i' }] }],
    }).toString('hex');
    expect(v4).toBe(
      '00000000' +
        '00000001' +
        '0000' +
        str('billing') +
        str('Stable') +
        str('consumer') +
        str('range') +
        '00000001' +
        str('m-1') +
        str('i') +
        str('c') +
        str('/127.0.0.1') +
        '0000000101' +
        '0000000102' +
        '00000148',
    );
  });
});
