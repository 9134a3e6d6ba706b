/**
 * The figures a standalone ZooKeeper 3.8 reports about itself, read off the running listener —
 * one reading for `mntr` (monitor.ts) and for the Prometheus gauges (ZooKeeper's
 * `registerMetrics`). Figures the emulation has no counterpart for (quorum, TLS, throttling, local
 * sessions, response buffer sizes) are absent here and reported as 0 by both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { ServerStatsView } from './server-stats-view';

export interface ServerFigures {
  readonly ephemeralsCount: number;
  readonly numAliveConnections: number;
  readonly avgLatencyMs: number;
  readonly minLatencyMs: number;
  readonly maxLatencyMs: number;
  readonly outstandingRequests: number;
  readonly znodeCount: number;
  readonly globalSessions: number;
  readonly packetsSent: number;
  readonly packetsReceived: number;
  readonly watchCount: number;
  readonly approximateDataSize: number;
  readonly openFileDescriptorCount: number;
  readonly maxFileDescriptorCount: number;
  /** Wall-clock ms since the listener started (ZooKeeper's own process, not the cluster's clock). */
  readonly uptimeMs: number;
}

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

export function serverFigures(v: ServerStatsView): ServerFigures {
  const server = v.server;
  const conns = v.connections();
  const fds = fileDescriptors();
  let ephemerals = 0;
  for (const paths of server.ephemerals().values()) ephemerals += paths.size;
  return {
    ephemeralsCount: ephemerals,
    numAliveConnections: conns.length,
    avgLatencyMs: v.avgLatencyMs,
    minLatencyMs: v.minLatencyMs,
    maxLatencyMs: v.maxLatencyMs,
    outstandingRequests: conns.reduce((n, c) => n + c.outstanding, 0),
    znodeCount: server.nodeCount,
    globalSessions: server.sessionIds().length,
    packetsSent: v.packetsSent,
    packetsReceived: v.packetsReceived,
    watchCount: server.watchCount,
    approximateDataSize: server.approximateDataSize,
    openFileDescriptorCount: fds.open,
    maxFileDescriptorCount: fds.max,
    uptimeMs: Date.now() - v.startedAtMs,
  };
}
