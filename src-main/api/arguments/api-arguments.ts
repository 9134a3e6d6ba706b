/**
 * The arguments of every API method as run-time schemas, beside the method lists of
 * api-methods.ts: both transports check each call against them before a service runs
 * (api-call.ts). The compiler checks every schema against its method's parameters in
 * contract.ts — a schema that accepts anything other than exactly those types (a field missing,
 * optional where it is required, an enum value too many) does not compile, and neither does a
 * method without a schema.
 */
import {
  args,
  array,
  boolean,
  int16,
  int32,
  integer,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
  union,
  type ArgsSchema,
  type InferArgs,
} from './argument-schema';
import type { DojoApi, MethodsOf, ServiceName } from '../contract';

// ---------------------------------------------------------------------------------------------
// The compile-time check

/** A type with every `readonly` taken off (arrays included), so that only the shapes compare. */
type Plain<T> = T extends (...a: never[]) => unknown ? T : T extends object ? { -readonly [K in keyof T]: Plain<T[K]> } : T;
type Equals<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
type ParamsOf<F> = F extends (...params: infer P) => unknown ? P : never;

/** `true` when schema `A` accepts exactly the parameters of method type `F`, else `false`. */
export type MatchesParameters<F, A> = Equals<Plain<InferArgs<A>>, Plain<ParamsOf<F>>>;

type Schemas<S> = { readonly [M in MethodsOf<S>]: ArgsSchema<readonly unknown[]> };
/** Each method's schema, or a message naming the method whose schema and parameters differ. */
type Checked<S, A extends Schemas<S>> = {
  readonly [M in MethodsOf<S>]: MatchesParameters<S[M], A[M]> extends true
    ? A[M]
    : `${M & string}: the schema does not accept exactly the method's parameters`;
};

// ---------------------------------------------------------------------------------------------
// Shared shapes

const strings = record(string());
// Kafka's wire types where a Kafka request carries the value: what no Kafka client could send is refused here too.
const replicaLists = array(array(int32()));
const validateOnly = object({ validateOnly: boolean() });
const encoding = oneOf('text', 'hex', 'base64');
const createMode = oneOf('persistent', 'ephemeral', 'persistent-sequential', 'ephemeral-sequential');

const brokerId = ['brokerId', int32()] as const;
const topic = ['topic', string()] as const;
const path = ['path', string()] as const;
const rootId = ['rootId', string()] as const;

// ---------------------------------------------------------------------------------------------
// The services

const workspaces = {
  list: args(),
  create: args([
    'profile',
    object({
      name: string(),
      brokers: integer(),
      racks: nullable(array(nullable(string()))),
      logDirsPerBroker: integer(),
      brokerConfig: strings,
    }),
  ]),
  open: args(['id', string()]),
  current: args(),
  rename: args(['id', string()], ['name', string()]),
  snapshot: args(['id', string()], ['name', string()]),
  restore: args(['snapshotId', string()]),
  remove: args(['id', string()]),
};

const cluster = {
  overview: args(),
  events: args(['limit', integer()], ['beforeSeq', optional(integer())]),
  incidents: args(['fromMs', integer()], ['toMs', integer()]),
  timeline: args([
    'filter',
    object({
      categories: optional(array(oneOf('controller', 'state-change', 'broker', 'zookeeper', 'log-manager', 'client-request'))),
      brokerId: optional(int32()),
      topic: optional(string()),
      levels: optional(array(oneOf('TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'))),
      includeRoutine: optional(boolean()),
      beforeSeq: optional(integer()),
      limit: optional(integer()),
    }),
  ]),
  setClockSpeed: args(['speed', number()]),
};

const brokers = {
  explain: args(brokerId, ['action', oneOf('start', 'controlled-shutdown', 'kill', 'restart', 'fail-log-dir', 'remove')]),
  start: args(brokerId),
  shutdown: args(brokerId),
  kill: args(brokerId),
  restart: args(brokerId),
  failLogDir: args(brokerId, ['dir', string()]),
  add: args(['spec', object({ id: optional(int32()), rack: nullable(string()), logDirs: integer(), config: strings })]),
  remove: args(brokerId),
  configs: args(['brokerId', nullable(int32())]),
  alterConfigs: args(['brokerId', nullable(int32())], ['configs', strings], ['options', validateOnly]),
};

const createTopicRequest = object({
  name: string(),
  partitions: nullable(int32()),
  replicationFactor: nullable(int16()),
  assignment: union('kind', {
    automatic: { rackAware: boolean() },
    manual: { assignment: replicaLists },
    'replica-assignment': { text: string() },
  }),
  configs: strings,
});
const addPartitionsRequest = object({ topic: string(), totalCount: int32(), newAssignment: nullable(replicaLists) });

const topics = {
  list: args([
    'query',
    object({
      search: optional(string()),
      filter: optional(oneOf('all', 'internal', 'under-replicated', 'offline', 'being-deleted')),
      offset: optional(integer()),
      limit: optional(integer()),
    }),
  ]),
  detail: args(['name', string()]),
  configKeys: args(),
  defaults: args(),
  previewCreate: args(['request', createTopicRequest]),
  create: args(['request', createTopicRequest], ['options', validateOnly]),
  previewAddPartitions: args(['request', addPartitionsRequest]),
  addPartitions: args(['request', addPartitionsRequest]),
  alterConfigs: args(topic, ['configs', strings], ['options', validateOnly]),
  previewReassignment: args(topic, ['target', replicaLists]),
  reassign: args(topic, ['target', replicaLists]),
  delete: args(topic),
  previewPurge: args(topic, ['partition', int32()], ['offset', integer()]),
  purge: args(topic, ['partition', int32()], ['offset', integer()]),
  cleaning: args(topic),
};

const messages = {
  produce: args([
    'request',
    object({
      topic: string(),
      partition: optional(nullable(int32())),
      key: nullable(string()),
      value: nullable(string()),
      encoding: optional(encoding),
      headers: optional(array(object({ key: string(), value: nullable(string()) }))),
      acks: oneOf(0, 1, -1),
      timeoutMs: optional(int32()),
      compression: optional(oneOf('none', 'gzip', 'snappy', 'lz4', 'zstd')),
    }),
  ]),
  read: args([
    'request',
    object({
      topic: string(),
      partition: nullable(int32()),
      from: union('kind', {
        earliest: {},
        latest: {},
        offset: { offset: integer() },
        timestamp: { timestamp: integer() },
        offsets: { offsets: array(object({ partition: int32(), offset: integer() })) },
      }),
      maxRecords: optional(integer()),
    }),
  ]),
};

const deletions = {
  overview: args(),
  detail: args(topic, ['id', optional(integer())]),
  history: args(['limit', optional(integer())]),
  match: args(['pattern', string()]),
  delete: args(['request', object({ topic: optional(string()), pattern: optional(string()), confirmation: string() })]),
};

const znodeData = { path: string(), data: nullable(string()), encoding: optional(encoding) };

const zookeeper = {
  children: args(path, ['offset', integer()], ['limit', integer()]),
  get: args(path),
  create: args(['request', object({ ...znodeData, mode: createMode })]),
  setData: args(['request', object({ ...znodeData, version: integer() })]),
  delete: args(path, ['version', integer()]),
  previewDeleteRecursive: args(path, ['limit', integer()]),
  deleteRecursive: args(path),
  check: args(['request', object({ ...znodeData, op: oneOf('create', 'setData', 'delete'), mode: optional(createMode) })]),
  templates: args(),
  watches: args(),
  addAuth: args(['scheme', string()], ['auth', string()]),
};

const logDirs = {
  roots: args(),
  openFolder: args(path),
  closeFolder: args(rootId),
  list: args(rootId, path, ['offset', optional(integer())], ['limit', optional(integer())]),
  readFile: args(rootId, path),
  segment: args(rootId, path),
  batches: args(
    rootId,
    path,
    ['position', integer()],
    ['options', optional(object({ maxBatches: optional(integer()), maxBytes: optional(integer()) }))],
  ),
  records: args(rootId, path, ['position', integer()], ['offset', optional(integer())], ['limit', optional(integer())]),
  find: args(rootId, path, [
    'target',
    union('kind', { offset: { offset: integer() }, timestamp: { timestamp: integer() }, position: { position: integer() } }),
  ]),
  indexEntries: args(rootId, path, ['kind', oneOf('offset', 'time')], ['from', integer()], ['limit', integer()]),
  checkIndexes: args(rootId, path),
  replicas: args(brokerId),
  moveReplica: args(['move', object({ brokerId: int32(), topic: string(), partition: int32(), logDir: string() })]),
};

const groupState = oneOf('Empty', 'PreparingRebalance', 'CompletingRebalance', 'Stable', 'Dead');

const groups = {
  list: args([
    'query',
    object({
      search: optional(string()),
      state: optional(groupState),
      minLag: optional(integer()),
      topic: optional(string()),
      sort: optional(oneOf('group', 'lag', 'members')),
      ascending: optional(boolean()),
      offset: optional(integer()),
      limit: optional(integer()),
    }),
  ]),
  detail: args(['groupId', string()]),
  history: args(['groupId', string()], ['limit', optional(integer())]),
  resetOffsets: args([
    'request',
    object({
      groupId: string(),
      spec: union('kind', {
        'to-earliest': {},
        'to-latest': {},
        'to-current': {},
        'to-offset': { offset: integer() },
        'shift-by': { shift: integer() },
        'to-datetime': { datetime: string() },
        'by-duration': { duration: string() },
        'from-file': { csv: string() },
      }),
      scope: union('kind', { 'all-topics': {}, topics: { topics: array(string()) } }),
      execute: boolean(),
    }),
  ]),
  deleteGroup: args(['groupId', string()]),
  deleteOffsets: args(['groupId', string()], ['topic', string()]),
};

const elections = {
  overview: args(),
  elect: args([
    'request',
    object({
      electionType: oneOf('PREFERRED', 'UNCLEAN'),
      scope: union('kind', { all: {}, topic: { topic: string() }, partition: { topic: string(), partition: int32() } }),
    }),
  ]),
};

const quotaEntity = object({ user: nullable(string()), clientId: nullable(string()) });
const quotas = {
  overview: args(),
  set: args(['entity', quotaEntity], ['configs', record(string())]),
  remove: args(['entity', quotaEntity], ['keys', array(string())]),
  alter: args(['entity', quotaEntity], ['set', record(string())], ['remove', array(string())]),
};

const transactions = {
  list: args(),
  fenceProducer: args(['transactionalId', string()]),
};

const reassignmentPlan = object({ partitions: array(object({ topic: string(), partition: int32(), replicas: array(int32()) })) });
const reassignments = {
  generate: args(['request', object({ topics: array(string()), brokerIds: array(int32()), rackAware: boolean() })]),
  preview: args(['plan', reassignmentPlan]),
  execute: args(
    ['plan', reassignmentPlan],
    ['options', object({ throttleBytesPerSec: nullable(integer()), additional: optional(boolean()) })],
  ),
  progress: args(),
  verify: args(),
  cancel: args(['partitions', array(object({ topic: string(), partition: int32() }))]),
};

const metrics = {
  catalog: args(),
  series: args(['query', object({ metric: string(), scope: string(), fromMs: number(), toMs: number(), maxPoints: integer() })]),
};

export const API_ARGUMENTS = {
  workspaces: workspaces satisfies Checked<DojoApi['workspaces'], typeof workspaces>,
  cluster: cluster satisfies Checked<DojoApi['cluster'], typeof cluster>,
  brokers: brokers satisfies Checked<DojoApi['brokers'], typeof brokers>,
  topics: topics satisfies Checked<DojoApi['topics'], typeof topics>,
  messages: messages satisfies Checked<DojoApi['messages'], typeof messages>,
  deletions: deletions satisfies Checked<DojoApi['deletions'], typeof deletions>,
  zookeeper: zookeeper satisfies Checked<DojoApi['zookeeper'], typeof zookeeper>,
  logDirs: logDirs satisfies Checked<DojoApi['logDirs'], typeof logDirs>,
  groups: groups satisfies Checked<DojoApi['groups'], typeof groups>,
  elections: elections satisfies Checked<DojoApi['elections'], typeof elections>,
  quotas: quotas satisfies Checked<DojoApi['quotas'], typeof quotas>,
  transactions: transactions satisfies Checked<DojoApi['transactions'], typeof transactions>,
  reassignments: reassignments satisfies Checked<DojoApi['reassignments'], typeof reassignments>,
  metrics: metrics satisfies Checked<DojoApi['metrics'], typeof metrics>,
} as const satisfies { readonly [S in ServiceName]: Schemas<DojoApi[S]> };

/** The schema of a listed method (the caller has checked `isApiMethod`). */
export function argumentsSchemaOf(service: ServiceName, method: string): ArgsSchema<readonly unknown[]> {
  return (API_ARGUMENTS[service] as Readonly<Record<string, ArgsSchema<readonly unknown[]>>>)[method]!;
}
