/**
 * The ZooKeeper server's own gauges as ZooKeeper 3.8's PrometheusMetricsProvider writes them
 * (`ZooKeeperServer.registerMetrics`, in its order): bare names (`znode_count`), HELP equal to the
 * name, values as Java doubles. The figures are the ones `mntr` prints (server-figures.ts); those
 * the emulation has no counterpart for are 0, as in `mntr`. No label is added: there is one
 * ZooKeeper server, and its names stay those ZooKeeper dashboards query.
 */
import { serverFigures, type ServerFigures } from '../zookeeper/server-figures';
import type { ServerStatsView } from '../zookeeper/server-stats-view';
import { goDouble } from './prometheus-text';

const NOT_EMULATED = () => 0;

const GAUGES: ReadonlyArray<readonly [name: string, read: (f: ServerFigures) => number]> = [
  ['avg_latency', (f) => f.avgLatencyMs],
  ['max_latency', (f) => f.maxLatencyMs],
  ['min_latency', (f) => f.minLatencyMs],
  ['packets_received', (f) => f.packetsReceived],
  ['packets_sent', (f) => f.packetsSent],
  ['num_alive_connections', (f) => f.numAliveConnections],
  ['outstanding_requests', (f) => f.outstandingRequests],
  ['uptime', (f) => f.uptimeMs],
  ['znode_count', (f) => f.znodeCount],
  ['watch_count', (f) => f.watchCount],
  ['ephemerals_count', (f) => f.ephemeralsCount],
  ['approximate_data_size', (f) => f.approximateDataSize],
  ['global_sessions', (f) => f.globalSessions],
  ['local_sessions', NOT_EMULATED],
  ['open_file_descriptor_count', (f) => f.openFileDescriptorCount],
  ['max_file_descriptor_count', (f) => f.maxFileDescriptorCount],
  ['connection_drop_probability', NOT_EMULATED],
  ['last_client_response_size', NOT_EMULATED],
  ['max_client_response_size', NOT_EMULATED],
  ['min_client_response_size', NOT_EMULATED],
  ['outstanding_tls_handshake', NOT_EMULATED],
  ['auth_failed_count', NOT_EMULATED],
  ['non_mtls_remote_conn_count', NOT_EMULATED],
  ['non_mtls_local_conn_count', NOT_EMULATED],
];

export function zookeeperGaugesText(view: ServerStatsView): string {
  const figures = serverFigures(view);
  let out = '';
  for (const [name, read] of GAUGES) out += `# HELP ${name} ${name}\n# TYPE ${name} gauge\n${name} ${goDouble(read(figures))}\n`;
  return out;
}
