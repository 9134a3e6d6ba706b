/**
 * What each Kafka 2.5 znode is, as data for the node editor: its path pattern, create mode, data
 * format, who writes and reads it, what Kafka does with data it cannot read, a JSON Schema
 * (draft-07 subset, usable by any JSON-schema validator or editor for "validate as you type")
 * and a template a person can start from. The schemas describe what Kafka writes; decoding
 * (zk-data.ts `validateZnodeData`) adds the checks a schema cannot express (partitions numbered
 * 0..n−1, adding replicas among the replicas, leader in the ISR …).
 */

export type ZnodeKind =
  | 'root'
  | 'zookeeper-internal'
  | 'cluster'
  | 'cluster-id'
  | 'controller'
  | 'controller-epoch'
  | 'brokers'
  | 'broker-ids'
  | 'broker-registration'
  | 'broker-seqid'
  | 'topics'
  | 'topic'
  | 'topic-partitions'
  | 'topic-partition'
  | 'partition-state'
  | 'admin'
  | 'delete-topics'
  | 'delete-topic-marker'
  | 'reassign-partitions'
  | 'preferred-replica-election'
  | 'config'
  | 'config-entity-type'
  | 'config-entity'
  | 'config-user-clients'
  | 'config-changes'
  | 'config-change-notification'
  | 'isr-change-notifications'
  | 'isr-change-notification'
  | 'log-dir-event-notifications'
  | 'log-dir-event-notification'
  | 'latest-producer-id-block'
  | 'consumers'
  | 'consumer-group-node'
  | 'consumer-offset'
  | 'acl'
  | 'acl-change'
  | 'delegation-token'
  | 'unknown';

export type ZnodeCreateMode = 'persistent' | 'ephemeral' | 'persistent-sequential';

/**
 * * `json` — JSON written by Kafka (see `jsonSchema`);
 * * `decimal-text` — a number as text, not JSON (`/controller_epoch`, legacy consumer offsets);
 * * `null` — created with null data and never read;
 * * `text` — other text (ACL change records, delegation token ids);
 * * `any` — not a Kafka znode.
 */
export type ZnodeDataFormat = 'json' | 'decimal-text' | 'null' | 'text' | 'any';

/** The subset of JSON Schema (draft-07) used here. */
export interface JsonSchema {
  readonly $schema?: string;
  readonly title?: string;
  readonly description?: string;
  readonly type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null' | readonly ('string' | 'integer' | 'null')[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly patternProperties?: Readonly<Record<string, JsonSchema>>;
  readonly propertyNames?: JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly uniqueItems?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly const?: string | number;
  readonly enum?: readonly (string | number)[];
  readonly examples?: readonly unknown[];
}

export interface ZnodeSpec {
  readonly kind: ZnodeKind;
  /** Short English title, e.g. "Broker registration". The kind is the key for translations. */
  readonly title: string;
  /** e.g. `/brokers/ids/<id>`. */
  readonly pathPattern: string;
  /** The `kafka.zk` object for this znode, when Kafka has one. */
  readonly kafkaName: string | null;
  readonly createMode: ZnodeCreateMode | null;
  readonly dataFormat: ZnodeDataFormat;
  readonly description: string;
  readonly writtenBy: string;
  readonly readBy: string;
  /** What Kafka 2.5 does when the data cannot be read. */
  readonly onInvalidData: string;
  readonly jsonSchema: JsonSchema | null;
  /** Data a person can start from (valid as is); null for null-data znodes. */
  readonly template: string | null;
}

const SCHEMA = 'http://json-schema.org/draft-07/schema#';
const PARTITION_KEY = '^(0|[1-9][0-9]*)$';
const LONG_TEXT = '^-?(0|[1-9][0-9]*)$';

const brokerId: JsonSchema = { type: 'integer', minimum: 0, maximum: 2147483647, description: 'A broker id.' };
const replicaList = (description: string): JsonSchema => ({ type: 'array', items: brokerId, minItems: 1, uniqueItems: true, description });
const brokerList = (description: string): JsonSchema => ({ type: 'array', items: brokerId, uniqueItems: true, description });
const version = (v: number, description = `Always ${v}.`): JsonSchema => ({ type: 'integer', const: v, description });
const int32 = (description: string, minimum?: number): JsonSchema => ({
  type: 'integer',
  minimum: minimum ?? -2147483648,
  maximum: 2147483647,
  description,
});
const topicPartitionEntry: JsonSchema = {
  type: 'object',
  properties: {
    topic: { type: 'string', minLength: 1, description: 'Topic name.' },
    partition: int32('Partition number.', 0),
  },
  required: ['topic', 'partition'],
  additionalProperties: false,
};

function spec(s: Omit<ZnodeSpec, 'jsonSchema'> & { jsonSchema?: JsonSchema | null }): ZnodeSpec {
  const jsonSchema = s.jsonSchema ? { $schema: SCHEMA, title: s.title, ...s.jsonSchema } : null;
  return Object.freeze({ ...s, jsonSchema });
}

const structural = (
  kind: ZnodeKind,
  title: string,
  pathPattern: string,
  kafkaName: string | null,
  description: string,
  writtenBy: string,
  readBy: string,
): ZnodeSpec =>
  spec({
    kind,
    title,
    pathPattern,
    kafkaName,
    createMode: 'persistent',
    dataFormat: 'null',
    description,
    writtenBy,
    readBy,
    onInvalidData: 'Kafka never reads its data.',
    template: null,
  });

const STARTUP = 'Every broker at start (createTopLevelPaths), with null data.';

export const ZNODE_SPECS: Readonly<Record<ZnodeKind, ZnodeSpec>> = Object.freeze({
  root: structural('root', 'ZooKeeper root', '/', null, 'The root of the tree (or of the chroot).', 'ZooKeeper.', 'Nobody.'),
  'zookeeper-internal': spec({
    kind: 'zookeeper-internal',
    title: 'ZooKeeper internal node',
    pathPattern: '/zookeeper/…',
    kafkaName: null,
    createMode: null,
    dataFormat: 'any',
    description: "ZooKeeper's own nodes (quotas, config); Kafka does not use them.",
    writtenBy: 'ZooKeeper.',
    readBy: 'ZooKeeper.',
    onInvalidData: 'Not read by Kafka.',
    template: null,
  }),
  cluster: structural(
    'cluster',
    'Cluster',
    '/cluster',
    'ClusterZNode',
    'Parent of the cluster id.',
    'Created with /cluster/id.',
    'Nobody.',
  ),
  'cluster-id': spec({
    kind: 'cluster-id',
    title: 'Cluster id',
    pathPattern: '/cluster/id',
    kafkaName: 'ClusterIdZNode',
    createMode: 'persistent',
    dataFormat: 'json',
    description: 'The cluster id: 16 random bytes of a type-4 UUID in URL-safe Base64 without padding (22 characters).',
    writtenBy: 'The first broker to start (NODEEXISTS → it reads the existing id).',
    readBy: 'Every broker at start; compared with cluster.id in meta.properties of each log dir.',
    onInvalidData: 'The broker fails to start: "Failed to parse the cluster id json …".',
    jsonSchema: {
      type: 'object',
      properties: {
        version: { type: 'string', const: '1', description: 'Always "1" — a string.' },
        id: { type: 'string', minLength: 1, description: 'The cluster id.' },
      },
      required: ['version', 'id'],
      additionalProperties: false,
    },
    template: '{"version":"1","id":"x1p3D7jVQwKr5mZ8bYtN2A"}',
  }),
  controller: spec({
    kind: 'controller',
    title: 'Active controller',
    pathPattern: '/controller',
    kafkaName: 'ControllerZNode',
    createMode: 'ephemeral',
    dataFormat: 'json',
    description:
      "Names the broker that is the controller. Ephemeral: it disappears with that broker's session, and deleting it forces a re-election.",
    writtenBy: 'The broker that wins the election (together with /controller_epoch).',
    readBy: 'Every broker (watch: created → ControllerChange, deleted → Reelect, changed → ControllerChange).',
    onInvalidData:
      'Data that is not JSON reads as "no controller id"; a JSON object without an integer "brokerid" makes the watch handler fail.',
    jsonSchema: {
      type: 'object',
      properties: {
        version: version(1),
        brokerid: { ...brokerId, description: 'Id of the controller broker.' },
        timestamp: { type: 'string', pattern: LONG_TEXT, description: 'Election time in ms since the epoch, as a string.' },
      },
      required: ['version', 'brokerid', 'timestamp'],
      additionalProperties: false,
    },
    template: '{"version":1,"brokerid":0,"timestamp":"1600000000000"}',
  }),
  'controller-epoch': spec({
    kind: 'controller-epoch',
    title: 'Controller epoch',
    pathPattern: '/controller_epoch',
    kafkaName: 'ControllerEpochZNode',
    createMode: 'persistent',
    dataFormat: 'decimal-text',
    description:
      'How many controller elections the cluster has seen, as decimal text (not JSON). Its zkVersion fences every controller write.',
    writtenBy: 'Controller election (created as 0, then old + 1 with a version check).',
    readBy: 'Election, and every fenced controller write (check of its zkVersion).',
    onInvalidData: 'Election fails with NumberFormatException.',
    template: '1',
  }),
  brokers: structural(
    'brokers',
    'Brokers',
    '/brokers',
    'BrokersZNode',
    'Parent of broker ids, topics and the id sequence.',
    'Created implicitly at broker start.',
    'Nobody.',
  ),
  'broker-ids': structural(
    'broker-ids',
    'Live brokers',
    '/brokers/ids',
    'BrokerIdsZNode',
    'Its children are the registrations of the live brokers.',
    STARTUP,
    'The controller (children → BrokerChange).',
  ),
  'broker-registration': spec({
    kind: 'broker-registration',
    title: 'Broker registration',
    pathPattern: '/brokers/ids/<id>',
    kafkaName: 'BrokerIdZNode',
    createMode: 'ephemeral',
    dataFormat: 'json',
    description: "A live broker and its advertised listeners. Ephemeral: it goes with the broker's session; its czxid is the broker epoch.",
    writtenBy: 'Broker <id> at start and after a new session; updated on a dynamic listener change.',
    readBy: 'The controller (BrokerChange, BrokerModifications) and every broker through UpdateMetadata.',
    onInvalidData: 'The controller fails to read the broker list: "Failed to parse ZooKeeper registration for broker <id>: …".',
    jsonSchema: {
      type: 'object',
      properties: {
        listener_security_protocol_map: {
          type: 'object',
          additionalProperties: { type: 'string', enum: ['PLAINTEXT', 'SSL', 'SASL_PLAINTEXT', 'SASL_SSL'] },
          description: 'Security protocol of each listener (version 4).',
        },
        endpoints: {
          type: 'array',
          items: { type: 'string', pattern: '^[A-Za-z0-9_]+://(\\[[0-9a-zA-Z\\-%._:]*\\]|[0-9a-zA-Z\\-%._]*):[0-9]+$' },
          minItems: 1,
          description: 'Advertised listeners as LISTENER://host:port.',
        },
        rack: { type: 'string', minLength: 1, description: 'broker.rack, only when set (version 3+).' },
        jmx_port: int32('JMX port, -1 when unset.', -1),
        host: { type: ['string', 'null'], description: 'Host of the first PLAINTEXT endpoint, null without one (for old clients).' },
        timestamp: { type: 'string', pattern: LONG_TEXT, description: 'Registration time in ms, as a string.' },
        port: int32('Port of the first PLAINTEXT endpoint, -1 without one.', -1),
        version: { type: 'integer', enum: [1, 2, 3, 4], description: 'Kafka 2.5 writes 4.' },
      },
      required: ['version', 'jmx_port', 'endpoints'],
      additionalProperties: false,
    },
    template:
      '{"listener_security_protocol_map":{"PLAINTEXT":"PLAINTEXT"},"endpoints":["PLAINTEXT://localhost:9092"],"jmx_port":-1,"host":"localhost","timestamp":"1600000000000","port":9092,"version":4}',
  }),
  'broker-seqid': spec({
    kind: 'broker-seqid',
    title: 'Broker id sequence',
    pathPattern: '/brokers/seqid',
    kafkaName: 'BrokerSequenceIdZNode',
    createMode: 'persistent',
    dataFormat: 'null',
    description: 'Its data version generates broker ids (reserved.broker.max.id + version) when broker.id.generation.enable is on.',
    writtenBy: 'Created with null data at start; setData(empty) by a broker that generates its id.',
    readBy: 'Only its stat.version.',
    onInvalidData: 'Kafka never reads its data.',
    template: null,
  }),
  topics: structural(
    'topics',
    'Topics',
    '/brokers/topics',
    'TopicsZNode',
    'Its children are the topics.',
    STARTUP,
    'The controller (children → TopicChange).',
  ),
  topic: spec({
    kind: 'topic',
    title: 'Topic assignment',
    pathPattern: '/brokers/topics/<topic>',
    kafkaName: 'TopicZNode',
    createMode: 'persistent',
    dataFormat: 'json',
    description:
      'A topic and the replicas of each partition (first = preferred leader). adding_replicas / removing_replicas list only partitions being reassigned. Writing it by hand creates the topic (no validation, no config znode).',
    writtenBy: 'Topic creation (AdminZkClient), partition addition, the controller during reassignment.',
    readBy: 'The controller (TopicChange for new topics; data watch → PartitionModifications for added partitions only).',
    onInvalidData: 'Data that is not JSON reads as a topic without partitions; wrong types make the controller event fail.',
    jsonSchema: {
      type: 'object',
      properties: {
        version: { type: 'integer', enum: [1, 2], description: 'Kafka 2.5 writes 2 (1 has no adding/removing replicas).' },
        partitions: {
          type: 'object',
          propertyNames: { pattern: PARTITION_KEY },
          additionalProperties: replicaList('Replicas of the partition; the first is the preferred leader.'),
          description: 'Partition number → replicas. Partitions are numbered 0 to n−1.',
        },
        adding_replicas: {
          type: 'object',
          propertyNames: { pattern: PARTITION_KEY },
          additionalProperties: replicaList("Replicas being added (all among the partition's replicas)."),
        },
        removing_replicas: {
          type: 'object',
          propertyNames: { pattern: PARTITION_KEY },
          additionalProperties: replicaList("Replicas being removed (all among the partition's replicas)."),
        },
      },
      required: ['version', 'partitions'],
      additionalProperties: false,
    },
    template: '{"version":2,"partitions":{"0":[0]},"adding_replicas":{},"removing_replicas":{}}',
  }),
  'topic-partitions': structural(
    'topic-partitions',
    'Partitions of a topic',
    '/brokers/topics/<topic>/partitions',
    'TopicPartitionsZNode',
    'Parent of the partition state nodes.',
    'The controller, at the first leader election.',
    'Nobody (the assignment comes from the topic znode).',
  ),
  'topic-partition': structural(
    'topic-partition',
    'Partition',
    '/brokers/topics/<topic>/partitions/<partition>',
    'TopicPartitionZNode',
    "Parent of the partition's state node.",
    'The controller, at the first leader election.',
    'Nobody.',
  ),
  'partition-state': spec({
    kind: 'partition-state',
    title: 'Partition leader and ISR',
    pathPattern: '/brokers/topics/<topic>/partitions/<partition>/state',
    kafkaName: 'TopicPartitionStateZNode',
    createMode: 'persistent',
    dataFormat: 'json',
    description:
      "Leader, leader epoch and ISR of a partition, and the epoch of the controller that chose the leader. Its zkVersion is the partition's zkVersion; all writes are conditional on it. Not watched (except during a reassignment).",
    writtenBy: 'The controller (elections, ISR removal) and the partition leader (ISR shrink/expand).',
    readBy: 'The controller (failover, elections) and leaders (conditional updates).',
    onInvalidData: 'Data that is not JSON reads as no leader/ISR information; missing fields make the reader fail.',
    jsonSchema: {
      type: 'object',
      properties: {
        controller_epoch: int32('Epoch of the controller that made the current leadership decision.', 0),
        leader: int32('Leader broker id, -1 when there is no leader.', -1),
        version: version(1),
        leader_epoch: int32('Leader epoch, +1 at each leader change.', 0),
        isr: brokerList('In-sync replicas; contains the leader when there is one.'),
      },
      required: ['controller_epoch', 'leader', 'version', 'leader_epoch', 'isr'],
      additionalProperties: false,
    },
    template: '{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0]}',
  }),
  admin: structural(
    'admin',
    'Admin',
    '/admin',
    'AdminZNode',
    'Parent of the admin requests.',
    'Created implicitly at broker start.',
    'Nobody.',
  ),
  'delete-topics': structural(
    'delete-topics',
    'Topics to delete',
    '/admin/delete_topics',
    'DeleteTopicsZNode',
    'Its children are the topics marked for deletion.',
    STARTUP,
    'The controller (children → TopicDeletion).',
  ),
  'delete-topic-marker': spec({
    kind: 'delete-topic-marker',
    title: 'Topic deletion marker',
    pathPattern: '/admin/delete_topics/<topic>',
    kafkaName: 'DeleteTopicsTopicZNode',
    createMode: 'persistent',
    dataFormat: 'null',
    description:
      'Marks a topic for deletion. Writing it by hand behaves exactly like DeleteTopics; the controller removes it when the deletion completes (or at once if the topic does not exist or delete.topic.enable=false).',
    writtenBy: 'DeleteTopics / kafka-topics --delete (the topic znode must exist).',
    readBy: 'The controller (only the child name).',
    onInvalidData: 'Kafka never reads its data.',
    template: null,
  }),
  'reassign-partitions': spec({
    kind: 'reassign-partitions',
    title: 'Partition reassignment request',
    pathPattern: '/admin/reassign_partitions',
    kafkaName: 'ReassignPartitionsZNode',
    createMode: 'persistent',
    dataFormat: 'json',
    description:
      "Legacy (ZooKeeper-triggered) reassignment: target replicas per partition. The controller runs it without the API's replica checks and removes each partition when done, deleting the znode when empty.",
    writtenBy: 'kafka-reassign-partitions --zookeeper, or by hand.',
    readBy: 'The controller (exists watch; creation → ZkPartitionReassignment).',
    onInvalidData:
      'Ignored as a whole: "Ignoring partition reassignment due to invalid json: …" (also for unknown fields such as "log_dirs").',
    jsonSchema: {
      type: 'object',
      properties: {
        version: version(1),
        partitions: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              topic: { type: 'string', minLength: 1 },
              partition: int32('Partition number.', 0),
              replicas: replicaList('Target replicas; the first becomes the preferred leader.'),
            },
            required: ['topic', 'partition', 'replicas'],
            additionalProperties: false,
          },
        },
      },
      required: ['version', 'partitions'],
      additionalProperties: false,
    },
    template: '{"version":1,"partitions":[{"topic":"my-topic","partition":0,"replicas":[0,1]}]}',
  }),
  'preferred-replica-election': spec({
    kind: 'preferred-replica-election',
    title: 'Preferred leader election request',
    pathPattern: '/admin/preferred_replica_election',
    kafkaName: 'PreferredReplicaElectionZNode',
    createMode: 'persistent',
    dataFormat: 'json',
    description:
      'Legacy request to move leadership of the listed partitions back to their preferred (first) replica. The controller deletes it afterwards.',
    writtenBy: 'kafka-preferred-replica-election, or by hand.',
    readBy: 'The controller (exists watch; creation → ReplicaLeaderElection(PREFERRED, ZkTriggered)).',
    onInvalidData: 'Data that is not JSON reads as no partitions; a wrong shape makes the election fail.',
    jsonSchema: {
      type: 'object',
      properties: { version: version(1), partitions: { type: 'array', items: topicPartitionEntry } },
      required: ['version', 'partitions'],
      additionalProperties: false,
    },
    template: '{"version":1,"partitions":[{"topic":"my-topic","partition":0}]}',
  }),
  config: structural(
    'config',
    'Dynamic configuration',
    '/config',
    'ConfigZNode',
    'Parent of the dynamic config overrides and their change notifications.',
    'Created implicitly at broker start.',
    'Nobody.',
  ),
  'config-entity-type': structural(
    'config-entity-type',
    'Config entity type',
    '/config/<type>',
    'ConfigEntityTypeZNode',
    'Parent of the config overrides of one entity type (topics, clients, users, brokers).',
    STARTUP,
    'Brokers list it when they start.',
  ),
  'config-entity': spec({
    kind: 'config-entity',
    title: 'Config overrides',
    pathPattern: '/config/<type>/<entity>',
    kafkaName: 'ConfigEntityZNode',
    createMode: 'persistent',
    dataFormat: 'json',
    description:
      'Dynamic config overrides of one entity (topic, client id, user, broker id or <default>). Values are strings. Changing it by hand has no effect until a change notification names it.',
    writtenBy: 'Topic creation (always, even empty), AlterConfigs / IncrementalAlterConfigs, kafka-configs.',
    readBy: 'Brokers at start and on a change notification; deleted by the controller when its topic is deleted.',
    onInvalidData:
      'Data that is not JSON, or without a "config" object, reads as no overrides; a value that is not a string makes the reader fail.',
    jsonSchema: {
      type: 'object',
      properties: {
        version: version(1),
        config: { type: 'object', additionalProperties: { type: 'string' }, description: 'Config name → value (as a string).' },
      },
      required: ['version', 'config'],
      additionalProperties: false,
    },
    template: '{"version":1,"config":{}}',
  }),
  'config-user-clients': structural(
    'config-user-clients',
    'Client quotas of a user',
    '/config/users/<user>/clients',
    null,
    'Parent of the quota overrides of the clients of one user.',
    'kafka-configs (created implicitly).',
    'Brokers, through change notifications.',
  ),
  'config-changes': structural(
    'config-changes',
    'Config change notifications',
    '/config/changes',
    'ConfigEntityChangeNotificationZNode',
    "Its children tell brokers which entity's config changed.",
    STARTUP,
    'Every broker (children → process notifications newer than the last one processed).',
  ),
  'config-change-notification': spec({
    kind: 'config-change-notification',
    title: 'Config change notification',
    pathPattern: '/config/changes/config_change_<NNNNNNNNNN>',
    kafkaName: 'ConfigEntityChangeNotificationSequenceZNode',
    createMode: 'persistent-sequential',
    dataFormat: 'json',
    description: "Tells every broker to re-read one entity's config. Brokers delete notifications older than 15 minutes.",
    writtenBy: 'Whoever changed an entity config, after writing the entity znode.',
    readBy: 'Every broker.',
    onInvalidData: 'Not JSON: skipped silently. A wrong shape or version: "error processing change notification …", skipped.',
    jsonSchema: {
      type: 'object',
      properties: {
        version: { type: 'integer', enum: [1, 2], description: 'Kafka 2.5 writes 2; version 1 has entity_type and entity_name.' },
        entity_path: {
          type: 'string',
          pattern: '^(topics|clients|users|brokers)/.+$',
          description: '<type>/<sanitized entity name>, e.g. topics/my-topic.',
        },
        entity_type: { type: 'string', enum: ['topics', 'clients'], description: 'Version 1 only.' },
        entity_name: { type: 'string', minLength: 1, description: 'Version 1 only.' },
      },
      required: ['version'],
      additionalProperties: false,
    },
    template: '{"version":2,"entity_path":"topics/my-topic"}',
  }),
  'isr-change-notifications': structural(
    'isr-change-notifications',
    'ISR change notifications',
    '/isr_change_notification',
    'IsrChangeNotificationZNode',
    'Its children tell the controller which partitions changed ISR.',
    STARTUP,
    'The controller (children → IsrChangeNotification).',
  ),
  'isr-change-notification': spec({
    kind: 'isr-change-notification',
    title: 'ISR change notification',
    pathPattern: '/isr_change_notification/isr_change_<NNNNNNNNNN>',
    kafkaName: 'IsrChangeNotificationSequenceZNode',
    createMode: 'persistent-sequential',
    dataFormat: 'json',
    description:
      'Partitions whose ISR a leader changed; the controller re-reads their state, sends UpdateMetadata and deletes the notification.',
    writtenBy: 'Partition leaders, batched (every 2.5 s at most).',
    readBy: 'The controller.',
    onInvalidData: 'Not JSON: no partitions; a wrong shape makes the controller event fail.',
    jsonSchema: {
      type: 'object',
      properties: { version: version(1), partitions: { type: 'array', items: topicPartitionEntry, minItems: 1 } },
      required: ['version', 'partitions'],
      additionalProperties: false,
    },
    template: '{"version":1,"partitions":[{"topic":"my-topic","partition":0}]}',
  }),
  'log-dir-event-notifications': structural(
    'log-dir-event-notifications',
    'Log dir event notifications',
    '/log_dir_event_notification',
    'LogDirEventNotificationZNode',
    'Its children tell the controller that a broker lost a log dir.',
    STARTUP,
    'The controller (children → LogDirEventNotification).',
  ),
  'log-dir-event-notification': spec({
    kind: 'log-dir-event-notification',
    title: 'Log dir failure notification',
    pathPattern: '/log_dir_event_notification/log_dir_event_<NNNNNNNNNN>',
    kafkaName: 'LogDirEventNotificationSequenceZNode',
    createMode: 'persistent-sequential',
    dataFormat: 'json',
    description: "A broker lost a log dir; the controller asks it for its replicas' state and moves offline replicas out of leadership.",
    writtenBy: 'The broker whose log dir failed.',
    readBy: 'The controller; deleted after processing.',
    onInvalidData: 'Not JSON: ignored; a JSON object without an integer "broker" makes the controller event fail.',
    jsonSchema: {
      type: 'object',
      properties: { version: version(1), broker: brokerId, event: { type: 'integer', const: 1, description: '1 = LogDirFailure.' } },
      required: ['version', 'broker', 'event'],
      additionalProperties: false,
    },
    template: '{"version":1,"broker":0,"event":1}',
  }),
  'latest-producer-id-block': spec({
    kind: 'latest-producer-id-block',
    title: 'Latest producer id block',
    pathPattern: '/latest_producer_id_block',
    kafkaName: 'ProducerIdBlockZNode',
    createMode: 'persistent',
    dataFormat: 'json',
    description:
      'The last block of 1000 producer ids claimed by a transaction coordinator (inclusive bounds, written as strings). Null data: no block claimed yet.',
    writtenBy: "Every broker's transaction coordinator at start and when its block runs out (conditional setData).",
    readBy: 'Transaction coordinators.',
    onInvalidData: 'The coordinator fails: "Failed to parse the producer id block json …".',
    jsonSchema: {
      type: 'object',
      properties: {
        version: version(1),
        broker: brokerId,
        block_start: { type: 'string', pattern: '^(0|[1-9][0-9]*)$', description: 'First id of the block (a long, as a string).' },
        block_end: { type: 'string', pattern: '^(0|[1-9][0-9]*)$', description: 'Last id of the block (inclusive).' },
      },
      required: ['version', 'broker', 'block_start', 'block_end'],
      additionalProperties: false,
    },
    template: '{"version":1,"broker":0,"block_start":"0","block_end":"999"}',
  }),
  consumers: structural(
    'consumers',
    'Legacy consumers',
    '/consumers',
    'ConsumerPathZNode',
    'Used by old ZooKeeper-based consumers; its ACL stays open.',
    STARTUP,
    'Old consumers only.',
  ),
  'consumer-group-node': spec({
    kind: 'consumer-group-node',
    title: 'Legacy consumer group data',
    pathPattern: '/consumers/<group>/…',
    kafkaName: null,
    createMode: 'persistent',
    dataFormat: 'any',
    description: 'Written by old ZooKeeper-based consumers (ids, owners, offsets); Kafka 2.5 brokers do not read it.',
    writtenBy: 'Old consumers.',
    readBy: 'Old consumers.',
    onInvalidData: 'Not read by brokers.',
    template: null,
  }),
  'consumer-offset': spec({
    kind: 'consumer-offset',
    title: 'Legacy consumer offset',
    pathPattern: '/consumers/<group>/offsets/<topic>/<partition>',
    kafkaName: 'ConsumerOffset',
    createMode: 'persistent',
    dataFormat: 'decimal-text',
    description: 'Committed offset of an old ZooKeeper-based consumer group, as decimal text.',
    writtenBy: 'Old consumers.',
    readBy: 'Old consumers and offset tools.',
    onInvalidData: 'NumberFormatException in the reader.',
    template: '0',
  }),
  acl: spec({
    kind: 'acl',
    title: 'ACLs',
    pathPattern: '/kafka-acl[/<ResourceType>/<name>], /kafka-acl-extended/<patternType>/…',
    kafkaName: 'ResourceZNode',
    createMode: 'persistent',
    dataFormat: 'json',
    description: 'ACLs of a resource, used only when an authorizer (AclAuthorizer) is configured. The emulation runs without one.',
    writtenBy: 'kafka-acls / CreateAcls with AclAuthorizer.',
    readBy: 'Brokers with AclAuthorizer.',
    onInvalidData: 'Not read without an authorizer.',
    template: null,
  }),
  'acl-change': spec({
    kind: 'acl-change',
    title: 'ACL change notification',
    pathPattern: '/kafka-acl-changes/acl_changes_<N>, /kafka-acl-extended-changes/acl_changes_<N>',
    kafkaName: 'ZkAclChangeStore',
    createMode: 'persistent-sequential',
    dataFormat: 'text',
    description: "Tells brokers with an authorizer which resource's ACLs changed.",
    writtenBy: 'AclAuthorizer.',
    readBy: 'Brokers with AclAuthorizer.',
    onInvalidData: 'Not read without an authorizer.',
    template: null,
  }),
  'delegation-token': spec({
    kind: 'delegation-token',
    title: 'Delegation tokens',
    pathPattern: '/delegation_token/…',
    kafkaName: 'DelegationTokenAuthZNode',
    createMode: 'persistent',
    dataFormat: 'any',
    description: 'Delegation token information, used only when delegation tokens are enabled.',
    writtenBy: 'Brokers with delegation tokens enabled.',
    readBy: 'Brokers with delegation tokens enabled.',
    onInvalidData: 'Not read unless delegation tokens are enabled.',
    template: null,
  }),
  unknown: spec({
    kind: 'unknown',
    title: 'Not a Kafka znode',
    pathPattern: '',
    kafkaName: null,
    createMode: null,
    dataFormat: 'any',
    description: 'Kafka 2.5 does not use this path.',
    writtenBy: 'Not Kafka.',
    readBy: 'Not Kafka.',
    onInvalidData: 'Not read by Kafka.',
    template: null,
  }),
});
