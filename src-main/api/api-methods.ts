/**
 * The methods of every service, as data: what the IPC bridge and the headless server register
 * (and the only calls they accept). The `satisfies` clauses make the compiler check each list is
 * exactly the service's methods.
 */
import type { DojoApi, MethodsOf, ServiceName } from './contract';

type MethodList<S> = readonly MethodsOf<S>[];

/** Exhaustive: a list missing a method, or naming one that does not exist, does not compile. */
type Exactly<S, L extends MethodList<S>> = [MethodsOf<S>] extends [L[number]] ? L : never;

const workspaces = ['list', 'create', 'open', 'current', 'rename', 'snapshot', 'restore', 'remove'] as const;
const cluster = ['overview', 'events', 'incidents', 'timeline', 'setClockSpeed'] as const;
const brokers = ['explain', 'start', 'shutdown', 'kill', 'restart', 'failLogDir', 'add', 'remove', 'configs', 'alterConfigs'] as const;
const topics = [
  'list',
  'detail',
  'configKeys',
  'defaults',
  'previewCreate',
  'create',
  'previewAddPartitions',
  'addPartitions',
  'alterConfigs',
  'previewReassignment',
  'reassign',
  'delete',
  'previewPurge',
  'purge',
  'cleaning',
] as const;
const messages = ['produce', 'read'] as const;
const deletions = ['overview', 'detail', 'history', 'match', 'delete'] as const;
const zookeeper = [
  'children',
  'get',
  'create',
  'setData',
  'delete',
  'previewDeleteRecursive',
  'deleteRecursive',
  'check',
  'templates',
  'watches',
  'addAuth',
] as const;
const logDirs = [
  'roots',
  'openFolder',
  'closeFolder',
  'list',
  'readFile',
  'segment',
  'batches',
  'records',
  'find',
  'indexEntries',
  'checkIndexes',
  'replicas',
  'moveReplica',
] as const;
const groups = ['list', 'detail', 'history', 'resetOffsets', 'deleteGroup', 'deleteOffsets'] as const;
const elections = ['overview', 'elect'] as const;
const quotas = ['overview', 'set', 'remove', 'alter'] as const;
const transactions = ['list', 'fenceProducer'] as const;
const metrics = ['catalog', 'series'] as const;
const reassignments = ['generate', 'preview', 'execute', 'progress', 'verify', 'cancel'] as const;

export const API_METHODS = {
  workspaces: workspaces satisfies Exactly<DojoApi['workspaces'], typeof workspaces>,
  cluster: cluster satisfies Exactly<DojoApi['cluster'], typeof cluster>,
  brokers: brokers satisfies Exactly<DojoApi['brokers'], typeof brokers>,
  topics: topics satisfies Exactly<DojoApi['topics'], typeof topics>,
  messages: messages satisfies Exactly<DojoApi['messages'], typeof messages>,
  deletions: deletions satisfies Exactly<DojoApi['deletions'], typeof deletions>,
  zookeeper: zookeeper satisfies Exactly<DojoApi['zookeeper'], typeof zookeeper>,
  logDirs: logDirs satisfies Exactly<DojoApi['logDirs'], typeof logDirs>,
  groups: groups satisfies Exactly<DojoApi['groups'], typeof groups>,
  elections: elections satisfies Exactly<DojoApi['elections'], typeof elections>,
  quotas: quotas satisfies Exactly<DojoApi['quotas'], typeof quotas>,
  transactions: transactions satisfies Exactly<DojoApi['transactions'], typeof transactions>,
  reassignments: reassignments satisfies Exactly<DojoApi['reassignments'], typeof reassignments>,
  metrics: metrics satisfies Exactly<DojoApi['metrics'], typeof metrics>,
} as const satisfies { readonly [S in ServiceName]: MethodList<DojoApi[S]> };

export function isApiMethod(service: string, method: string): service is ServiceName {
  return Object.hasOwn(API_METHODS, service) && (API_METHODS[service as ServiceName] as readonly string[]).includes(method);
}
