/**
 * `kafka.zk.ZkData` for the emulation: the top-level paths and ACL rules, and the reverse of the
 * path builders — given any path, which Kafka 2.5 znode it is and with which parameters — plus
 * one entry point that checks a znode's data the way the znode's own decoder does.
 *
 * Path builders, encoders and decoders live with their znode family:
 *   cluster-znodes.ts       /cluster/id, /controller, /controller_epoch, /brokers/seqid,
 *                           /latest_producer_id_block, /consumers/…
 *   broker-znodes.ts        /brokers/ids, /brokers/ids/<id>
 *   topic-znodes.ts         /brokers/topics/<t>[/partitions/<p>/state]
 *   admin-znodes.ts         /admin/delete_topics/<t>, /admin/reassign_partitions, /admin/preferred_replica_election
 *   config-znodes.ts        /config/<type>/<entity>, /config/changes/config_change_N
 *   notification-znodes.ts  /isr_change_notification/isr_change_N, /log_dir_event_notification/log_dir_event_N
 */

import { topicNameProblem } from '../admin/topic-name';
import { numberFormatMessage, parseJavaIntOrNull, parseJavaLongOrNull } from '../common/java-lang';
import type { TopicPartition } from '../common/topic-partition';
import { pathValidationError } from '../zookeeper/path-utils';
import type { Acl, ZnodeData } from '../zookeeper/types';
import { CREATOR_ALL_ACL, OPEN_ACL_UNSAFE, READ_ACL_UNSAFE } from '../zookeeper/types';
import { PreferredReplicaElectionZNode, ReassignPartitionsZNode } from './admin-znodes';
import { BrokerIdZNode } from './broker-znodes';
import { ClusterIdZNode, ConsumerOffset, ControllerEpochZNode, ControllerZNode, ProducerIdBlockZNode } from './cluster-znodes';
import { CONFIG_TYPES, ConfigEntityChangeNotificationSequenceZNode, ConfigEntityZNode, DEFAULT_CONFIG_ENTITY } from './config-znodes';
import { isCanonicalDecimal } from './kafka-json';
import { IsrChangeNotificationSequenceZNode, LogDirEventNotificationSequenceZNode } from './notification-znodes';
import { TopicPartitionStateZNode, TopicZNode } from './topic-znodes';
import { ZnodeFormatError } from './znode-format-error';
import type { ZnodeKind, ZnodeSpec } from './znode-specs';
import { ZNODE_SPECS } from './znode-specs';

/** `kafka.zk.ZkVersion`. */
export const ZkVersion = Object.freeze({
  /** Matches any version in a conditional write. */
  MatchAnyVersion: -1,
  /** Kafka's marker for "the node does not exist". */
  UnknownVersion: -2,
});

/**
 * `ZkData.PersistentZkPaths`: created at every broker start with null data, NODEEXISTS ignored,
 * in this order (`createTopLevelPaths`; parents such as /brokers, /config, /admin come implicitly).
 */
export const PERSISTENT_ZK_PATHS: readonly string[] = Object.freeze([
  '/consumers',
  '/brokers/ids',
  '/brokers/topics',
  '/config/changes',
  '/admin/delete_topics',
  '/brokers/seqid',
  '/isr_change_notification',
  '/latest_producer_id_block',
  '/log_dir_event_notification',
  ...CONFIG_TYPES.map((t) => `/config/${t}`),
]);

/** `ZkData.SecureRootPaths` (roots that get secure ACLs with zookeeper.set.acl=true). */
export const SECURE_ROOT_PATHS: readonly string[] = Object.freeze([
  '/admin',
  '/brokers',
  '/cluster',
  '/config',
  '/controller',
  '/controller_epoch',
  '/isr_change_notification',
  '/latest_producer_id_block',
  '/log_dir_event_notification',
  '/delegation_token',
  '/kafka-acl-extended',
  '/kafka-acl',
  '/kafka-acl-changes',
  '/kafka-acl-extended/prefixed',
  '/kafka-acl-extended-changes',
]);

/** `ZkData.SensitiveRootPaths`: no world-readable ACL even with secure ACLs. */
export const SENSITIVE_ROOT_PATHS: readonly string[] = Object.freeze(['/config/users', '/config/brokers', '/delegation_token/tokens']);

export function isSensitivePath(path: string): boolean {
  return SENSITIVE_ROOT_PATHS.some((root) => path.startsWith(root));
}

/**
 * `ZkData.defaultAcls`: OPEN_ACL_UNSAFE unless `zookeeper.set.acl=true`; then CREATOR_ALL_ACL plus
 * READ_ACL_UNSAFE except under sensitive roots. `/consumers` always stays open.
 */
export function defaultAcls(isSecure: boolean, path: string): readonly Acl[] {
  if (!isSecure || path === '/consumers') return OPEN_ACL_UNSAFE;
  return isSensitivePath(path) ? [...CREATOR_ALL_ACL] : [...CREATOR_ALL_ACL, ...READ_ACL_UNSAFE];
}

// ---------------------------------------------------------------------------------------------
// Path recognition

type Ident<K extends ZnodeKind, P = unknown> = {
  readonly kind: K;
  /** The path as given (without chroot). */
  readonly path: string;
  /**
   * Set when the path is in Kafka's namespace but Kafka cannot use it as named (a broker id that
   * is not a number, an illegal topic name, a sequence node without its number …).
   */
  readonly problem: string | null;
} & P;

/** The identities that carry more than the path: what the path names (a topic, a broker id …). */
type IdentityWithParts =
  | Ident<'broker-registration', { readonly brokerId: number | null }>
  | Ident<'topic' | 'topic-partitions' | 'delete-topic-marker', { readonly topic: string }>
  | Ident<'topic-partition' | 'partition-state', { readonly topic: string; readonly topicPartition: TopicPartition | null }>
  | Ident<'config-entity-type', { readonly entityType: string }>
  | Ident<'config-entity', { readonly entityType: string; readonly entityName: string }>
  | Ident<'config-user-clients', { readonly user: string }>
  | Ident<'config-change-notification' | 'isr-change-notification' | 'log-dir-event-notification', { readonly sequenceNumber: string }>
  | Ident<'consumer-group-node', { readonly group: string }>
  | Ident<'consumer-offset', { readonly group: string; readonly topic: string; readonly partition: number | null }>;

/** What a path is, as `identifyZnode` recognises it. */
export type ZnodeIdentity = IdentityWithParts | Ident<Exclude<ZnodeKind, IdentityWithParts['kind']>>;

function sequenceProblem(
  name: string,
  prefix: string,
  parent: string,
  numeric: 'long' | 'any',
): { sequenceNumber: string; problem: string | null } {
  if (!name.startsWith(prefix)) {
    return { sequenceNumber: '', problem: `Not named ${prefix}<number>: Kafka cannot process this child of ${parent}` };
  }
  const sequenceNumber = name.slice(prefix.length);
  if (sequenceNumber === '') return { sequenceNumber, problem: null };
  if (numeric === 'long' && parseJavaLongOrNull(sequenceNumber) === null) {
    return {
      sequenceNumber,
      problem: `Brokers read the number after ${prefix} as a long: ${numberFormatMessage(sequenceNumber)}; every later notification fails too`,
    };
  }
  if (!/^-?[0-9]+$/.test(sequenceNumber)) {
    return {
      sequenceNumber,
      problem: `Not named ${prefix}<number>: the controller would delete a different path and leave this node behind`,
    };
  }
  return { sequenceNumber, problem: null };
}

function partitionOf(name: string): { partition: number | null; problem: string | null } {
  const p = parseJavaIntOrNull(name);
  if (p === null) return { partition: null, problem: `"${name}" is not a partition number; Kafka never reads this node` };
  if (!isCanonicalDecimal(name) || p < 0) {
    return { partition: null, problem: `"${name}" is not a partition number as Kafka writes it; Kafka never reads this node` };
  }
  return { partition: p, problem: null };
}

/**
 * Which Kafka 2.5 znode `path` is. `chroot` (e.g. `/kafka`) is stripped first when the cluster
 * uses one. Paths outside Kafka's namespace are `unknown`.
 */
export function identifyZnode(path: string, chroot = ''): ZnodeIdentity {
  const invalid = pathValidationError(path);
  if (invalid !== null) return { kind: 'unknown', path, problem: invalid };
  let rel = path;
  if (chroot !== '' && chroot !== '/') {
    if (path === chroot) rel = '/';
    else if (path.startsWith(`${chroot}/`)) rel = path.slice(chroot.length);
    else return { kind: 'unknown', path, problem: `Outside the cluster's chroot ${chroot}` };
  }
  const s = rel === '/' ? [] : rel.slice(1).split('/');
  const n = s.length;
  const id = <K extends ZnodeKind>(kind: K, problem: string | null = null) => ({ kind, path: rel, problem }) as Ident<K>;
  const unknown = (): ZnodeIdentity => id('unknown');
  if (n === 0) return id('root');
  switch (s[0]) {
    case 'zookeeper':
      return id('zookeeper-internal');
    case 'cluster':
      if (n === 1) return id('cluster');
      return n === 2 && s[1] === 'id' ? id('cluster-id') : unknown();
    case 'controller':
      return n === 1 ? id('controller') : unknown();
    case 'controller_epoch':
      return n === 1 ? id('controller-epoch') : unknown();
    case 'latest_producer_id_block':
      return n === 1 ? id('latest-producer-id-block') : unknown();
    case 'brokers':
      return identifyBrokers(rel, s) ?? unknown();
    case 'admin':
      if (n === 1) return id('admin');
      if (s[1] === 'delete_topics') {
        if (n === 2) return id('delete-topics');
        if (n === 3) return { kind: 'delete-topic-marker', path: rel, topic: s[2], problem: topicNameProblem(s[2]) };
        return unknown();
      }
      if (n === 2 && s[1] === 'reassign_partitions') return id('reassign-partitions');
      if (n === 2 && s[1] === 'preferred_replica_election') return id('preferred-replica-election');
      return unknown();
    case 'config':
      return identifyConfig(rel, s) ?? unknown();
    case 'isr_change_notification': {
      if (n === 1) return id('isr-change-notifications');
      if (n !== 2) return unknown();
      const seq = sequenceProblem(s[1], IsrChangeNotificationSequenceZNode.SequenceNumberPrefix, '/isr_change_notification', 'any');
      return { kind: 'isr-change-notification', path: rel, sequenceNumber: seq.sequenceNumber, problem: seq.problem };
    }
    case 'log_dir_event_notification': {
      if (n === 1) return id('log-dir-event-notifications');
      if (n !== 2) return unknown();
      const seq = sequenceProblem(s[1], LogDirEventNotificationSequenceZNode.SequenceNumberPrefix, '/log_dir_event_notification', 'any');
      return { kind: 'log-dir-event-notification', path: rel, sequenceNumber: seq.sequenceNumber, problem: seq.problem };
    }
    case 'consumers': {
      if (n === 1) return id('consumers');
      if (n === 5 && s[2] === 'offsets') {
        const p = partitionOf(s[4]);
        return { kind: 'consumer-offset', path: rel, group: s[1], topic: s[3], partition: p.partition, problem: p.problem };
      }
      return { kind: 'consumer-group-node', path: rel, group: s[1], problem: null };
    }
    case 'kafka-acl':
    case 'kafka-acl-extended':
      return id('acl');
    case 'kafka-acl-changes':
    case 'kafka-acl-extended-changes':
      return id('acl-change');
    case 'delegation_token':
      return id('delegation-token');
    default:
      return unknown();
  }
}

function identifyBrokers(path: string, s: readonly string[]): ZnodeIdentity | null {
  const n = s.length;
  if (n === 1) return { kind: 'brokers', path, problem: null };
  switch (s[1]) {
    case 'ids': {
      if (n === 2) return { kind: 'broker-ids', path, problem: null };
      if (n !== 3) return null;
      const brokerId = parseJavaIntOrNull(s[2]);
      let problem: string | null = null;
      if (brokerId === null) {
        problem = `The controller reads every child of /brokers/ids as a broker id and fails on this one: ${numberFormatMessage(s[2])}`;
      } else if (!isCanonicalDecimal(s[2])) {
        problem = `Kafka reads "${s[2]}" as broker ${brokerId}, whose registration is ${BrokerIdZNode.path(brokerId)}`;
      } else if (brokerId < 0) {
        problem = `Negative broker id ${brokerId}`;
      }
      return { kind: 'broker-registration', path, brokerId: problem === null ? brokerId : null, problem };
    }
    case 'seqid':
      return n === 2 ? { kind: 'broker-seqid', path, problem: null } : null;
    case 'topics': {
      if (n === 2) return { kind: 'topics', path, problem: null };
      const topic = s[2];
      const nameProblem = topicNameProblem(topic);
      if (n === 3) return { kind: 'topic', path, topic, problem: nameProblem };
      if (s[3] !== 'partitions') return null;
      if (n === 4) return { kind: 'topic-partitions', path, topic, problem: nameProblem };
      const p = partitionOf(s[4]);
      const topicPartition = p.partition === null ? null : { topic, partition: p.partition };
      if (n === 5) return { kind: 'topic-partition', path, topic, topicPartition, problem: p.problem ?? nameProblem };
      if (n === 6 && s[5] === 'state') return { kind: 'partition-state', path, topic, topicPartition, problem: p.problem ?? nameProblem };
      return null;
    }
    default:
      return null;
  }
}

function identifyConfig(path: string, s: readonly string[]): ZnodeIdentity | null {
  const n = s.length;
  if (n === 1) return { kind: 'config', path, problem: null };
  if (s[1] === 'changes') {
    if (n === 2) return { kind: 'config-changes', path, problem: null };
    if (n !== 3) return null;
    const seq = sequenceProblem(s[2], ConfigEntityChangeNotificationSequenceZNode.SequenceNumberPrefix, '/config/changes', 'long');
    return { kind: 'config-change-notification', path, sequenceNumber: seq.sequenceNumber, problem: seq.problem };
  }
  const entityType = s[1];
  const typeProblem = (CONFIG_TYPES as readonly string[]).includes(entityType)
    ? null
    : `Kafka 2.5 has no config entity type "${entityType}"`;
  if (n === 2) return { kind: 'config-entity-type', path, entityType, problem: typeProblem };
  if (n === 3) {
    let problem = typeProblem;
    if (
      problem === null &&
      entityType === 'brokers' &&
      s[2] !== DEFAULT_CONFIG_ENTITY &&
      (parseJavaIntOrNull(s[2]) === null || !isCanonicalDecimal(s[2]))
    ) {
      problem = `Broker configs are per broker id or ${DEFAULT_CONFIG_ENTITY}; "${s[2]}" is neither`;
    }
    if (problem === null && entityType === 'topics') problem = topicNameProblem(s[2]);
    return { kind: 'config-entity', path, entityType, entityName: s[2], problem };
  }
  if (entityType === 'users' && s[3] === 'clients') {
    if (n === 4) return { kind: 'config-user-clients', path, user: s[2], problem: null };
    if (n === 5) return { kind: 'config-entity', path, entityType, entityName: `${s[2]}/clients/${s[4]}`, problem: null };
  }
  return null;
}

export function znodeSpec(kind: ZnodeKind): ZnodeSpec {
  return ZNODE_SPECS[kind];
}

// ---------------------------------------------------------------------------------------------
// Data validation for the node editor

export interface ZnodeValidation {
  readonly identity: ZnodeIdentity;
  readonly spec: ZnodeSpec;
  /** The decoded value when the data is fine (and, for `accepts` errors, `error.kafkaValue`). */
  readonly value: unknown;
  readonly error: ZnodeFormatError | null;
  /** Remarks that are not errors, e.g. data on a znode Kafka never reads. */
  readonly notes: readonly string[];
}

export interface ValidateOptions {
  /** The cluster's chroot, if any. */
  readonly chroot?: string;
  /** The znode's stat.version, carried into a decoded partition state (default 0). */
  readonly zkVersion?: number;
}

/** Decodes `data` as the znode at `path` would be decoded, for "validate as you type". */
export function validateZnodeData(path: string, data: ZnodeData, options: ValidateOptions = {}): ZnodeValidation {
  const identity = identifyZnode(path, options.chroot);
  const spec = ZNODE_SPECS[identity.kind];
  const notes: string[] = [];
  if (identity.problem !== null) notes.push(identity.problem);
  const result = decodeFor(identity, data, options.zkVersion ?? 0, notes);
  if (result instanceof ZnodeFormatError) return { identity, spec, value: result.kafkaValue, error: result, notes };
  return { identity, spec, value: result, error: null, notes };
}

function decodeFor(identity: ZnodeIdentity, data: ZnodeData, zkVersion: number, notes: string[]): unknown {
  switch (identity.kind) {
    case 'cluster-id':
      return ClusterIdZNode.decode(data);
    case 'controller':
      return ControllerZNode.decode(data);
    case 'controller-epoch':
      return ControllerEpochZNode.decode(data);
    case 'broker-registration':
      return identity.brokerId === null ? undefined : BrokerIdZNode.decode(identity.brokerId, data);
    case 'topic':
      return TopicZNode.decode(identity.topic, data);
    case 'partition-state':
      return identity.topicPartition === null ? undefined : TopicPartitionStateZNode.decode(identity.topicPartition, data, zkVersion);
    case 'reassign-partitions': {
      const r = ReassignPartitionsZNode.decode(data);
      if (!(r instanceof ZnodeFormatError) && r.ignoredBecause !== null) {
        return new ZnodeFormatError(identity.path, r.ignoredBecause, 'treats-as-empty', { kafkaValue: r });
      }
      return r;
    }
    case 'preferred-replica-election':
      return PreferredReplicaElectionZNode.decode(data);
    case 'config-entity':
      return ConfigEntityZNode.decode(identity.entityType, identity.entityName, data);
    case 'config-change-notification':
      return ConfigEntityChangeNotificationSequenceZNode.decode(identity.path, data);
    case 'isr-change-notification':
      return IsrChangeNotificationSequenceZNode.decode(identity.path, data);
    case 'log-dir-event-notification':
      return LogDirEventNotificationSequenceZNode.decode(identity.path, data);
    case 'latest-producer-id-block':
      return ProducerIdBlockZNode.decode(data);
    case 'consumer-offset':
      return ConsumerOffset.decode(identity.path, data);
    default: {
      const spec = ZNODE_SPECS[identity.kind];
      if (spec.dataFormat === 'null' && data !== null) {
        notes.push(
          data.length === 0 && identity.kind === 'broker-seqid'
            ? 'Empty data, as after a broker id was generated.'
            : 'Kafka creates this znode with null data and never reads it.',
        );
      }
      return data;
    }
  }
}
