import { describe, expect, it } from 'vitest';
import { topicNameProblem } from '../../../src-main/core/admin/topic-name';
import { tp } from '../../../src-main/core/common/topic-partition';
import { CREATOR_ALL_ACL, OPEN_ACL_UNSAFE, READ_ACL_UNSAFE } from '../../../src-main/core/zookeeper/types';
import type { JsonSchema, ZnodeIdentity, ZnodeKind } from '../../../src-main/core/kafka-zk';
import {
  BrokerIdZNode,
  ControllerZNode,
  IsrChangeNotificationSequenceZNode,
  PERSISTENT_ZK_PATHS,
  ProducerIdBlockZNode,
  ReassignPartitionsZNode,
  ReplicaAssignment,
  TopicPartitionStateZNode,
  TopicZNode,
  ZNODE_SPECS,
  ZkVersion,
  defaultAcls,
  identifyZnode,
  isSensitivePath,
  validateZnodeData,
  znodeSpec,
} from '../../../src-main/core/kafka-zk';
import { bytes } from './zk-test-data';

describe('top-level paths and ACLs', () => {
  it('creates the persistent paths in createTopLevelPaths order', () => {
    expect(PERSISTENT_ZK_PATHS).toEqual([
      '/consumers',
      '/brokers/ids',
      '/brokers/topics',
      '/config/changes',
      '/admin/delete_topics',
      '/brokers/seqid',
      '/isr_change_notification',
      '/latest_producer_id_block',
      '/log_dir_event_notification',
      '/config/topics',
      '/config/clients',
      '/config/users',
      '/config/brokers',
    ]);
  });

  it('gives open ACLs unless secure, and keeps sensitive roots unreadable', () => {
    expect(defaultAcls(false, '/config/users')).toEqual(OPEN_ACL_UNSAFE);
    expect(defaultAcls(true, '/consumers')).toEqual(OPEN_ACL_UNSAFE);
    expect(defaultAcls(true, '/brokers/ids')).toEqual([...CREATOR_ALL_ACL, ...READ_ACL_UNSAFE]);
    expect(defaultAcls(true, '/config/users/alice')).toEqual([...CREATOR_ALL_ACL]);
    expect(isSensitivePath('/config/brokers/1')).toBe(true);
    expect(isSensitivePath('/config/topics/t')).toBe(false);
  });

  it("has Kafka's ZkVersion constants", () => {
    expect(ZkVersion).toEqual({ MatchAnyVersion: -1, UnknownVersion: -2 });
  });
});

describe('identifyZnode', () => {
  const cases: [string, Partial<ZnodeIdentity> & { kind: ZnodeKind }][] = [
    ['/', { kind: 'root' }],
    ['/zookeeper/quota', { kind: 'zookeeper-internal' }],
    ['/cluster', { kind: 'cluster' }],
    ['/cluster/id', { kind: 'cluster-id' }],
    ['/controller', { kind: 'controller' }],
    ['/controller_epoch', { kind: 'controller-epoch' }],
    ['/brokers', { kind: 'brokers' }],
    ['/brokers/ids', { kind: 'broker-ids' }],
    ['/brokers/ids/3', { kind: 'broker-registration', brokerId: 3 }],
    ['/brokers/seqid', { kind: 'broker-seqid' }],
    ['/brokers/topics', { kind: 'topics' }],
    ['/brokers/topics/orders', { kind: 'topic', topic: 'orders' }],
    ['/brokers/topics/orders/partitions', { kind: 'topic-partitions', topic: 'orders' }],
    ['/brokers/topics/orders/partitions/2', { kind: 'topic-partition', topic: 'orders', topicPartition: tp('orders', 2) }],
    ['/brokers/topics/orders/partitions/2/state', { kind: 'partition-state', topic: 'orders', topicPartition: tp('orders', 2) }],
    ['/admin', { kind: 'admin' }],
    ['/admin/delete_topics', { kind: 'delete-topics' }],
    ['/admin/delete_topics/orders', { kind: 'delete-topic-marker', topic: 'orders' }],
    ['/admin/reassign_partitions', { kind: 'reassign-partitions' }],
    ['/admin/preferred_replica_election', { kind: 'preferred-replica-election' }],
    ['/config', { kind: 'config' }],
    ['/config/topics', { kind: 'config-entity-type', entityType: 'topics' }],
    ['/config/topics/orders', { kind: 'config-entity', entityType: 'topics', entityName: 'orders' }],
    ['/config/brokers/<default>', { kind: 'config-entity', entityType: 'brokers', entityName: '<default>' }],
    ['/config/brokers/1', { kind: 'config-entity', entityType: 'brokers', entityName: '1' }],
    ['/config/users/alice/clients', { kind: 'config-user-clients', user: 'alice' }],
    ['/config/users/alice/clients/app', { kind: 'config-entity', entityType: 'users', entityName: 'alice/clients/app' }],
    ['/config/changes', { kind: 'config-changes' }],
    ['/config/changes/config_change_0000000012', { kind: 'config-change-notification', sequenceNumber: '0000000012' }],
    ['/config/changes/config_change_', { kind: 'config-change-notification', sequenceNumber: '' }],
    ['/isr_change_notification', { kind: 'isr-change-notifications' }],
    ['/isr_change_notification/isr_change_0000000000', { kind: 'isr-change-notification', sequenceNumber: '0000000000' }],
    ['/log_dir_event_notification', { kind: 'log-dir-event-notifications' }],
    ['/log_dir_event_notification/log_dir_event_0000000001', { kind: 'log-dir-event-notification', sequenceNumber: '0000000001' }],
    ['/latest_producer_id_block', { kind: 'latest-producer-id-block' }],
    ['/consumers', { kind: 'consumers' }],
    ['/consumers/g1/ids/c1', { kind: 'consumer-group-node', group: 'g1' }],
    ['/consumers/g1/offsets/orders/0', { kind: 'consumer-offset', group: 'g1', topic: 'orders', partition: 0 }],
    ['/kafka-acl/Topic/orders', { kind: 'acl' }],
    ['/kafka-acl-extended/prefixed/Topic/ord', { kind: 'acl' }],
    ['/kafka-acl-changes/acl_changes_0000000001', { kind: 'acl-change' }],
    ['/delegation_token/tokens/abc', { kind: 'delegation-token' }],
  ];

  it.each(cases)('recognises %s', (path, expected) => {
    expect(identifyZnode(path)).toEqual({ path, problem: null, ...expected });
  });

  it.each([
    '/foo',
    '/brokers/other',
    '/brokers/ids/1/x',
    '/brokers/topics/t/other',
    '/brokers/topics/t/partitions/0/state/x',
    '/admin/other',
    '/controller/x',
    '/cluster/other',
    '/config/changes/a/b',
  ])('calls %s unknown', (path) => {
    expect(identifyZnode(path)).toEqual({ kind: 'unknown', path, problem: null });
  });

  it('rejects paths ZooKeeper rejects', () => {
    expect(identifyZnode('/brokers/')).toEqual({ kind: 'unknown', path: '/brokers/', problem: 'Path must not end with / character' });
  });

  it('strips the chroot', () => {
    expect(identifyZnode('/kafka/brokers/ids/1', '/kafka')).toMatchObject({
      kind: 'broker-registration',
      path: '/brokers/ids/1',
      brokerId: 1,
    });
    expect(identifyZnode('/kafka', '/kafka')).toMatchObject({ kind: 'root', path: '/' });
    expect(identifyZnode('/other/brokers', '/kafka')).toMatchObject({ kind: 'unknown', problem: "Outside the cluster's chroot /kafka" });
  });

  it.each([
    ['/brokers/ids/abc', 'The controller reads every child of /brokers/ids as a broker id and fails on this one: For input string: "abc"'],
    ['/brokers/ids/007', 'Kafka reads "007" as broker 7, whose registration is /brokers/ids/7'],
    ['/brokers/ids/-1', 'Negative broker id -1'],
    [
      '/brokers/topics/bad name',
      `Topic name "bad name" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'`,
    ],
    ['/brokers/topics/t/partitions/x/state', '"x" is not a partition number; Kafka never reads this node'],
    ['/brokers/topics/t/partitions/01', '"01" is not a partition number as Kafka writes it; Kafka never reads this node'],
    ['/config/groups', 'Kafka 2.5 has no config entity type "groups"'],
    ['/config/brokers/x', 'Broker configs are per broker id or <default>; "x" is neither'],
    [
      '/config/changes/config_change_x1',
      'Brokers read the number after config_change_ as a long: For input string: "x1"; every later notification fails too',
    ],
    ['/config/changes/other', 'Not named config_change_<number>: Kafka cannot process this child of /config/changes'],
    [
      '/isr_change_notification/isr_change_x',
      'Not named isr_change_<number>: the controller would delete a different path and leave this node behind',
    ],
  ])('explains what is wrong with %s', (path, problem) => {
    expect(identifyZnode(path).problem).toBe(problem);
  });

  it('keeps the broker id out when it is not usable', () => {
    expect(identifyZnode('/brokers/ids/abc')).toMatchObject({ kind: 'broker-registration', brokerId: null });
    expect(identifyZnode('/brokers/topics/t/partitions/x/state')).toMatchObject({ kind: 'partition-state', topicPartition: null });
  });

  it("applies Kafka's topic name rules", () => {
    expect(topicNameProblem('orders.v1_x-y')).toBeNull();
    expect(topicNameProblem('a'.repeat(250))).toBe(
      `Topic name is illegal, it can't be longer than 249 characters, topic name: ${'a'.repeat(250)}`,
    );
  });
});

/** Enough of JSON Schema (the subset ZNODE_SPECS uses) to check templates and encoder output. */
function schemaErrors(schema: JsonSchema, value: unknown, at = ''): string[] {
  const errs: string[] = [];
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
  if (types.length > 0 && !types.includes(typeOf(value) as never)) return [`${at}: type ${typeOf(value)} not in ${types.join('|')}`];
  if (schema.const !== undefined && value !== schema.const) errs.push(`${at}: not const ${schema.const}`);
  if (schema.enum !== undefined && !schema.enum.includes(value as string | number)) errs.push(`${at}: not in enum`);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) errs.push(`${at}: below minimum`);
    if (schema.maximum !== undefined && value > schema.maximum) errs.push(`${at}: above maximum`);
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) errs.push(`${at}: too short`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) errs.push(`${at}: pattern`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errs.push(`${at}: too few items`);
    if (schema.uniqueItems && new Set(value).size !== value.length) errs.push(`${at}: items not unique`);
    if (schema.items) value.forEach((v, i) => errs.push(...schemaErrors(schema.items as JsonSchema, v, `${at}/${i}`)));
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    for (const r of schema.required ?? []) if (!(r in obj)) errs.push(`${at}: missing ${r}`);
    for (const [k, v] of Object.entries(obj)) {
      if (schema.propertyNames?.pattern && !new RegExp(schema.propertyNames.pattern).test(k)) errs.push(`${at}/${k}: property name`);
      const sub = schema.properties?.[k];
      if (sub) errs.push(...schemaErrors(sub, v, `${at}/${k}`));
      else if (schema.additionalProperties === false) errs.push(`${at}/${k}: not allowed`);
      else if (typeof schema.additionalProperties === 'object') errs.push(...schemaErrors(schema.additionalProperties, v, `${at}/${k}`));
    }
  }
  return errs;
}

/** A concrete path for each kind that has data. */
const SAMPLE_PATHS: Partial<Record<ZnodeKind, string>> = {
  'cluster-id': '/cluster/id',
  controller: '/controller',
  'controller-epoch': '/controller_epoch',
  'broker-registration': '/brokers/ids/0',
  topic: '/brokers/topics/my-topic',
  'partition-state': '/brokers/topics/my-topic/partitions/0/state',
  'reassign-partitions': '/admin/reassign_partitions',
  'preferred-replica-election': '/admin/preferred_replica_election',
  'config-entity': '/config/topics/my-topic',
  'config-change-notification': '/config/changes/config_change_0000000000',
  'isr-change-notification': '/isr_change_notification/isr_change_0000000000',
  'log-dir-event-notification': '/log_dir_event_notification/log_dir_event_0000000000',
  'latest-producer-id-block': '/latest_producer_id_block',
  'consumer-offset': '/consumers/g/offsets/my-topic/0',
};

describe('ZNODE_SPECS', () => {
  it('describes every kind, with a JSON schema exactly for the JSON znodes', () => {
    for (const [kind, spec] of Object.entries(ZNODE_SPECS)) {
      expect(spec.kind).toBe(kind);
      expect(znodeSpec(kind as ZnodeKind)).toBe(spec);
      expect(spec.title.length).toBeGreaterThan(0);
      if (spec.dataFormat === 'json' && !['acl'].includes(kind))
        expect(spec.jsonSchema?.$schema).toBe('http://json-schema.org/draft-07/schema#');
      if (spec.dataFormat === 'null') expect(spec.template).toBeNull();
    }
  });

  it.each(Object.entries(SAMPLE_PATHS))('has a %s template that decodes without error and fits its schema', (kind, path) => {
    const spec = ZNODE_SPECS[kind as ZnodeKind];
    expect(spec.template).not.toBeNull();
    const v = validateZnodeData(path, bytes(spec.template ?? ''));
    expect(v.identity.kind).toBe(kind);
    expect(v.error).toBeNull();
    expect(v.notes).toEqual([]);
    if (spec.jsonSchema) expect(schemaErrors(spec.jsonSchema, JSON.parse(spec.template ?? ''))).toEqual([]);
  });

  it("has schemas that the encoders' output fits", () => {
    const fits = (kind: ZnodeKind, data: Uint8Array | null): string[] =>
      schemaErrors(ZNODE_SPECS[kind].jsonSchema as JsonSchema, JSON.parse(new TextDecoder().decode(data ?? new Uint8Array())));
    expect(
      fits(
        'broker-registration',
        BrokerIdZNode.encode(
          { id: 1, endpoints: [{ host: null, port: 1, listenerName: 'PLAINTEXT', securityProtocol: 'PLAINTEXT' }], jmxPort: -1, rack: 'r' },
          1,
        ),
      ),
    ).toEqual([]);
    expect(fits('topic', TopicZNode.encode(new Map([[0, ReplicaAssignment.of([1, 2], [2])]])))).toEqual([]);
    expect(
      fits(
        'partition-state',
        TopicPartitionStateZNode.encode({ leaderAndIsr: { leader: -1, leaderEpoch: 0, isr: [], zkVersion: 0 }, controllerEpoch: 1 }),
      ),
    ).toEqual([]);
    expect(fits('controller', ControllerZNode.encode(1, 5))).toEqual([]);
    expect(fits('latest-producer-id-block', ProducerIdBlockZNode.encode({ brokerId: 1, blockStartId: 0n, blockEndId: 999n }))).toEqual([]);
    expect(fits('reassign-partitions', ReassignPartitionsZNode.encode([[tp('a', 0), [1]]]))).toEqual([]);
    expect(fits('isr-change-notification', IsrChangeNotificationSequenceZNode.encode([tp('a', 0)]))).toEqual([]);
  });

  it('catches with its schema what the decoder refuses, for a simple case', () => {
    const schema = ZNODE_SPECS.topic.jsonSchema as JsonSchema;
    expect(schemaErrors(schema, { version: 2, partitions: { '0': [1, 1] } })).toEqual(['/partitions/0: items not unique']);
  });
});

describe('validateZnodeData', () => {
  it("decodes the data as the znode's decoder does and reports its error", () => {
    const ok = validateZnodeData(
      '/brokers/topics/t',
      bytes('{"version":2,"partitions":{"0":[1]},"adding_replicas":{},"removing_replicas":{}}'),
    );
    expect(ok.error).toBeNull();
    expect(ok.value).toEqual(new Map([[0, ReplicaAssignment.of([1])]]));
    expect(ok.spec.kafkaName).toBe('TopicZNode');
    const bad = validateZnodeData('/brokers/topics/t', bytes('{"version":2,"partitions":{"0":[1,1]}}'));
    expect(bad.error?.message).toBe('/brokers/topics/t: Broker 1 appears more than once in the replicas of partition 0 [1,1]');
    expect(bad.value).toBeInstanceOf(Map);
  });

  it('passes the zkVersion into a partition state', () => {
    const v = validateZnodeData(
      '/brokers/topics/t/partitions/0/state',
      bytes('{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0]}'),
      { zkVersion: 4 },
    );
    expect(v.value).toMatchObject({ leaderAndIsr: { zkVersion: 4 } });
  });

  it('reports a reassignment Kafka would ignore as an error, with the empty reading', () => {
    const v = validateZnodeData(
      '/admin/reassign_partitions',
      bytes('{"version":1,"partitions":[{"topic":"a","partition":0,"replicas":[1],"log_dirs":["any"]}]}'),
    );
    expect(v.error?.kafkaReading).toBe('treats-as-empty');
    expect(v.error?.reason).toMatch(/^Ignoring partition reassignment due to invalid json: Unrecognized field "log_dirs"/);
  });

  it('notes data on znodes Kafka never reads, and path problems', () => {
    expect(validateZnodeData('/admin/delete_topics/t', bytes('x')).notes).toEqual([
      'Kafka creates this znode with null data and never reads it.',
    ]);
    expect(validateZnodeData('/admin/delete_topics/t', null).notes).toEqual([]);
    expect(validateZnodeData('/brokers/seqid', new Uint8Array(0)).notes).toEqual(['Empty data, as after a broker id was generated.']);
    const v = validateZnodeData('/brokers/ids/x', bytes('{}'));
    expect(v.error).toBeNull();
    expect(v.notes).toEqual([
      'The controller reads every child of /brokers/ids as a broker id and fails on this one: For input string: "x"',
    ]);
  });

  it("accepts anything on paths that are not Kafka's", () => {
    const v = validateZnodeData('/my/app', bytes('whatever'));
    expect(v).toMatchObject({ error: null, notes: [], spec: { kind: 'unknown' } });
  });
});
