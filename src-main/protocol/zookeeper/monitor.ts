/**
 * `mntr`: every key a standalone ZooKeeper 3.8.0 prints, in its order. Real values where the
 * emulation has them — the server's state, connections, latencies, packets, znodes, sessions,
 * watches, ephemerals, data size, uptime and this process's file descriptors; every other metric
 * (quorum, throttling, processor queues, the 3.6+ summaries) is 0, or 0.0 for an average.
 */
import { javaDoubleToString } from '../../core/common/java-lang';
import type { ServerStatsView } from './server-stats-view';
import { MNTR_KEYS } from './mntr-keys';
import { serverFigures } from './server-figures';

/** Averages as ZooKeeper's AvgMinMaxCounter prints them (4 decimals, Java's double text). */
export const average = (ms: number) => javaDoubleToString(Math.round(ms * 10000) / 10000);

export function monitor(v: ServerStatsView, version: string): string {
  const f = serverFigures(v);
  const real: Record<string, string | number> = {
    zk_version: version,
    zk_server_state: 'standalone',
    zk_ephemerals_count: f.ephemeralsCount,
    zk_num_alive_connections: f.numAliveConnections,
    zk_avg_latency: average(f.avgLatencyMs),
    zk_outstanding_requests: f.outstandingRequests,
    zk_znode_count: f.znodeCount,
    zk_global_sessions: f.globalSessions,
    zk_packets_sent: f.packetsSent,
    zk_packets_received: f.packetsReceived,
    zk_watch_count: f.watchCount,
    zk_min_latency: f.minLatencyMs,
    zk_max_file_descriptor_count: f.maxFileDescriptorCount,
    zk_approximate_data_size: f.approximateDataSize,
    zk_open_file_descriptor_count: f.openFileDescriptorCount,
    zk_uptime: f.uptimeMs,
    zk_max_latency: f.maxLatencyMs,
  };
  return MNTR_KEYS.map(({ key, average: isAverage }) => `${key}\t${real[key] ?? (isAverage ? '0.0' : 0)}\n`).join('');
}
