import type { BrokerZkClient } from '../broker/broker-zk-client';
import { numberFormatMessage, parseJavaIntOrNull } from '../common/java-lang';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import { toError } from '../common/throwable';
import type { LiveBroker } from '../controller/broker-info';
import { ControllerMovedError } from '../controller/controller-errors';
import type {
  ControllerZkClient,
  PartitionStateRead,
  UpdateLeaderAndIsrResult,
  ZkReassignmentRequest,
} from '../controller/controller-zk-client';
import type { LeaderAndIsr } from '../controller/leader-and-isr';
import type { Op } from '../zookeeper';
import { Code, CreateMode, KeeperException, MultiException } from '../zookeeper';
import { PreferredReplicaElectionZNode, ReassignPartitionsZNode, DeleteTopicsTopicZNode, DeleteTopicsZNode } from './admin-znodes';
import { BrokerIdZNode, BrokerIdsZNode } from './broker-znodes';
import type { BrokerRegistration } from './broker-znodes';
import { ClusterIdZNode, ControllerEpochZNode, ControllerZNode, ProducerIdBlockZNode } from './cluster-znodes';
import { ConfigEntityChangeNotificationSequenceZNode, ConfigEntityTypeZNode, ConfigEntityZNode, ConfigType } from './config-znodes';
import type { KafkaZooKeeperClient } from './kafka-zookeeper-client';
import type { ZnodeProblemReporter } from './kafka-zk-client-base';
import { KafkaZkClientBase } from './kafka-zk-client-base';
import {
  IsrChangeNotificationSequenceZNode,
  IsrChangeNotificationZNode,
  LogDirEventNotificationSequenceZNode,
  LogDirEventNotificationZNode,
} from './notification-znodes';
import type { ReplicaAssignment } from './topic-znodes';
import { TopicPartitionStateZNode, TopicPartitionZNode, TopicPartitionsZNode, TopicZNode, TopicsZNode } from './topic-znodes';
import { PERSISTENT_ZK_PATHS } from './zk-data';
import { ZnodeFormatError } from './znode-format-error';

/** Kafka's `KafkaController.InitialControllerEpoch` and its znode version. */
const INITIAL_CONTROLLER_EPOCH = 0;
const INITIAL_CONTROLLER_EPOCH_ZK_VERSION = 0;

export type { ZnodeProblemReporter } from './kafka-zk-client-base';

/**
 * Kafka's `KafkaZkClient`: every read and write Kafka's brokers and controller make, over one
 * ZooKeeper session. Writes given a controller epoch zkVersion are fenced
 * (`multi[check(/controller_epoch), op]`; a failed check is `ControllerMovedError`). Reads of
 * hand-written znodes go through ZkData's strict decoders: what Kafka would fail on fails the
 * calling event (as in Kafka), what Kafka reads differently is reported and read as Kafka does,
 * and a malformed topic assignment is reported and skipped so that it damages nothing else.
 */
export class KafkaZkClient extends KafkaZkClientBase implements ControllerZkClient, BrokerZkClient {
  constructor(
    client: KafkaZooKeeperClient,
    reportProblem: ZnodeProblemReporter,
    /** The broker's `unclean.leader.election.enable`, the default for topics without an override. */
    private readonly uncleanLeaderElectionDefault: () => boolean,
  ) {
    super(client, reportProblem);
  }

  // ---- broker start (createTopLevelPaths, cluster id, registration) ----

  async createTopLevelPaths(): Promise<void> {
    for (const path of PERSISTENT_ZK_PATHS) await this.createRecursiveIgnoringExists(path);
  }

  async getOrCreateClusterId(proposedId: string): Promise<string> {
    const existing = await this.getDataAndStat(ClusterIdZNode.path);
    if (existing) return this.kafkaReading(ClusterIdZNode.decode(existing.data));
    try {
      await this.createWithParents(ClusterIdZNode.path, ClusterIdZNode.encode(proposedId));
      return proposedId;
    } catch (e) {
      if (!(e instanceof KeeperException && e.code === Code.NODEEXISTS)) throw e;
      const raced = await this.getDataAndStat(ClusterIdZNode.path);
      if (!raced) throw e;
      return this.kafkaReading(ClusterIdZNode.decode(raced.data));
    }
  }

  /**
   * `registerBroker`: `multi[create(path, null, EPHEMERAL), setData(path, json, 0)]`, so the znode
   * has dataVersion 1; a stale node of this broker's previous session is replaced. Returns the
   * broker epoch (the znode's czxid).
   */
  async registerBroker(registration: BrokerRegistration, timestampMs: number): Promise<number> {
    const path = BrokerIdZNode.path(registration.id);
    const data = BrokerIdZNode.encode(registration, timestampMs);
    const attempt = async (): Promise<number> => {
      const results = await this.zk.multi([
        { type: 'create', path, data: null, mode: CreateMode.EPHEMERAL },
        { type: 'setData', path, data, version: 0 },
      ]);
      // CheckedEphemeral.create: the broker epoch is the czxid in the setData's Stat.
      const set = results[1];
      return set.type === 'setData' ? set.stat.czxid : -1;
    };
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof MultiException && e.code === Code.NODEEXISTS)) throw e;
      const existing = await this.zk.exists(path);
      if (existing && existing.ephemeralOwner === this.client.sessionId) return existing.czxid;
      throw new KeeperException(
        Code.NODEEXISTS,
        path,
        `broker ${registration.id} is registered by another session (0x${existing?.ephemeralOwner.toString(16) ?? '0'})`,
      );
    }
  }

  async getTopicConfig(topic: string): Promise<Record<string, string>> {
    const node = await this.getDataAndStat(ConfigEntityZNode.path(ConfigType.Topic, topic));
    if (!node) return {};
    return Object.fromEntries(this.kafkaReading(ConfigEntityZNode.decode(ConfigType.Topic, topic, node.data)));
  }

  /**
   * `getEntityConfigs`: the overrides in `/config/<type>/<name>` (name already sanitized), in the
   * order the znode lists them; none when the znode is missing.
   */
  async getEntityConfigs(rootEntityType: string, sanitizedEntityName: string): Promise<Map<string, string>> {
    const node = await this.getDataAndStat(ConfigEntityZNode.path(rootEntityType, sanitizedEntityName));
    if (!node) return new Map();
    return this.kafkaReading(ConfigEntityZNode.decode(rootEntityType, sanitizedEntityName, node.data));
  }

  /** `getAllEntitiesWithConfig`: the children of `/config/<type>` (e.g. `users/alice/clients`). */
  async getAllEntitiesWithConfig(entityPath: string): Promise<string[]> {
    return this.getChildren(ConfigEntityTypeZNode.path(entityPath), false);
  }

  /** `getSortedBrokerList`: the registered broker ids, ascending. */
  async getSortedBrokerList(): Promise<number[]> {
    return (await this.getChildren(BrokerIdsZNode.path, false))
      .map((c) => parseJavaIntOrNull(c))
      .filter((id): id is number => id !== null)
      .sort((a, b) => a - b);
  }

  /** `deletePath`: the znode and its children (MatchAnyVersion, not fenced); a node already gone is fine. */
  async deletePath(path: string): Promise<void> {
    await this.deleteRecursive(path, -1);
  }

  async updateLeaderAndIsrAsLeader(partition: TopicPartition, leaderAndIsr: LeaderAndIsr, controllerEpoch: number): Promise<number | null> {
    try {
      const stat = await this.zk.setData(
        TopicPartitionStateZNode.path(partition),
        TopicPartitionStateZNode.encode({ leaderAndIsr, controllerEpoch }),
        leaderAndIsr.zkVersion,
      );
      return stat.version;
    } catch (e) {
      if (e instanceof KeeperException && (e.code === Code.BADVERSION || e.code === Code.NONODE)) return null;
      throw e;
    }
  }

  async propagateIsrChanges(partitions: TopicPartition[]): Promise<void> {
    await this.createWithParents(
      IsrChangeNotificationSequenceZNode.path(),
      IsrChangeNotificationSequenceZNode.encode(partitions),
      CreateMode.PERSISTENT_SEQUENTIAL,
    );
  }

  async propagateLogDirEvent(brokerId: number): Promise<void> {
    await this.createWithParents(
      LogDirEventNotificationSequenceZNode.path(),
      LogDirEventNotificationSequenceZNode.encode(brokerId),
      CreateMode.PERSISTENT_SEQUENTIAL,
    );
  }

  async claimProducerIdBlock(brokerId: number): Promise<{ blockStart: bigint; blockEnd: bigint }> {
    for (;;) {
      const node = await this.getDataAndStat(ProducerIdBlockZNode.path);
      const current = node ? this.kafkaReading(ProducerIdBlockZNode.decode(node.data)) : null;
      const next = ProducerIdBlockZNode.nextBlock(brokerId, current);
      try {
        if (node) await this.zk.setData(ProducerIdBlockZNode.path, ProducerIdBlockZNode.encode(next), node.stat.version);
        else await this.createWithParents(ProducerIdBlockZNode.path, ProducerIdBlockZNode.encode(next));
        return { blockStart: next.blockStartId, blockEnd: next.blockEndId };
      } catch (e) {
        // Another broker claimed a block meanwhile: read again (ProducerIdManager retries).
        if (!(e instanceof KeeperException && (e.code === Code.BADVERSION || e.code === Code.NODEEXISTS))) throw e;
      }
    }
  }

  // ---- controller election ----

  async getControllerId(): Promise<number | null> {
    const node = await this.getDataAndStat(ControllerZNode.path);
    if (!node) return null;
    return this.kafkaReading(ControllerZNode.decode(node.data)).brokerId;
  }

  private async getControllerEpoch(): Promise<{ epoch: number; version: number } | null> {
    const node = await this.getDataAndStat(ControllerEpochZNode.path);
    if (!node) return null;
    return { epoch: this.kafkaReading(ControllerEpochZNode.decode(node.data)), version: node.stat.version };
  }

  async registerControllerAndIncrementControllerEpoch(
    controllerId: number,
    timestampMs: number,
  ): Promise<{ epoch: number; epochZkVersion: number }> {
    const current = (await this.getControllerEpoch()) ?? (await this.maybeCreateControllerEpochZNode());
    const newEpoch = current.epoch + 1;
    try {
      const results = await this.zk.multi([
        { type: 'create', path: ControllerZNode.path, data: ControllerZNode.encode(controllerId, timestampMs), mode: CreateMode.EPHEMERAL },
        { type: 'setData', path: ControllerEpochZNode.path, data: ControllerEpochZNode.encode(newEpoch), version: current.version },
      ]);
      const set = results[1];
      return { epoch: newEpoch, epochZkVersion: set.type === 'setData' ? set.stat.version : -1 };
    } catch (e) {
      if (!(e instanceof MultiException) || (e.code !== Code.NODEEXISTS && e.code !== Code.BADVERSION)) throw e;
      // Someone else may have won, or this broker did and a retry saw its own write.
      const winner = await this.getControllerId();
      if (winner === null) {
        throw new ControllerMovedError(
          `The ephemeral node at ${ControllerZNode.path} went away while checking whether the controller election succeeds. Aborting controller startup procedure`,
        );
      }
      if (winner === controllerId) {
        const epoch = await this.getControllerEpoch();
        if (epoch && epoch.epoch === newEpoch) return { epoch: newEpoch, epochZkVersion: epoch.version };
      }
      throw new ControllerMovedError('Controller moved to another broker. Aborting controller startup procedure');
    }
  }

  private async maybeCreateControllerEpochZNode(): Promise<{ epoch: number; version: number }> {
    try {
      await this.zk.create(ControllerEpochZNode.path, ControllerEpochZNode.encode(INITIAL_CONTROLLER_EPOCH));
      return { epoch: INITIAL_CONTROLLER_EPOCH, version: INITIAL_CONTROLLER_EPOCH_ZK_VERSION };
    } catch (e) {
      if (!(e instanceof KeeperException && e.code === Code.NODEEXISTS)) throw e;
      const epoch = await this.getControllerEpoch();
      if (!epoch) throw new Error(`${ControllerEpochZNode.path} existed before but goes away while trying to read it`, { cause: e });
      return epoch;
    }
  }

  async deleteController(epochZkVersion: number): Promise<void> {
    await this.fencedIgnoring({ type: 'delete', path: ControllerZNode.path }, epochZkVersion, Code.NONODE);
  }

  // ---- brokers ----

  async getAllBrokersInCluster(): Promise<LiveBroker[]> {
    const ids: number[] = [];
    for (const child of await this.getChildren(BrokerIdsZNode.path)) {
      const id = parseJavaIntOrNull(child);
      if (id !== null) ids.push(id);
      // Kafka's `_.toInt` fails the whole broker change (and every later one while the znode exists);
      // here it is reported and left out, like an unparseable registration.
      else {
        const reason = `Broker id "${child}" is not a number (java.lang.NumberFormatException: ${numberFormatMessage(child)}); Kafka 2.5 fails every broker change while this znode exists`;
        this.reportProblem(new ZnodeFormatError(`${BrokerIdsZNode.path}/${child}`, reason, 'throws'));
      }
    }
    ids.sort((a, b) => a - b);
    const brokers = await Promise.all(ids.map((id) => this.getBroker(id)));
    return brokers.filter((b): b is LiveBroker => b !== null);
  }

  async getBroker(id: number): Promise<LiveBroker | null> {
    const node = await this.getDataAndStat(BrokerIdZNode.path(id));
    if (!node) return null;
    const decoded = BrokerIdZNode.decode(id, node.data);
    if (decoded instanceof ZnodeFormatError) {
      // A broker registration Kafka cannot parse fails the whole broker change; here that broker is left out.
      this.reportProblem(decoded);
      if (decoded.kafkaValue === undefined) return null;
      return { id, rack: decoded.kafkaValue.rack, endpoints: decoded.kafkaValue.endpoints, epoch: node.stat.czxid };
    }
    return { id, rack: decoded.rack, endpoints: decoded.endpoints, epoch: node.stat.czxid };
  }

  // ---- topics ----

  async getAllTopicsInCluster(registerWatch: boolean): Promise<string[]> {
    return this.getChildren(TopicsZNode.path, registerWatch);
  }

  async getFullReplicaAssignmentForTopics(topics: Iterable<string>): Promise<Map<string, Map<number, ReplicaAssignment>>> {
    const list = [...topics];
    const reads = await Promise.all(list.map((t) => this.getDataAndStat(TopicZNode.path(t))));
    const out = new Map<string, Map<number, ReplicaAssignment>>();
    list.forEach((topic, i) => {
      const node = reads[i];
      if (!node) return;
      const decoded = TopicZNode.decode(topic, node.data);
      if (decoded instanceof ZnodeFormatError) {
        this.reportProblem(decoded);
        // Gaps in the partition numbers are read as Kafka reads them: Kafka's own controller writes
        // them (restorePartitionReplicaAssignment keeps only partitions with a `partitions/<p>` znode,
        // A4), and skipping such a topic would let a deletion that Kafka keeps waiting "complete".
        if (decoded.kafkaValue !== undefined && onlyPartitionNumberingIsWrong(topic, decoded))
          out.set(topic, new Map([...decoded.kafkaValue].sort((a, b) => a[0] - b[0])));
        return;
      }
      out.set(topic, new Map([...decoded].sort((a, b) => a[0] - b[0])));
    });
    return out;
  }

  async getTopicPartitionIds(topic: string): Promise<number[]> {
    return (await this.getChildren(TopicPartitionsZNode.path(topic), false)).map(Number).filter((p) => Number.isInteger(p));
  }

  async setTopicAssignment(topic: string, assignment: Map<number, ReplicaAssignment>, epochZkVersion: number): Promise<void> {
    const data = TopicZNode.encode([...assignment].sort((a, b) => a[0] - b[0]));
    await this.fenced({ type: 'setData', path: TopicZNode.path(topic), data, version: -1 }, epochZkVersion);
  }

  async getTopicPartitionStates(
    partitions: readonly TopicPartition[],
  ): Promise<Array<{ partition: TopicPartition; read: PartitionStateRead }>> {
    return Promise.all(
      partitions.map(async (partition): Promise<{ partition: TopicPartition; read: PartitionStateRead }> => {
        let node;
        try {
          node = await this.getDataAndStat(TopicPartitionStateZNode.path(partition));
        } catch (e) {
          return { partition, read: { kind: 'error', error: toError(e) } };
        }
        if (!node) return { partition, read: { kind: 'nonode' } };
        const decoded = TopicPartitionStateZNode.decode(partition, node.data, node.stat.version);
        if (!(decoded instanceof ZnodeFormatError)) return { partition, read: { kind: 'ok', value: decoded } };
        this.reportProblem(decoded);
        if (decoded.kafkaReading === 'throws' || decoded.kafkaReading === 'treats-as-empty' || decoded.kafkaValue === undefined) {
          return decoded.kafkaReading === 'treats-as-empty'
            ? { partition, read: { kind: 'nonode' } }
            : { partition, read: { kind: 'error', error: decoded } };
        }
        return { partition, read: { kind: 'ok', value: decoded.kafkaValue } };
      }),
    );
  }

  async createTopicPartitionStates(
    states: Array<{ partition: TopicPartition; state: { leaderAndIsr: LeaderAndIsr; controllerEpoch: number } }>,
    epochZkVersion: number,
  ): Promise<Array<{ partition: TopicPartition; error: Error | null }>> {
    const topics = [...new Set(states.map((s) => s.partition.topic))];
    const ignoreExists = async (op: Op) => {
      try {
        await this.fenced(op, epochZkVersion);
      } catch (e) {
        if (e instanceof ControllerMovedError) throw e;
      }
    };
    await Promise.all(topics.map((t) => ignoreExists({ type: 'create', path: TopicPartitionsZNode.path(t), data: null })));
    await Promise.all(states.map((s) => ignoreExists({ type: 'create', path: TopicPartitionZNode.path(s.partition), data: null })));
    return Promise.all(
      states.map(async ({ partition, state }) => {
        try {
          await this.fenced(
            { type: 'create', path: TopicPartitionStateZNode.path(partition), data: TopicPartitionStateZNode.encode(state) },
            epochZkVersion,
          );
          return { partition, error: null };
        } catch (e) {
          if (e instanceof ControllerMovedError) throw e;
          // Kafka keeps only the result code and logs `KeeperException.create(code)`, which has no path
          // ("KeeperErrorCode = NodeExists" for a hand-written state znode, scenario A5).
          if (e instanceof KeeperException) return { partition, error: new KeeperException(e.code) };
          return { partition, error: toError(e) };
        }
      }),
    );
  }

  async updateLeaderAndIsr(
    updates: Array<{ partition: TopicPartition; leaderAndIsr: LeaderAndIsr }>,
    controllerEpoch: number,
    epochZkVersion: number,
  ): Promise<UpdateLeaderAndIsrResult> {
    const result: UpdateLeaderAndIsrResult = { finished: [], toRetry: [] };
    const outcomes = await Promise.all(
      updates.map(async ({ partition, leaderAndIsr }) => {
        const data = TopicPartitionStateZNode.encode({ leaderAndIsr, controllerEpoch });
        try {
          const r = await this.fenced(
            { type: 'setData', path: TopicPartitionStateZNode.path(partition), data, version: leaderAndIsr.zkVersion },
            epochZkVersion,
          );
          return { partition, ok: { ...leaderAndIsr, zkVersion: r.type === 'setData' ? r.stat.version : leaderAndIsr.zkVersion } };
        } catch (e) {
          if (e instanceof ControllerMovedError) throw e;
          if (e instanceof KeeperException && e.code === Code.BADVERSION) return { partition, retry: true };
          return { partition, error: toError(e) };
        }
      }),
    );
    for (const o of outcomes) {
      if ('ok' in o && o.ok) result.finished.push({ partition: o.partition, result: o.ok });
      else if ('retry' in o) result.toRetry.push(o.partition);
      else if ('error' in o && o.error) result.finished.push({ partition: o.partition, result: o.error });
    }
    return result;
  }

  async getUncleanLeaderElectionEnable(topics: Iterable<string>): Promise<Map<string, boolean | Error>> {
    const out = new Map<string, boolean | Error>();
    for (const topic of topics) {
      try {
        const config = await this.getTopicConfig(topic);
        const value = config['unclean.leader.election.enable'];
        out.set(topic, value === undefined ? this.uncleanLeaderElectionDefault() : value.trim().toLowerCase() === 'true');
      } catch (e) {
        out.set(topic, toError(e));
      }
    }
    return out;
  }

  // ---- deletion ----

  async getTopicDeletions(): Promise<string[]> {
    const topics = await this.getChildren(DeleteTopicsZNode.path);
    // Kafka reads only the markers' names. One written by hand with data is reported: Kafka creates
    // markers with null data, never reads it, and deletes the topic all the same.
    const stats = await Promise.all(topics.map((t) => this.zk.exists(DeleteTopicsTopicZNode.path(t)).catch(() => null)));
    stats.forEach((stat, i) => {
      if (stat && stat.dataLength > 0) {
        const reason = `The deletion marker carries ${stat.dataLength} bytes of data; Kafka creates it with null data and never reads it (topic ${topics[i]} is deleted all the same)`;
        this.reportProblem(new ZnodeFormatError(DeleteTopicsTopicZNode.path(topics[i]), reason, 'accepts'));
      }
    });
    return topics;
  }

  async deleteTopicDeletions(topics: Iterable<string>, epochZkVersion: number): Promise<void> {
    await Promise.all(
      [...topics].map((t) => this.fencedIgnoring({ type: 'delete', path: DeleteTopicsTopicZNode.path(t) }, epochZkVersion, Code.NONODE)),
    );
  }

  /** `deleteRecursive`: children first, each delete fenced; a node already gone is fine. */
  async deleteTopicZNode(topic: string, epochZkVersion: number): Promise<void> {
    await this.deleteRecursive(TopicZNode.path(topic), epochZkVersion);
  }

  private async deleteRecursive(path: string, epochZkVersion: number): Promise<void> {
    const children = await this.getChildren(path, false);
    // Children first, as Kafka's deleteRecursive, but siblings pipelined where Kafka sends one
    // request at a time: a topic of 10,000 partitions is 20,000 znodes, and one at a time each waits
    // for its own group commit (minutes), where pipelined they share a few.
    await Promise.all(children.map((c) => this.deleteRecursive(`${path}/${c}`, epochZkVersion)));
    await this.fencedIgnoring({ type: 'delete', path }, epochZkVersion, Code.NONODE);
  }

  async deleteTopicConfigs(topics: Iterable<string>, epochZkVersion: number): Promise<void> {
    await Promise.all(
      [...topics].map((t) =>
        this.fencedIgnoring({ type: 'delete', path: ConfigEntityZNode.path(ConfigType.Topic, t) }, epochZkVersion, Code.NONODE),
      ),
    );
  }

  // ---- notifications ----

  async getAllIsrChangeNotifications(): Promise<string[]> {
    return (await this.getChildren(IsrChangeNotificationZNode.path)).map((c) => IsrChangeNotificationSequenceZNode.sequenceNumber(c));
  }

  async getPartitionsFromIsrChangeNotifications(sequenceNumbers: readonly string[]): Promise<TopicPartition[]> {
    const reads = await Promise.all(sequenceNumbers.map((n) => this.getDataAndStat(IsrChangeNotificationSequenceZNode.path(n))));
    const out = new Map<string, TopicPartition>();
    reads.forEach((node, i) => {
      if (!node) return;
      for (const p of this.kafkaReading(
        IsrChangeNotificationSequenceZNode.decode(IsrChangeNotificationSequenceZNode.path(sequenceNumbers[i]), node.data),
      ))
        out.set(tpKey(p), p);
    });
    return [...out.values()];
  }

  async deleteIsrChangeNotifications(sequenceNumbers: readonly string[] | null, epochZkVersion: number): Promise<void> {
    const numbers = sequenceNumbers ?? (await this.getAllIsrChangeNotifications());
    await Promise.all(
      numbers.map((n) =>
        this.fencedIgnoring({ type: 'delete', path: IsrChangeNotificationSequenceZNode.path(n) }, epochZkVersion, Code.NONODE),
      ),
    );
  }

  async getAllLogDirEventNotifications(): Promise<string[]> {
    return (await this.getChildren(LogDirEventNotificationZNode.path)).map((c) => LogDirEventNotificationSequenceZNode.sequenceNumber(c));
  }

  async getBrokerIdsFromLogDirEvents(sequenceNumbers: readonly string[]): Promise<number[]> {
    const reads = await Promise.all(sequenceNumbers.map((n) => this.getDataAndStat(LogDirEventNotificationSequenceZNode.path(n))));
    const ids = new Set<number>();
    reads.forEach((node, i) => {
      if (node)
        ids.add(
          this.kafkaReading(
            LogDirEventNotificationSequenceZNode.decode(LogDirEventNotificationSequenceZNode.path(sequenceNumbers[i]), node.data),
          ).brokerId,
        );
    });
    return [...ids];
  }

  async deleteLogDirEventNotifications(sequenceNumbers: readonly string[] | null, epochZkVersion: number): Promise<void> {
    const numbers = sequenceNumbers ?? (await this.getAllLogDirEventNotifications());
    await Promise.all(
      numbers.map((n) =>
        this.fencedIgnoring({ type: 'delete', path: LogDirEventNotificationSequenceZNode.path(n) }, epochZkVersion, Code.NONODE),
      ),
    );
  }

  // ---- admin writes (the primitives AdminZkClient builds on) ----

  async topicExists(topic: string): Promise<boolean> {
    return this.pathExists(TopicZNode.path(topic));
  }

  /** `createTopicAssignment`: NODEEXISTS propagates (the caller turns it into TOPIC_ALREADY_EXISTS). */
  async createTopicAssignment(topic: string, assignment: Iterable<readonly [number, ReplicaAssignment]>): Promise<void> {
    await this.createWithParents(TopicZNode.path(topic), TopicZNode.encode([...assignment].sort((a, b) => a[0] - b[0])));
  }

  /** `setOrCreateEntityConfigs`: writes `/config/<type>/<name>`, creating it when missing. */
  async setOrCreateEntityConfigs(entityType: string, entityName: string, config: Readonly<Record<string, string>>): Promise<void> {
    const path = ConfigEntityZNode.path(entityType as (typeof ConfigType)[keyof typeof ConfigType], entityName);
    const data = ConfigEntityZNode.encode(config);
    try {
      await this.zk.setData(path, data, -1);
    } catch (e) {
      if (!(e instanceof KeeperException && e.code === Code.NONODE)) throw e;
      await this.createWithParents(path, data);
    }
  }

  /** `createConfigChangeNotification`: `/config/changes/config_change_N` naming the changed entity. */
  async createConfigChangeNotification(sanitizedEntityPath: string): Promise<void> {
    await this.createWithParents(
      ConfigEntityChangeNotificationSequenceZNode.createPath,
      ConfigEntityChangeNotificationSequenceZNode.encode(sanitizedEntityPath),
      CreateMode.PERSISTENT_SEQUENTIAL,
    );
  }

  /** `createDeleteTopicPath`: NODEEXISTS propagates ("already marked for deletion"). */
  async createDeleteTopicPath(topic: string): Promise<void> {
    await this.createWithParents(DeleteTopicsTopicZNode.path(topic), null);
  }

  async isTopicMarkedForDeletion(topic: string): Promise<boolean> {
    return this.pathExists(DeleteTopicsTopicZNode.path(topic));
  }

  // ---- reassignment and preferred election znodes ----

  async getPartitionReassignment(): Promise<ZkReassignmentRequest[]> {
    const node = await this.getDataAndStat(ReassignPartitionsZNode.path);
    if (!node) return [];
    const decoded = this.kafkaReading(ReassignPartitionsZNode.decode(node.data));
    // Kafka logs "Ignoring partition reassignment due to invalid json: …" and reads no reassignment.
    if (decoded.ignoredBecause !== null)
      this.reportProblem(
        new ZnodeFormatError(ReassignPartitionsZNode.path, decoded.ignoredBecause, 'treats-as-empty', { kafkaValue: decoded }),
      );
    return [...decoded.partitions].map(([partition, replicas]) => ({ partition, replicas: [...replicas] }));
  }

  async setOrDeletePartitionReassignment(remaining: ZkReassignmentRequest[], epochZkVersion: number): Promise<void> {
    const path = ReassignPartitionsZNode.path;
    if (remaining.length === 0) {
      await this.fencedIgnoring({ type: 'delete', path }, epochZkVersion, Code.NONODE);
      return;
    }
    const data = ReassignPartitionsZNode.encode(remaining.map((r) => [r.partition, r.replicas] as const));
    try {
      await this.fenced({ type: 'setData', path, data, version: -1 }, epochZkVersion);
    } catch (e) {
      if (!(e instanceof KeeperException && e.code === Code.NONODE)) throw e;
      await this.fenced({ type: 'create', path, data }, epochZkVersion);
    }
  }

  /** `reassignPartitionsInProgress`: whether `/admin/reassign_partitions` exists. */
  async reassignPartitionsInProgress(): Promise<boolean> {
    return this.pathExists(ReassignPartitionsZNode.path);
  }

  /** `createPartitionReassignment` (the ZooKeeper way of 2.5's reassignment tool): NODEEXISTS propagates. */
  async createPartitionReassignment(reassignment: Iterable<readonly [TopicPartition, readonly number[]]>): Promise<void> {
    await this.createWithParents(ReassignPartitionsZNode.path, ReassignPartitionsZNode.encode(reassignment));
  }

  /** `createPreferredReplicaElection`: NODEEXISTS propagates ("currently in progress"). */
  async createPreferredReplicaElection(partitions: Iterable<TopicPartition>): Promise<void> {
    await this.createWithParents(PreferredReplicaElectionZNode.path, PreferredReplicaElectionZNode.encode(partitions));
  }

  async getPreferredReplicaElection(): Promise<TopicPartition[]> {
    const node = await this.getDataAndStat(PreferredReplicaElectionZNode.path);
    if (!node) return [];
    return this.kafkaReading(PreferredReplicaElectionZNode.decode(node.data));
  }

  async deletePreferredReplicaElection(epochZkVersion: number): Promise<void> {
    await this.fencedIgnoring({ type: 'delete', path: PreferredReplicaElectionZNode.path }, epochZkVersion, Code.NONODE);
  }
}

/**
 * Whether the only thing the emulation flagged in a topic assignment is a gap in its partition
 * numbers: the gap is the problem reported (the checks before it passed) and the same replica lists,
 * renumbered 0..n−1, decode without a problem (the checks after it pass too).
 */
function onlyPartitionNumberingIsWrong(topic: string, error: ZnodeFormatError<ReadonlyMap<number, ReplicaAssignment>>): boolean {
  if (error.kafkaValue === undefined || !/^Partitions must be numbered 0 to \d+ without gaps/.test(error.reason)) return false;
  const renumbered = [...error.kafkaValue].sort((a, b) => a[0] - b[0]).map(([, a], i) => [i, a] as const);
  return !(TopicZNode.decode(topic, TopicZNode.encode(renumbered)) instanceof ZnodeFormatError);
}
