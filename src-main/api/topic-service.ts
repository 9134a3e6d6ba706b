/**
 * Topics of the open cluster (`TopicService`): the list and detail views, and the create and alter
 * wizards. Every preview goes through the same checks and assignment code as the real request
 * (`ClusterAdmin.prepareTopic` / `prepareNewPartitions`), so what the wizard shows is what Kafka
 * would do; a create sends the previewed assignment, so what was shown is what is written.
 */
import type { CreatableTopic } from '../core/admin/create-topic';
import { NO_NUM_PARTITIONS, NO_REPLICATION_FACTOR } from '../core/admin/create-topic';
import { TopicCommandError, parseReplicaAssignment } from '../core/admin/topic-command';
import { isInternalTopic } from '../core/admin/topic-name';
import type { TopicResult } from '../core/cluster/cluster-admin';
import { KafkaApiError } from '../core/common/kafka-errors';
import { NO_DEFAULT_VALUE, printValue } from '../core/common/config-def';
import { LOG_CONFIG_DEF } from '../core/log/log-config';
import { ConfigEntityZNode } from '../core/kafka-zk/config-znodes';
import { ReplicaAssignment, TopicZNode } from '../core/kafka-zk/topic-znodes';
import { validateZnodeData } from '../core/kafka-zk';
import { ApiError } from './backend';
import { previewPurge, purge } from './record-purge';
import { topicCleaning } from './topic-cleaning';
import type { TopicCleaningDto } from './topic-cleaning-contract';
import type {
  PurgePreviewDto,
  PurgeResultDto,
  AddPartitionsPreviewDto,
  AddPartitionsRequestDto,
  ApiErrorDto,
  CreateTopicPreviewDto,
  CreateTopicRequestDto,
  PartitionDto,
  ReassignmentPreviewDto,
  TopicConfigEntryDto,
  TopicConfigKeyDto,
  TopicDefaultsDto,
  TopicDetailDto,
  TopicListQueryDto,
  TopicPageDto,
  TopicService,
  ZnodeDto,
} from './contract';
import type { LocalizedText } from './localized-text';
import { kafkaText } from './localized-text';
import type { TopicView } from './cluster-view';
import { isOffline, isUnderReplicated, runningBrokerIds } from './cluster-view';
import type { ClusterHost } from './cluster-host';

const REQUEST_TIMEOUT_MS = 30_000;
const MAX_PAGE = 1000;

/** The wizard field an error of Kafka's is about. */
const FIELD_OF_ERROR: Readonly<Record<string, string>> = {
  INVALID_TOPIC_EXCEPTION: 'name',
  TOPIC_ALREADY_EXISTS: 'name',
  INVALID_PARTITIONS: 'partitions',
  INVALID_REPLICATION_FACTOR: 'replicationFactor',
  INVALID_REPLICA_ASSIGNMENT: 'assignment',
  INVALID_CONFIG: 'configs',
  INVALID_REQUEST: 'assignment',
};

function errorDto(e: unknown): ApiErrorDto {
  if (e instanceof ApiError) return e.toDto();
  if (e instanceof KafkaApiError) {
    const field = FIELD_OF_ERROR[e.errorName];
    // Kafka's text: the admin request's exception message.
    return new ApiError(e.errorName, kafkaText(e.message), field).toDto();
  }
  // Kafka's text: TopicCommand's exception message.
  if (e instanceof TopicCommandError) return new ApiError('INVALID_INPUT', kafkaText(e.message), 'assignment').toDto();
  throw e;
}

function resultError(result: TopicResult): (ApiErrorDto & { readonly text: LocalizedText }) | null {
  if (result.errorCode === 0) return null;
  const field = FIELD_OF_ERROR[result.errorName];
  // Kafka's text: CreateTopics' error message.
  return new ApiError(result.errorName, kafkaText(result.errorMessage ?? result.errorName), field).toDto();
}

function assignmentRows(assignment: ReadonlyMap<number, readonly number[]>): number[][] {
  return [...assignment.entries()].sort((a, b) => a[0] - b[0]).map(([, replicas]) => [...replicas]);
}

export class TopicServiceImpl implements TopicService {
  constructor(private readonly host: ClusterHost) {}

  private get cluster() {
    return this.host.require().cluster;
  }

  private get admin() {
    return this.host.require().cluster.admin;
  }

  private view(name: string): TopicView {
    const found = this.cluster.topics().find((t) => t.name === name);
    if (!found) throw new ApiError('UNKNOWN_TOPIC_OR_PARTITION', { en: `Topic ${name} does not exist.`, 'zh-CN': `主题 ${name} 不存在。` });
    return found;
  }

  async list(query: TopicListQueryDto): Promise<TopicPageDto> {
    const cluster = this.cluster;
    const running = runningBrokerIds(cluster.brokers());
    const search = (query.search ?? '').trim().toLowerCase();
    const filter = query.filter ?? 'all';
    const matching = cluster.topics().filter((t) => search === '' || t.name.toLowerCase().includes(search));
    // A topic the controller knows without partitions came from a znode it could not read: say why.
    const problems = new Map<string, string | null>();
    for (const t of matching) if (t.partitions.length === 0) problems.set(t.name, await this.znodeProblem(t.name));
    const rows = matching
      .map((t) => ({
        name: t.name,
        partitions: t.partitions.length,
        replicationFactor: t.partitions[0]?.replicas.length ?? 0,
        internal: isInternalTopic(t.name),
        underReplicatedPartitions: t.partitions.filter(isUnderReplicated).length,
        offlinePartitions: t.partitions.filter((p) => isOffline(p, running)).length,
        beingDeleted: t.beingDeleted,
        znodeProblem: problems.get(t.name) ?? null,
      }))
      .filter(
        (t) =>
          filter === 'all' ||
          (filter === 'internal' && t.internal) ||
          (filter === 'under-replicated' && t.underReplicatedPartitions > 0) ||
          (filter === 'offline' && t.offlinePartitions > 0) ||
          (filter === 'being-deleted' && t.beingDeleted),
      );
    const offset = Math.max(0, Math.floor(query.offset ?? 0));
    const limit = Math.max(1, Math.min(MAX_PAGE, Math.floor(query.limit ?? 100)));
    return { total: rows.length, topics: rows.slice(offset, offset + limit) };
  }

  async detail(name: string): Promise<TopicDetailDto> {
    const cluster = this.cluster;
    const topic = this.view(name);
    const details = cluster.partitionDetails(topic.partitions);
    const partitions: PartitionDto[] = topic.partitions.map((p, i) => {
      const detail = details[i];
      return {
        partition: p.topicPartition.partition,
        leader: p.leader,
        leaderEpoch: p.leaderEpoch,
        replicas: p.replicas,
        isr: p.isr,
        addingReplicas: p.addingReplicas,
        removingReplicas: p.removingReplicas,
        state: detail.state,
        replicaStates: detail.replicaStates,
        logStartOffset: detail.logStartOffset,
        highWatermark: detail.highWatermark,
        logEndOffset: detail.logEndOffset,
        sizeBytes: detail.sizeBytes,
        lastStableOffset: detail.lastStableOffset,
        openTransactions: detail.openTransactions.map((t) => ({ ...t })),
      };
    });
    let configs: TopicConfigEntryDto[] = [];
    try {
      configs = (await this.admin.describeTopicConfig(name)).map((c) => ({
        name: c.name,
        value: c.value,
        source: c.source,
        isDefault: c.source === 'DEFAULT_CONFIG',
        sensitive: c.isSensitive,
      }));
    } catch (e) {
      if (!(e instanceof KafkaApiError)) throw e;
    }
    return {
      name,
      internal: isInternalTopic(name),
      beingDeleted: topic.beingDeleted,
      znodeProblem: await this.znodeProblem(name),
      partitions,
      configs,
      znodes: await this.znodes(name, topic),
    };
  }

  /** Kafka's complaint about `/brokers/topics/<name>` (the schema check the node editor uses), or null. */
  private async znodeProblem(name: string): Promise<string | null> {
    const zk = await this.host.zk();
    const path = `/brokers/topics/${name}`;
    if ((await zk.exists(path)) === null) return null;
    const { data } = await zk.getData(path);
    return validateZnodeData(path, data).error?.message ?? null;
  }

  private async znodes(name: string, topic: TopicView): Promise<ZnodeDto[]> {
    const zk = await this.host.zk();
    const paths = [
      `/brokers/topics/${name}`,
      ...topic.partitions.map((p) => `/brokers/topics/${name}/partitions/${p.topicPartition.partition}/state`),
      `/config/topics/${name}`,
      `/admin/delete_topics/${name}`,
    ];
    const out: ZnodeDto[] = [];
    for (const path of paths) {
      if ((await zk.exists(path)) === null) continue;
      const { data } = await zk.getData(path);
      out.push({ path, data: data === null ? null : new TextDecoder().decode(data) });
    }
    return out;
  }

  async configKeys(): Promise<TopicConfigKeyDto[]> {
    return LOG_CONFIG_DEF.map((k) => ({
      name: k.name,
      type: k.type,
      defaultValue: k.defaultValue === NO_DEFAULT_VALUE || k.defaultValue === null ? null : printValue(k.defaultValue, k.type),
      validValues: k.validator?.description ?? null,
      documentation: k.documentation,
      serverDefaultProperty: k.serverDefaultConfigName,
    }));
  }

  async defaults(): Promise<TopicDefaultsDto> {
    const defaults = this.cluster.topicDefaults();
    if (!defaults) throw new ApiError('BROKER_NOT_AVAILABLE', { en: 'No broker is running.', 'zh-CN': '没有正在运行的 broker。' });
    return {
      numPartitions: defaults.numPartitions,
      defaultReplicationFactor: defaults.defaultReplicationFactor,
      liveBrokers: defaults.liveBrokers.map((b) => ({ ...b })),
    };
  }

  /** The CreateTopics entry a wizard request stands for, and whether to assign rack-aware. */
  private creatable(request: CreateTopicRequestDto): { topic: CreatableTopic; rackAware: boolean } {
    const mode = request.assignment;
    let assignments: Array<{ partitionIndex: number; brokerIds: number[] }> = [];
    if (mode.kind === 'manual')
      assignments = mode.assignment.map((brokerIds, partitionIndex) => ({ partitionIndex, brokerIds: [...brokerIds] }));
    if (mode.kind === 'replica-assignment') {
      assignments = [...parseReplicaAssignment(mode.text)].map(([partitionIndex, brokerIds]) => ({
        partitionIndex,
        brokerIds: [...brokerIds],
      }));
    }
    const byCounts = mode.kind === 'automatic';
    return {
      topic: {
        name: request.name,
        numPartitions: byCounts ? (request.partitions ?? NO_NUM_PARTITIONS) : NO_NUM_PARTITIONS,
        replicationFactor: byCounts ? (request.replicationFactor ?? NO_REPLICATION_FACTOR) : NO_REPLICATION_FACTOR,
        assignments,
        configs: { ...request.configs },
      },
      rackAware: mode.kind === 'automatic' ? mode.rackAware : true,
    };
  }

  async previewCreate(request: CreateTopicRequestDto): Promise<CreateTopicPreviewDto> {
    try {
      const { topic, rackAware } = this.creatable(request);
      const prepared = await this.admin.prepareTopic(topic, { rackAware });
      const assignment = assignmentRows(prepared.assignment);
      const znodes: ZnodeDto[] = [
        { path: `/config/topics/${request.name}`, data: new TextDecoder().decode(ConfigEntityZNode.encode(prepared.configs)) },
        {
          path: `/brokers/topics/${request.name}`,
          data: new TextDecoder().decode(TopicZNode.encode(assignment.map((replicas, p) => [p, ReplicaAssignment.of(replicas)] as const))),
        },
      ];
      return { assignment, znodes, error: null };
    } catch (e) {
      return { assignment: [], znodes: [], error: errorDto(e) };
    }
  }

  async create(request: CreateTopicRequestDto, options: { validateOnly: boolean }): Promise<CreateTopicPreviewDto> {
    const preview = await this.previewCreate(request);
    if (preview.error) return preview;
    const [result] = await this.admin.createTopics(
      [
        {
          name: request.name,
          numPartitions: NO_NUM_PARTITIONS,
          replicationFactor: NO_REPLICATION_FACTOR,
          assignments: preview.assignment.map((brokerIds, partitionIndex) => ({ partitionIndex, brokerIds })),
          configs: { ...request.configs },
        },
      ],
      { timeoutMs: options.validateOnly ? 0 : REQUEST_TIMEOUT_MS, validateOnly: options.validateOnly },
    );
    const error = resultError(result);
    // A create that timed out still wrote the topic: the partitions come online later.
    return error && error.name !== 'REQUEST_TIMED_OUT' ? { ...preview, error } : preview;
  }

  async previewAddPartitions(request: AddPartitionsRequestDto): Promise<AddPartitionsPreviewDto> {
    try {
      const { existing, newPartitions } = await this.admin.prepareNewPartitions({
        topic: request.topic,
        count: request.totalCount,
        assignments: request.newAssignment,
      });
      const all = new Map(existing);
      for (const [p, replicas] of newPartitions) all.set(p, ReplicaAssignment.of(replicas));
      const entries = [...all.entries()].sort((a, b) => a[0] - b[0]);
      return {
        newAssignment: assignmentRows(newPartitions),
        znodes: [{ path: `/brokers/topics/${request.topic}`, data: new TextDecoder().decode(TopicZNode.encode(entries)) }],
        error: null,
      };
    } catch (e) {
      return { newAssignment: [], znodes: [], error: errorDto(e) };
    }
  }

  async addPartitions(request: AddPartitionsRequestDto): Promise<AddPartitionsPreviewDto> {
    const preview = await this.previewAddPartitions(request);
    if (preview.error) return preview;
    const [result] = await this.admin.createPartitions(
      [{ topic: request.topic, count: request.totalCount, assignments: preview.newAssignment }],
      {
        timeoutMs: REQUEST_TIMEOUT_MS,
        validateOnly: false,
      },
    );
    const error = resultError(result);
    return error && error.name !== 'REQUEST_TIMED_OUT' ? { ...preview, error } : preview;
  }

  async alterConfigs(
    topic: string,
    configs: Readonly<Record<string, string>>,
    options: { validateOnly: boolean },
  ): Promise<TopicConfigEntryDto[]> {
    const result = await this.admin.alterTopicConfig(topic, { ...configs }, options.validateOnly);
    const error = resultError(result);
    if (error) throw new ApiError(error.name, error.text, 'configs');
    return (await this.admin.describeTopicConfig(topic)).map((c) => ({
      name: c.name,
      value: c.value,
      source: c.source,
      isDefault: c.source === 'DEFAULT_CONFIG',
      sensitive: c.isSensitive,
    }));
  }

  async previewReassignment(topic: string, target: ReadonlyArray<readonly number[]>): Promise<ReassignmentPreviewDto> {
    const empty = { partitions: [], leadersPerBroker: {}, replicasPerBroker: {}, replicasPerRack: {} };
    let view: TopicView;
    try {
      view = this.view(topic);
    } catch (e) {
      return { ...empty, error: errorDto(e) };
    }
    const cluster = this.cluster;
    const known = new Map(cluster.brokers().map((b) => [b.id, b.rack] as const));
    const problem = reassignmentProblem(view, target, known);
    if (problem) return { ...empty, error: new ApiError('INVALID_REPLICA_ASSIGNMENT', problem, 'assignment').toDto() };
    const leadersPerBroker: Record<number, number> = {};
    const replicasPerBroker: Record<number, number> = {};
    const replicasPerRack: Record<string, number> = {};
    for (const t of cluster.topics()) {
      for (const p of t.partitions) {
        const replicas = t.name === topic ? target[p.topicPartition.partition] : p.replicas;
        const leader = t.name === topic ? replicas[0] : p.leader;
        if (leader >= 0) leadersPerBroker[leader] = (leadersPerBroker[leader] ?? 0) + 1;
        for (const r of replicas) {
          replicasPerBroker[r] = (replicasPerBroker[r] ?? 0) + 1;
          const rack = known.get(r) ?? 'no rack';
          replicasPerRack[rack ?? 'no rack'] = (replicasPerRack[rack ?? 'no rack'] ?? 0) + 1;
        }
      }
    }
    return {
      partitions: view.partitions.map((p) => {
        const next = target[p.topicPartition.partition];
        return {
          partition: p.topicPartition.partition,
          current: p.replicas,
          target: [...next],
          adding: next.filter((r) => !p.replicas.includes(r)),
          removing: p.replicas.filter((r) => !next.includes(r)),
          leader: next[0],
        };
      }),
      leadersPerBroker,
      replicasPerBroker,
      replicasPerRack,
      error: null,
    };
  }

  async reassign(topic: string, target: ReadonlyArray<readonly number[]>): Promise<ReassignmentPreviewDto> {
    const preview = await this.previewReassignment(topic, target);
    if (preview.error) return preview;
    const outcome = await this.admin.alterPartitionReassignments(
      preview.partitions
        .filter((p) => p.adding.length > 0 || p.removing.length > 0 || p.current.join() !== p.target.join())
        .map((p) => ({ partition: { topic, partition: p.partition }, replicas: [...p.target] })),
    );
    // Kafka's text: AlterPartitionReassignments' error message.
    if (!Array.isArray(outcome)) return { ...preview, error: new ApiError('UNKNOWN_SERVER_ERROR', kafkaText(outcome.message)).toDto() };
    const failed = outcome.find((o) => o.errorCode !== 0);
    if (!failed) return preview;
    // Kafka's text: AlterPartitionReassignments' error message.
    const refused = failed.message ? kafkaText(failed.message) : { en: 'reassignment refused', 'zh-CN': '重新分配被拒绝' };
    return { ...preview, error: new ApiError(String(failed.errorCode), refused).toDto() };
  }

  async delete(topic: string): Promise<void> {
    const [result] = await this.admin.deleteTopics([topic], REQUEST_TIMEOUT_MS);
    const error = resultError(result);
    if (error && error.name !== 'REQUEST_TIMED_OUT') throw new ApiError(error.name, error.text);
  }

  async previewPurge(topic: string, partition: number, offset: number): Promise<PurgePreviewDto> {
    return previewPurge(this.cluster, topic, partition, offset);
  }

  async purge(topic: string, partition: number, offset: number): Promise<PurgeResultDto> {
    return purge(this.cluster, topic, partition, offset, REQUEST_TIMEOUT_MS);
  }

  async cleaning(topic: string): Promise<TopicCleaningDto> {
    return topicCleaning(this.cluster, this.view(topic));
  }
}

/** Why a reassignment target is refused (one replica list per partition, distinct known brokers), or null. */
function reassignmentProblem(
  view: TopicView,
  target: ReadonlyArray<readonly number[]>,
  known: ReadonlyMap<number, string | null>,
): LocalizedText | null {
  if (target.length !== view.partitions.length)
    return {
      en: `The reassignment names ${target.length} partitions; topic ${view.name} has ${view.partitions.length}.`,
      'zh-CN': `重新分配列出了 ${target.length} 个分区，而主题 ${view.name} 有 ${view.partitions.length} 个。`,
    };
  for (let p = 0; p < target.length; p++) {
    const replicas = target[p];
    if (replicas.length === 0) return { en: `Partition ${p} has no replicas.`, 'zh-CN': `分区 ${p} 没有副本。` };
    if (new Set(replicas).size !== replicas.length)
      return {
        en: `Partition ${p} lists a broker twice: ${replicas.join(',')}.`,
        'zh-CN': `分区 ${p} 重复列出了同一个 broker：${replicas.join(',')}。`,
      };
    const unknown = replicas.filter((r) => !known.has(r));
    if (unknown.length > 0)
      return {
        en: `Unknown broker ${unknown.join(',')} in the assignment of partition ${p}.`,
        'zh-CN': `分区 ${p} 的分配中有未知的 broker ${unknown.join(',')}。`,
      };
  }
  return null;
}
