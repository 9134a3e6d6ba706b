/**
 * An in-memory stand-in for the API, for renderer tests: a small cluster whose topic previews use
 * the core's own assignment algorithm (AdminUtils.assignReplicasToBrokers) and kafka-topics'
 * parser, with a seeded random, so a test can compare what the UI shows with what Kafka computes.
 * Every call is recorded.
 */
import { assignReplicasToBrokers } from '../../../src-main/core/admin/replica-assignment';
import { parseReplicaAssignment as coreParseReplicaAssignment } from '../../../src-main/core/admin/topic-command';
import { KafkaApiError } from '../../../src-main/core/common/kafka-errors';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { createApiClient, type ApiClient, type ApiTransport, type PushListener } from '../../../src-renderer/src/api/api-client';
import type {
  TopicCleaningDto,
  AddPartitionsPreviewDto,
  AddPartitionsRequestDto,
  ApiErrorDto,
  TopicConfigEntryDto,
  CreateTopicPreviewDto,
  CreateTopicRequestDto,
  DojoApi,
  EventDto,
  IncidentDto,
  MetricsCatalogDto,
  MetricSeriesQueryDto,
  PartitionDto,
  PushDto,
  TopicConfigKeyDto,
  TopicDetailDto,
  TopicSummaryDto,
  TransactionDto,
  ZnodeDto,
} from '../../../src-renderer/src/api/types';

export interface Call {
  readonly service: string;
  readonly method: string;
  readonly args: readonly unknown[];
}

export interface FakeCluster {
  brokers: Array<{ id: number; rack: string | null }>;
  numPartitions: number;
  defaultReplicationFactor: number;
  topics: Map<string, number[][]>;
  configs: Map<string, Record<string, string>>;
}

export const CONFIG_KEYS: TopicConfigKeyDto[] = [
  {
    name: 'cleanup.policy',
    type: 'list',
    defaultValue: 'delete',
    validValues: '[compact, delete]',
    documentation: 'A string that is either "delete" or "compact" or both.',
    serverDefaultProperty: 'log.cleanup.policy',
  },
  {
    name: 'retention.ms',
    type: 'long',
    defaultValue: '604800000',
    validValues: '[-1,...]',
    documentation: 'This configuration controls the maximum time we will retain a log.',
    serverDefaultProperty: 'log.retention.ms',
  },
  {
    name: 'min.insync.replicas',
    type: 'int',
    defaultValue: '1',
    validValues: '[1,...]',
    documentation: 'When a producer sets acks to "all" (or "-1"), min.insync.replicas specifies the minimum number of replicas.',
    serverDefaultProperty: 'min.insync.replicas',
  },
];

export class ApiRefusal extends Error {
  constructor(readonly dto: ApiErrorDto) {
    super(dto.message);
  }
}

function refused(error: ApiErrorDto): CreateTopicPreviewDto {
  return { assignment: [], znodes: [], error };
}

/** The znodes a creation writes (C2): config first, then the assignment. */
function topicZnodes(name: string, assignment: ReadonlyArray<readonly number[]>, configs: Record<string, string>): ZnodeDto[] {
  const partitions: Record<string, number[]> = {};
  assignment.forEach((replicas, p) => (partitions[String(p)] = [...replicas]));
  return [
    { path: `/config/topics/${name}`, data: JSON.stringify({ version: 1, config: configs }) },
    {
      path: `/brokers/topics/${name}`,
      data: JSON.stringify({ version: 2, partitions, adding_replicas: {}, removing_replicas: {} }),
    },
  ];
}

export class FakeApi {
  /** What `topics.cleaning` answers per topic (a topic not here: not compacted, no replicas). */
  readonly topicCleanings = new Map<string, TopicCleaningDto>();
  /** What `cluster.timeline` pages through (newest first). */
  timelineEvents: EventDto[] = [];
  readonly calls: Call[] = [];
  readonly cluster: FakeCluster;
  /** Every assignment previewCreate returned, in order. */
  readonly previews: CreateTopicPreviewDto[] = [];
  /** The inputs of every automatic assignment computed (each draws from `random`), in order. */
  readonly automaticInputs: Array<{ partitions: number; replicationFactor: number; rackAware: boolean }> = [];
  private readonly listeners = new Set<PushListener>();
  readonly random: SeededRandom;
  /** Partitions of a created topic stay NewPartition for this many detail reads. */
  newPartitionReads = 1;
  private readonly detailReads = new Map<string, number>();
  /** What `cluster.incidents` returns (those that started in the range asked). */
  incidentList: IncidentDto[] = [];
  /** What `metrics.catalog` returns. */
  metricsCatalog: MetricsCatalogDto = { nowMs: 0, intervalMs: 15_000, brokers: [], topics: [], groups: [] };
  /** The points `metrics.series` returns for a query (none by default). */
  metricPoints: (query: MetricSeriesQueryDto) => Array<[number, number]> = () => [];

  constructor(options: { seed?: number; brokers?: Array<{ id: number; rack: string | null }>; topics?: number } = {}) {
    this.random = new SeededRandom(options.seed ?? 42);
    this.cluster = {
      brokers: options.brokers ?? [
        { id: 0, rack: null },
        { id: 1, rack: null },
        { id: 2, rack: null },
      ],
      numPartitions: 3,
      defaultReplicationFactor: 2,
      topics: new Map(),
      configs: new Map(),
    };
    for (let i = 0; i < (options.topics ?? 0); i++) {
      this.cluster.topics.set(`topic-${String(i).padStart(5, '0')}`, [[0, 1]]);
    }
  }

  /** What Kafka's automatic assignment gives with the same random draws (a copy of the seed state). */
  computeAutomatic(partitions: number, replicationFactor: number, rackAware: boolean, seed: SeededRandom): number[][] {
    const brokers = rackAware ? this.cluster.brokers : this.cluster.brokers.map((b) => ({ id: b.id, rack: null }));
    const result = assignReplicasToBrokers(brokers, partitions, replicationFactor, -1, -1, seed);
    return [...result.entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
  }

  private preview(request: CreateTopicRequestDto): CreateTopicPreviewDto {
    if (this.cluster.topics.has(request.name)) {
      return refused({ name: 'TOPIC_ALREADY_EXISTS', message: `Topic '${request.name}' already exists.`, field: 'name' });
    }
    for (const key of Object.keys(request.configs)) {
      if (!CONFIG_KEYS.some((k) => k.name === key)) {
        return refused({ name: 'INVALID_CONFIG', message: `Unknown topic config name: ${key}`, field: 'configs' });
      }
    }
    const retention = request.configs['retention.ms'];
    if (retention !== undefined && !/^-?\d+$/.test(retention)) {
      return refused({
        name: 'INVALID_CONFIG',
        message: `Invalid value ${retention} for configuration retention.ms: Not a number of type LONG`,
        field: 'configs',
      });
    }
    let assignment: number[][];
    const mode = request.assignment;
    if (mode.kind === 'automatic') {
      const partitions = request.partitions ?? this.cluster.numPartitions;
      const rf = request.replicationFactor ?? this.cluster.defaultReplicationFactor;
      try {
        this.automaticInputs.push({ partitions, replicationFactor: rf, rackAware: mode.rackAware });
        assignment = this.computeAutomatic(partitions, rf, mode.rackAware, this.random);
      } catch (e) {
        if (e instanceof KafkaApiError) {
          return refused({
            name: e.error.name,
            message: e.message,
            field: e.error.name === 'INVALID_REPLICATION_FACTOR' ? 'replicationFactor' : 'partitions',
          });
        }
        throw e;
      }
    } else if (mode.kind === 'manual') {
      if (request.partitions !== null || request.replicationFactor !== null) {
        return refused({
          name: 'INVALID_REQUEST',
          message: 'Both numPartitions or replicationFactor and replicasAssignments were set. Both cannot be used at the same time.',
        });
      }
      assignment = mode.assignment.map((r) => [...r]);
    } else {
      try {
        const parsed = coreParseReplicaAssignment(mode.text);
        assignment = [...parsed.entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
      } catch (e) {
        return refused({ name: 'INVALID_REPLICA_ASSIGNMENT', message: (e as Error).message, field: 'assignment' });
      }
    }
    if (!/^[a-zA-Z0-9._-]+$/.test(request.name) || request.name.length > 249) {
      return refused({
        name: 'INVALID_TOPIC_EXCEPTION',
        message: `Topic name "${request.name}" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'`,
        field: 'name',
      });
    }
    return { assignment, znodes: topicZnodes(request.name, assignment, request.configs), error: null };
  }

  private summary(name: string): TopicSummaryDto {
    const a = this.cluster.topics.get(name)!;
    return {
      name,
      partitions: a.length,
      replicationFactor: a[0]?.length ?? 0,
      internal: name.startsWith('__'),
      underReplicatedPartitions: 0,
      offlinePartitions: 0,
      beingDeleted: false,
    };
  }

  private detail(name: string): TopicDetailDto {
    const assignment = this.cluster.topics.get(name);
    if (assignment === undefined)
      throw new ApiRefusal({ name: 'UNKNOWN_TOPIC_OR_PARTITION', message: 'This server does not host this topic-partition.' });
    const reads = (this.detailReads.get(name) ?? 0) + 1;
    this.detailReads.set(name, reads);
    const online = reads > this.newPartitionReads;
    const partitions: PartitionDto[] = assignment.map((replicas, p) => ({
      partition: p,
      leader: online ? replicas[0] : -1,
      leaderEpoch: 0,
      replicas,
      isr: online ? replicas : [],
      addingReplicas: [],
      removingReplicas: [],
      state: online ? 'OnlinePartition' : 'NewPartition',
      replicaStates: Object.fromEntries(replicas.map((b) => [b, online ? 'OnlineReplica' : 'NewReplica'])),
      logStartOffset: online ? 0 : -1,
      highWatermark: online ? 0 : -1,
      logEndOffset: online ? 0 : -1,
      sizeBytes: 0,
      lastStableOffset: online ? 0 : -1,
      openTransactions: [],
    }));
    const configs = this.cluster.configs.get(name) ?? {};
    return {
      name,
      internal: false,
      beingDeleted: false,
      partitions,
      configs: CONFIG_KEYS.map((k) => ({
        name: k.name,
        value: configs[k.name] ?? k.defaultValue,
        source: configs[k.name] !== undefined ? 'TOPIC_CONFIG' : 'DEFAULT_CONFIG',
        isDefault: configs[k.name] === undefined,
        sensitive: false,
      })),
      znodes: topicZnodes(name, assignment, configs),
    };
  }

  /** CreatePartitions: automatic = Kafka's assignment from the first broker ≥ partition 0's first replica (A1). */
  private addPartitions(request: AddPartitionsRequestDto, write: boolean): AddPartitionsPreviewDto {
    const current = this.cluster.topics.get(request.topic)!;
    const newCount = request.totalCount - current.length;
    if (newCount <= 0) {
      return {
        newAssignment: [],
        znodes: [],
        error: {
          name: 'INVALID_PARTITIONS',
          message: `Topic currently has ${current.length} partitions, ${request.totalCount} would not be an increase.`,
          field: 'totalCount',
        },
      };
    }
    let added: number[][];
    if (request.newAssignment !== null) {
      added = request.newAssignment.map((r) => [...r]);
    } else {
      const ids = this.cluster.brokers.map((b) => b.id).sort((a, b) => a - b);
      const startIndex = Math.max(
        0,
        ids.findIndex((id) => id >= current[0][0]),
      );
      const result = assignReplicasToBrokers(
        ids.map((id) => ({ id, rack: null })),
        newCount,
        current[0].length,
        startIndex,
        current.length,
      );
      added = [...result.entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
    }
    const all = [...current, ...added];
    if (write) this.cluster.topics.set(request.topic, all);
    return { newAssignment: added, znodes: topicZnodes(request.topic, all, {}).slice(1), error: null };
  }

  /** What `transactions.list` answers, and the ids `transactions.fenceProducer` was called for. */
  transactions: TransactionDto[] = [];
  readonly fenced: string[] = [];

  private unsupported(): never {
    throw new ApiRefusal({ name: 'UNSUPPORTED_VERSION', message: 'not in the fake' });
  }

  readonly api: DojoApi = {
    workspaces: {
      list: async () => [{ id: 'w1', name: 'dojo', brokers: this.cluster.brokers.length, createdMs: 0, isOpen: true, snapshots: [] }],
      current: async () => ({ id: 'w1', name: 'dojo', brokers: this.cluster.brokers.length, createdMs: 0, isOpen: true, snapshots: [] }),
      create: async () => this.unsupported(),
      open: async () => this.unsupported(),
      rename: async () => this.unsupported(),
      snapshot: async () => this.unsupported(),
      restore: async () => this.unsupported(),
      remove: async () => this.unsupported(),
    },
    cluster: {
      overview: async () => ({
        workspaceId: 'w1',
        name: 'dojo',
        clusterId: 'abc',
        controllerId: 0,
        controllerEpoch: 1,
        brokers: this.cluster.brokers.map((b) => ({
          id: b.id,
          rack: b.rack,
          host: 'localhost',
          port: 9092 + b.id,
          state: 'RunningAsBroker' as const,
          isController: b.id === 0,
          partitions: 0,
          leaders: 0,
          logDirs: [],
          clients: null,
        })),
        zookeeperConnect: '127.0.0.1:2181',
        topics: this.cluster.topics.size,
        partitions: 0,
        offlinePartitions: 0,
        underReplicatedPartitions: 0,
        nowMs: 0,
        clockSpeed: 1,
      }),
      incidents: async (fromMs, toMs) => this.incidentList.filter((i) => i.startMs >= fromMs && i.startMs <= toMs),
      events: async () => [],
      timeline: async (filter) => {
        const events = this.timelineEvents.filter(
          (e) =>
            (filter.includeRoutine === true || !e.routine) &&
            (filter.categories === undefined || (e.category !== null && filter.categories.includes(e.category))) &&
            (filter.brokerId === undefined || e.brokerId === filter.brokerId) &&
            (filter.topic === undefined || e.summary.includes(filter.topic)) &&
            (filter.levels === undefined || (e.level !== null && filter.levels.includes(e.level))) &&
            (filter.beforeSeq === undefined || e.seq < filter.beforeSeq),
        );
        const limit = filter.limit ?? 200;
        return { events: events.slice(0, limit), hasMore: events.length > limit };
      },
      setClockSpeed: async () => undefined,
    },
    brokers: {
      explain: async (id, action) => [
        { en: `${action} ${id}: first sentence.`, 'zh-CN': `${action} ${id}：第一句。` },
        { en: 'Second sentence.', 'zh-CN': '第二句。' },
      ],
      start: async () => undefined,
      shutdown: async () => ({ controlledShutdownSucceeded: true }),
      kill: async () => undefined,
      restart: async () => undefined,
      failLogDir: async () => undefined,
      add: async () => this.unsupported(),
      remove: async () => undefined,
      configs: async () => [],
      alterConfigs: async () => undefined,
    },
    topics: {
      list: async (query) => {
        const needle = query.search ?? '';
        const names = [...this.cluster.topics.keys()].filter((n) => n.includes(needle)).sort();
        const offset = query.offset ?? 0;
        const limit = query.limit ?? 50;
        return { total: names.length, topics: names.slice(offset, offset + limit).map((n) => this.summary(n)) };
      },
      detail: async (name) => this.detail(name),
      configKeys: async () => CONFIG_KEYS,
      defaults: async () => ({
        numPartitions: this.cluster.numPartitions,
        defaultReplicationFactor: this.cluster.defaultReplicationFactor,
        liveBrokers: this.cluster.brokers.map((b) => ({ ...b })),
      }),
      previewCreate: async (request) => {
        const result = this.preview(request);
        this.previews.push(result);
        return result;
      },
      create: async (request, options) => {
        const result = this.preview(request);
        if (result.error === null && !options.validateOnly) {
          this.cluster.topics.set(
            request.name,
            result.assignment.map((r) => [...r]),
          );
          this.cluster.configs.set(request.name, { ...request.configs });
        }
        return result;
      },
      previewAddPartitions: async (request) => this.addPartitions(request, false),
      addPartitions: async (request) => this.addPartitions(request, true),
      alterConfigs: async (topic, configs, options) => {
        for (const key of Object.keys(configs)) {
          if (!CONFIG_KEYS.some((k) => k.name === key)) {
            throw new ApiRefusal({ name: 'INVALID_CONFIG', message: `Unknown topic config name: ${key}`, field: 'configs' });
          }
        }
        if (!options.validateOnly) this.cluster.configs.set(topic, { ...configs });
        return this.detail(topic).configs as TopicConfigEntryDto[];
      },
      previewReassignment: async () => this.unsupported(),
      reassign: async () => this.unsupported(),
      delete: async () => this.unsupported(),
      previewPurge: async () => this.unsupported(),
      purge: async () => this.unsupported(),
      cleaning: async (topic) => this.topicCleanings.get(topic) ?? { topic, compacted: false, partitions: [] },
    },
    messages: {
      produce: async () => this.unsupported(),
      read: async () => this.unsupported(),
    },
    // Views with tests of their own replace these with what they need.
    // The deletion monitor: plain methods (a test replaces those it needs), refusing by default.
    deletions: {
      overview: async () => this.unsupported(),
      detail: async () => this.unsupported(),
      history: async () => [],
      match: async () => this.unsupported(),
      delete: async () => this.unsupported(),
    },
    // The node editor: plain methods (a test replaces those it needs), refusing by default.
    zookeeper: {
      children: async () => this.unsupported(),
      get: async () => null,
      create: async () => this.unsupported(),
      setData: async () => this.unsupported(),
      delete: async () => this.unsupported(),
      previewDeleteRecursive: async () => this.unsupported(),
      deleteRecursive: async () => this.unsupported(),
      check: async () => this.unsupported(),
      templates: async () => [],
      watches: async () => [],
      addAuth: async () => this.unsupported(),
    },
    // The log dir browser: plain methods (a test replaces those it needs), refusing by default.
    logDirs: {
      roots: async () => [],
      openFolder: async () => this.unsupported(),
      closeFolder: async () => this.unsupported(),
      list: async () => this.unsupported(),
      readFile: async () => this.unsupported(),
      segment: async () => this.unsupported(),
      batches: async () => this.unsupported(),
      records: async () => this.unsupported(),
      find: async () => this.unsupported(),
      indexEntries: async () => this.unsupported(),
      checkIndexes: async () => this.unsupported(),
      replicas: async () => this.unsupported(),
      moveReplica: async () => this.unsupported(),
    },
    groups: {
      list: async () => ({ total: 0, matched: 0, groups: [] }),
      detail: async () => this.unsupported(),
      history: async () => [],
      resetOffsets: async () => this.unsupported(),
      deleteGroup: async () => this.unsupported(),
      deleteOffsets: async () => this.unsupported(),
    },
    elections: {
      overview: async () => this.unsupported(),
      elect: async () => this.unsupported(),
    },
    quotas: {
      overview: async () => ({ entities: [], clients: [] }),
      set: async () => this.unsupported(),
      remove: async () => this.unsupported(),
      alter: async () => this.unsupported(),
    },
    transactions: {
      list: async () => this.transactions.map((t) => ({ ...t })),
      fenceProducer: async (transactionalId) => {
        this.fenced.push(transactionalId);
        return {
          error: 'CONCURRENT_TRANSACTIONS',
          coordinator: 0,
          text: { en: `fenced ${transactionalId}`, 'zh-CN': `已隔离 ${transactionalId}` },
        };
      },
    },
    reassignments: {
      generate: async () => this.unsupported(),
      preview: async () => this.unsupported(),
      execute: async () => this.unsupported(),
      progress: async () => ({ partitions: [], executedPlan: null, brokerThrottles: [], topicThrottles: [] }),
      verify: async () => this.unsupported(),
      cancel: async () => this.unsupported(),
    },
    metrics: {
      catalog: async () => this.metricsCatalog,
      series: async (query) => ({ metric: query.metric, scope: query.scope, points: this.metricPoints(query) }),
    },
  };

  push(push: PushDto): void {
    for (const l of this.listeners) l(push);
  }

  /** The api client the views use, over this fake (errors thrown as ApiRefusal carry their dto). */
  client(): ApiClient {
    const transport: ApiTransport = {
      kind: 'fake',
      call: async (service, method, args) => {
        this.calls.push({ service, method, args: JSON.parse(JSON.stringify(args)) as unknown[] });
        const fn = (this.api[service] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method];
        try {
          return await fn(...args);
        } catch (e) {
          if (e instanceof ApiRefusal) throw { error: e.dto };
          throw e;
        }
      },
      onPush: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
    return createApiClient(transport);
  }

  callsOf(service: string, method: string): Call[] {
    return this.calls.filter((c) => c.service === service && c.method === method);
  }
}
