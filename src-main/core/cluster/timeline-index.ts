/**
 * What the timeline files an event under, worked out once when the event is written: its category
 * (the timeline's "kind" filter), level, topic, significance (retention and the default view) and,
 * for the events incidents are told from, the fact it states. Facts are read from Kafka's own log
 * lines (their wording is Kafka 2.5's, fixed) and from the dojo's own events; everything here is a
 * cheap, deterministic function of one event.
 */
import type { ClusterEvent } from './cluster-events';

export type TimelineCategory = 'controller' | 'state-change' | 'broker' | 'zookeeper' | 'log-manager' | 'client-request';
export const TIMELINE_CATEGORIES: readonly TimelineCategory[] = [
  'controller',
  'state-change',
  'broker',
  'zookeeper',
  'log-manager',
  'client-request',
];

export type TimelineLevel = 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

/**
 * How long an event is worth keeping: routine noise (checkpoints written every few seconds, the
 * periodic preferred-leader check that finds nothing to do) is hidden by default and goes first;
 * significant events (the facts incidents are made of, warnings and errors, operator actions) are
 * kept longest.
 */
export const Significance = { routine: 0, detail: 1, significant: 2 } as const;
export type Significance = (typeof Significance)[keyof typeof Significance];

/** A fact an incident is told from (partitions as `topic-partition`, as Kafka prints them). */
export type TimelineFact =
  | { readonly f: 'broker-state'; readonly broker: number; readonly state: string }
  | { readonly f: 'session-owner'; readonly session: string; readonly broker: number }
  | { readonly f: 'session-expired'; readonly session: string }
  | { readonly f: 'broker-failure'; readonly controller: number; readonly brokers: readonly number[] }
  | { readonly f: 'brokers-added'; readonly controller: number; readonly brokers: readonly number[] }
  | { readonly f: 'controller-elected'; readonly broker: number; readonly epoch: number }
  | { readonly f: 'leader-elected'; readonly partition: string; readonly leader: number; readonly isr: readonly number[] }
  | { readonly f: 'partition-offline'; readonly partition: string }
  | { readonly f: 'partition-deleted'; readonly partition: string }
  | {
      readonly f: 'isr-removed';
      readonly partition: string;
      readonly replica: number;
      readonly leader: number;
      readonly isr: readonly number[];
    }
  | {
      readonly f: 'isr-shrink' | 'isr-expand';
      readonly partition: string;
      readonly from: readonly number[];
      readonly to: readonly number[];
    }
  | { readonly f: 'deletion-requested'; readonly topic: string }
  | { readonly f: 'deletion-started'; readonly topic: string }
  | { readonly f: 'deletion-completed'; readonly topic: string }
  | { readonly f: 'election-started'; readonly type: string; readonly partitions: readonly string[]; readonly trigger: string }
  | { readonly f: 'preferred-elected'; readonly partition: string; readonly leader: number }
  | { readonly f: 'log-dir-failed'; readonly broker: number; readonly dir: string; readonly partitions: readonly string[] }
  | { readonly f: 'reassignment-requested' }
  /** An AlterPartitionReassignments request reached the controller (`replicas` null: cancel). */
  | {
      readonly f: 'reassignment-api';
      readonly partitions: ReadonlyArray<{ readonly partition: string; readonly replicas: readonly number[] | null }>;
    }
  /** The controller is done with an AlterPartitionReassignments request (the partitions it could not start are answered with errors). */
  | { readonly f: 'reassignment-api-finished' }
  /** A partition's reassignment started (or changed target): its original replicas and its target. */
  | { readonly f: 'reassignment-partition'; readonly partition: string; readonly from: readonly number[]; readonly to: readonly number[] }
  /** A partition's assignment is final again: its reassignment is over. */
  | { readonly f: 'reassignment-partition-completed'; readonly partition: string; readonly replicas: readonly number[] }
  | { readonly f: 'reassignment-completed' }
  /** `/brokers/topics/<topic>` created: the topic exists for the controller to see. */
  | { readonly f: 'topic-created'; readonly topic: string }
  /** The controller's TopicChange found new topics (partitions and replicas counted from its assignment line). */
  | {
      readonly f: 'topics-new';
      readonly controller: number;
      readonly topics: ReadonlyArray<{ readonly topic: string; readonly partitions: number; readonly replicas: number }>;
    }
  | { readonly f: 'log-created'; readonly broker: number; readonly partition: string }
  | { readonly f: 'controlled-shutdown-succeeded'; readonly broker: number }
  | { readonly f: 'log-dir-event'; readonly controller: number; readonly brokers: readonly number[] }
  /** A broker applied a dynamic config change (`DynamicConfigManager`), `entity` as `brokers/1`, `topics/orders`. */
  | { readonly f: 'config-applied'; readonly broker: number; readonly entity: string; readonly config: string };

export interface TimelineIndex {
  readonly category: TimelineCategory;
  readonly level: TimelineLevel | null;
  readonly topic: string | null;
  readonly significance: Significance;
  readonly fact: TimelineFact | null;
}

const CLIENT_LOGGERS = /^kafka\.(server\.KafkaApis|coordinator\.|network\.|server\.ClientQuotaManager)/;
const ROUTINE_CONTROLLER_EVENTS = new Set(['AutoPreferredReplicaLeaderElection']);
const ZK_TOPIC_PATH = /^\/(?:brokers\/topics|admin\/delete_topics|config\/topics)\/([^/]+)/;
const ids = (list: string): number[] =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
const partitionTopic = (partition: string): string => partition.slice(0, partition.lastIndexOf('-'));

export function timelineIndex(event: ClusterEvent): TimelineIndex {
  switch (event.kind) {
    case 'log':
      return logIndex(event.brokerId, event.line.file, event.line.level, event.line.logger, event.line.message);
    case 'log-manager': {
      const e = event.event;
      const level: TimelineLevel = e.level === 'FATAL' ? 'ERROR' : e.level;
      const topic = 'topicPartition' in e ? e.topicPartition.topic : null;
      if (e.type === 'checkpoint-written') return { category: 'log-manager', level, topic, significance: Significance.routine, fact: null };
      if (e.type === 'log-dir-failed') {
        const partitions = e.offlinePartitions.map((p) => `${p.topic}-${p.partition}`);
        return {
          category: 'log-manager',
          level,
          topic,
          significance: 2,
          fact: { f: 'log-dir-failed', broker: event.brokerId, dir: e.dir, partitions },
        };
      }
      if (e.type === 'partition-dir-created' && !e.path.endsWith('-future'))
        // A detail (a topic of 10,000 partitions writes 30,000), kept for the incident of its creation.
        return {
          category: 'log-manager',
          level,
          topic,
          significance: Significance.detail,
          fact: { f: 'log-created', broker: event.brokerId, partition: `${e.topicPartition.topic}-${e.topicPartition.partition}` },
        };
      return { category: 'log-manager', level, topic, significance: levelSignificance(level), fact: null };
    }
    case 'zookeeper': {
      const e = event.event;
      if (e.kind === 'session-expired')
        return {
          category: 'zookeeper',
          level: 'WARN',
          topic: null,
          significance: 2,
          fact: { f: 'session-expired', session: e.sessionId.toString() },
        };
      if (e.kind === 'connection-closed') return { category: 'zookeeper', level: 'WARN', topic: null, significance: 2, fact: null };
      if (e.kind === 'store-failed') return { category: 'zookeeper', level: 'ERROR', topic: null, significance: 2, fact: null };
      const path = e.path ?? '';
      const topic = ZK_TOPIC_PATH.exec(path)?.[1] ?? null;
      if (e.kind === 'txn' && e.err === 0 && e.op === 'create') {
        const broker = /^\/brokers\/ids\/(\d+)$/.exec(path);
        if (broker) return zkFact(topic, { f: 'session-owner', session: e.sessionId.toString(), broker: Number(broker[1]) });
        if (path.startsWith('/admin/delete_topics/') && topic !== null) return zkFact(topic, { f: 'deletion-requested', topic });
        if (path === '/admin/reassign_partitions') return zkFact(topic, { f: 'reassignment-requested' });
        if (topic !== null && path === `/brokers/topics/${topic}`) return zkFact(topic, { f: 'topic-created', topic });
      }
      return { category: 'zookeeper', level: null, topic, significance: Significance.detail, fact: null };
    }
    case 'controller': {
      const n = event.notice;
      const type = typeof n.event === 'string' ? n.event : (n.event as { type?: string }).type;
      if (n.kind === 'event-failed') return { category: 'controller', level: 'ERROR', topic: null, significance: 2, fact: null };
      if (typeof n.event !== 'string' && n.event.type === 'ApiPartitionReassignment') {
        if (n.kind === 'event-started') {
          const partitions = n.event.reassignments.map((r) => ({
            partition: `${r.partition.topic}-${r.partition.partition}`,
            replicas: r.replicas === null ? null : [...r.replicas],
          }));
          return { category: 'controller', level: null, topic: null, significance: 2, fact: { f: 'reassignment-api', partitions } };
        }
        if (n.kind === 'event-finished')
          return { category: 'controller', level: null, topic: null, significance: 2, fact: { f: 'reassignment-api-finished' } };
      }
      const significance = type !== undefined && ROUTINE_CONTROLLER_EVENTS.has(type) ? Significance.routine : Significance.detail;
      return { category: 'controller', level: null, topic: null, significance, fact: null };
    }
    case 'channel':
      return {
        category: 'controller',
        level: event.event.kind === 'request-dropped' ? 'WARN' : null,
        topic: null,
        significance: 1,
        fact: null,
      };
    case 'broker-state':
      return {
        category: 'broker',
        level: 'INFO',
        topic: null,
        significance: 2,
        fact: { f: 'broker-state', broker: event.brokerId, state: event.state },
      };
    case 'znode-problem':
      return { category: 'broker', level: 'WARN', topic: ZK_TOPIC_PATH.exec(event.path)?.[1] ?? null, significance: 2, fact: null };
  }
}

function zkFact(topic: string | null, fact: TimelineFact): TimelineIndex {
  return { category: 'zookeeper', level: null, topic, significance: 2, fact };
}

function levelSignificance(level: TimelineLevel): Significance {
  return level === 'WARN' || level === 'ERROR' ? Significance.significant : Significance.detail;
}

/** Strips log4j's `[Controller id=0 epoch=1] ` style prefix. */
function body(message: string): string {
  return message.startsWith('[') ? message.slice(message.indexOf('] ') + 2) : message;
}

const TOPIC_IN_LINE = /(?:partition |Partition |topicName=')([^\s',]+?)(?:-\d+)?(?=[\s',]|$)/;

function logIndex(brokerId: number, file: string, level: TimelineLevel, logger: string, message: string): TimelineIndex {
  const category: TimelineCategory =
    file === 'state-change.log'
      ? 'state-change'
      : file === 'controller.log'
        ? 'controller'
        : CLIENT_LOGGERS.test(logger)
          ? 'client-request'
          : 'broker';
  const fact = logFact(brokerId, file, logger, message);
  let topic: string | null = null;
  if (fact !== null && 'partition' in fact) topic = partitionTopic(fact.partition);
  else if (fact !== null && 'topic' in fact) topic = fact.topic;
  else {
    const m = TOPIC_IN_LINE.exec(message);
    if (m) topic = m[1];
  }
  if (fact !== null) return { category, level, topic, significance: Significance.significant, fact };
  return {
    category,
    level,
    topic,
    significance: isRoutineLine(logger, message) ? Significance.routine : levelSignificance(level),
    fact: null,
  };
}

function isRoutineLine(logger: string, message: string): boolean {
  if (logger !== 'kafka.controller.KafkaController') return false;
  const text = body(message);
  return (
    text.startsWith('Processing automatic preferred replica leader election') ||
    text.startsWith('Leader imbalance ratio for broker') ||
    /^Starting replica leader election \(PREFERRED\) for partitions {2}triggered by AutoTriggered/.test(text)
  );
}

const CHANGED_PARTITION_ONLINE =
  /^Changed partition (\S+) from \w+ to OnlinePartition with state LeaderAndIsr\(leader=(-?\d+), leaderEpoch=\d+, isr=List\(([\d, ]*)\)/;
const CHANGED_PARTITION_STATE = /^Changed partition (\S+) state from \w+ to (OfflinePartition|NonExistentPartition)$/;
const ISR_REMOVED = /^Partition (\S+) state changed to \(Leader:(-?\d+),ISR:([\d,]*),.*after removing replica (\d+) from the ISR/;
const ISR_CHANGE = /^(Shrinking|Expanding) ISR from ([\d,]*) to ([\d,]*)/;
const ASSIGNMENT = String.raw`ReplicaAssignment\(replicas=([\d,]*), addingReplicas=([\d,]*), removingReplicas=([\d,]*)\)`;
const UPDATING_ASSIGNMENT = new RegExp(String.raw`^Updating assignment of partition (\S+) from ${ASSIGNMENT} to ${ASSIGNMENT}$`);
const ASSIGNMENT_FINAL =
  /^Successfully updated assignment of partition (\S+) to ReplicaAssignment\(replicas=([\d,]*), addingReplicas=, removingReplicas=\)$/;
const NEW_TOPICS = /^New topics: \[Set\(([^)]*)\)\], deleted topics: \[Set\([^)]*\)\], new partition replica assignment \[(.*)\]$/;
const NEW_PARTITION = /([^\s(,]+)-\d+ -> ReplicaAssignment\(replicas=([\d,]*)/g;
const CONFIG_OVERRIDE = /^Processing override for (?:entityPath: (\S+)|entityType: (\w+), entity: (\S+)) with config: (.*)$/;
const without = (list: readonly number[], removed: readonly number[]) => list.filter((r) => !removed.includes(r));

function logFact(brokerId: number, file: string, logger: string, message: string): TimelineFact | null {
  if (file === 'state-change.log') {
    if (!message.startsWith('[Controller')) return null;
    const text = body(message);
    let m = CHANGED_PARTITION_ONLINE.exec(text);
    if (m) return { f: 'leader-elected', partition: m[1], leader: Number(m[2]), isr: ids(m[3]) };
    m = CHANGED_PARTITION_STATE.exec(text);
    if (m) return { f: m[2] === 'OfflinePartition' ? 'partition-offline' : 'partition-deleted', partition: m[1] };
    m = ISR_REMOVED.exec(text);
    if (m) return { f: 'isr-removed', partition: m[1], leader: Number(m[2]), isr: ids(m[3]), replica: Number(m[4]) };
    return null;
  }
  if (logger === 'kafka.cluster.Partition') {
    const m = ISR_CHANGE.exec(body(message));
    const partition = /^\[Partition (\S+) broker=/.exec(message)?.[1];
    if (m && partition !== undefined)
      return { f: m[1] === 'Shrinking' ? 'isr-shrink' : 'isr-expand', partition, from: ids(m[2]), to: ids(m[3]) };
    return null;
  }
  if (logger === 'kafka.controller.TopicDeletionManager') {
    const text = body(message);
    let m = /^Deletion of topic (\S+) successfully completed$/.exec(text);
    if (m) return { f: 'deletion-completed', topic: m[1] };
    m = /^Deletion of topic (\S+) \(re\)started$/.exec(text);
    if (m) return { f: 'deletion-started', topic: m[1] };
    return null;
  }
  if (logger === 'kafka.server.DynamicConfigManager') {
    const m = CONFIG_OVERRIDE.exec(message);
    if (m) return { f: 'config-applied', broker: brokerId, entity: m[1] ?? `${m[2]}/${m[3]}`, config: m[4] };
    return null;
  }
  if (logger === 'kafka.server.KafkaServer') {
    if (body(message) === 'Controlled shutdown succeeded') return { f: 'controlled-shutdown-succeeded', broker: brokerId };
    return null;
  }
  if (logger !== 'kafka.controller.KafkaController') return null;
  const text = body(message);
  let a = UPDATING_ASSIGNMENT.exec(text);
  if (a) return { f: 'reassignment-partition', partition: a[1], from: without(ids(a[2]), ids(a[3])), to: without(ids(a[5]), ids(a[7])) };
  a = ASSIGNMENT_FINAL.exec(text);
  if (a) return { f: 'reassignment-partition-completed', partition: a[1], replicas: ids(a[2]) };
  a = NEW_TOPICS.exec(text);
  if (a) {
    const counts = new Map<string, { topic: string; partitions: number; replicas: number }>();
    for (const p of a[2].matchAll(NEW_PARTITION)) {
      const c = counts.get(p[1]) ?? { topic: p[1], partitions: 0, replicas: 0 };
      c.partitions++;
      c.replicas += ids(p[2]).length;
      counts.set(p[1], c);
    }
    return { f: 'topics-new', controller: brokerId, topics: [...counts.values()] };
  }
  a = /^Handling log directory failure for brokers ([\d,]+)$/.exec(text);
  if (a) return { f: 'log-dir-event', controller: brokerId, brokers: ids(a[1]) };
  let m = /^Broker failure callback for ([\d,]+)$/.exec(text);
  if (m) return { f: 'broker-failure', controller: brokerId, brokers: ids(m[1]) };
  m = /^Newly added brokers: ([\d,]+), deleted brokers/.exec(text);
  if (m) return { f: 'brokers-added', controller: brokerId, brokers: ids(m[1]) };
  m = /^(\d+) successfully elected as the controller\. Epoch incremented to (\d+)/.exec(text);
  if (m) return { f: 'controller-elected', broker: Number(m[1]), epoch: Number(m[2]) };
  m = /^Starting replica leader election \((\w+)\) for partitions (\S+) triggered by (\w+)$/.exec(text);
  if (m) return { f: 'election-started', type: m[1], partitions: m[2].split(','), trigger: m[3] };
  m = /^Partition (\S+) completed preferred replica leader election\. New leader is (\d+)$/.exec(text);
  if (m) return { f: 'preferred-elected', partition: m[1], leader: Number(m[2]) };
  if (text.startsWith('No more partitions need to be reassigned')) return { f: 'reassignment-completed' };
  return null;
}
