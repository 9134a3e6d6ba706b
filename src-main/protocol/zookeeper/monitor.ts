/**
 * `mntr`: every key a standalone ZooKeeper 3.8.0 prints, in its order. Real values where the
 * emulation has them — the server's state, connections, latencies, packets, znodes, sessions,
 * watches, ephemerals, data size, uptime and this process's file descriptors; every other metric
 * (quorum, throttling, processor queues, the 3.6+ summaries) is 0, or 0.0 for an average.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { javaDoubleToString } from '../../core/common/java-lang';
import type { ServerStatsView } from './server-stats-view';
import { MNTR_KEYS } from './mntr-keys';

/** Averages as ZooKeeper's AvgMinMaxCounter prints them (4 decimals, Java's double text). */
export const average = (ms: number) => javaDoubleToString(Math.round(ms * 10000) / 10000);

/** Open descriptors and their limit, as UnixOperatingSystemMXBean reports them (Linux only; 0 elsewhere). */
function fileDescriptors(): { open: number; max: number } {
  try {
    const open = readdirSync('/proc/self/fd').length;
    const limits = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return { open, max: limits ? Number(limits[1]) : 0 };
  } catch {
    return { open: 0, max: 0 };
  }
}

export function monitor(v: ServerStatsView, version: string): string {
  const server = v.server;
  const conns = v.connections();
  const fds = fileDescriptors();
  let ephemerals = 0;
  for (const paths of server.ephemerals().values()) ephemerals += paths.size;
  const real: Record<string, string | number> = {
    zk_version: version,
    zk_server_state: 'standalone',
    zk_ephemerals_count: ephemerals,
    zk_num_alive_connections: conns.length,
    zk_avg_latency: average(v.avgLatencyMs),
    zk_outstanding_requests: conns.reduce((n, c) => n + c.outstanding, 0),
    zk_znode_count: server.nodeCount,
    zk_global_sessions: server.sessionIds().length,
    zk_packets_sent: v.packetsSent,
    zk_packets_received: v.packetsReceived,
    zk_watch_count: server.watchCount,
    zk_min_latency: v.minLatencyMs,
    zk_max_file_descriptor_count: fds.max,
    zk_approximate_data_size: server.approximateDataSize,
    zk_open_file_descriptor_count: fds.open,
    zk_uptime: Date.now() - v.startedAtMs,
    zk_max_latency: v.maxLatencyMs,
  };
  return MNTR_KEYS.map(({ key, average: isAverage }) => `${key}\t${real[key] ?? (isAverage ? '0.0' : 0)}\n`).join('');
}
