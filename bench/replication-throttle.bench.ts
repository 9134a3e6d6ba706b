/**
 * Replication throttles on the manual clock: a ~10 MB partition moved to a new broker with both
 * replication rates at 1 MB/s — the achieved catch-up rate against the configured one (ratio), and
 * the wall-clock cost of a simulated second of throttled catch-up against the same move unthrottled,
 * both runs in this process.
 */
import { performance } from 'node:perf_hooks';
import { ClusterHarness } from '../test/support/cluster-harness';
import { adminOf, CREATE, drive, topic } from '../test/support/scenario';
import type { Figure } from './bench-support';

const RATE = 1024 * 1024;
const BATCHES = 100;
const RECORD_BYTES = 10 * 1024;
const TP = { topic: 'big', partition: 0 };
const STEP_MS = 100;
/** Both runs advance this long after the reassignment starts (the throttled one needs about 9 s). */
const WINDOW_MS = 12_000;

interface Run {
  /** Simulated time until the new replica had every byte. */
  caughtUpMs: number;
  /** Wall time of the whole WINDOW_MS of simulated time. */
  wallMs: number;
  bytes: number;
}

async function move(throttled: boolean): Promise<Run> {
  const h = await ClusterHarness.create({ brokers: 2, seed: 1501, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
  try {
    const admin = adminOf(h);
    await drive(h, admin.createTopics([topic('big', { assignment: [[0]] })], CREATE));
    const value = new Uint8Array(RECORD_BYTES).fill(7);
    for (let i = 0; i < BATCHES; i++) {
      await drive(
        h,
        h.client.produce({ topic: 'big', partition: 0, acks: 1, records: Array.from({ length: 10 }, () => ({ key: null, value })) }),
      );
    }
    if (throttled) {
      const rates = { 'leader.replication.throttled.rate': String(RATE), 'follower.replication.throttled.rate': String(RATE) };
      for (const id of [0, 1]) await admin.alterBrokerConfig(String(id), rates, false);
      await admin.alterTopicConfig(
        'big',
        { 'leader.replication.throttled.replicas': '0:0', 'follower.replication.throttled.replicas': '0:1' },
        false,
      );
      await h.settle();
    }
    const total = h.cluster.broker(0).logManager!.getLog(TP)!.size;
    const size = () => h.cluster.broker(1).logManager?.getLog(TP)?.size ?? 0;
    await admin.alterPartitionReassignments([{ partition: TP, replicas: [1] }]);
    await h.settle();
    const startMs = h.time.nowMs();
    const wallStart = performance.now();
    let caughtUpMs = Number.NaN;
    while (h.time.nowMs() - startMs < WINDOW_MS) {
      await h.advance(STEP_MS);
      if (Number.isNaN(caughtUpMs) && size() >= total) caughtUpMs = h.time.nowMs() - startMs;
    }
    return { caughtUpMs, wallMs: performance.now() - wallStart, bytes: total };
  } finally {
    await h.close();
  }
}

export async function replicationThrottleBench(report: (f: Figure) => void): Promise<void> {
  const free = await move(false);
  const throttled = await move(true);
  const achieved = throttled.bytes / (throttled.caughtUpMs / 1000);
  report({
    name: 'throttled catch-up: achieved rate (1 MB/s set)',
    value: achieved / RATE,
    unit: 'MB/s',
    baseline: 1,
    baselineName: 'configured',
  });
  report({
    name: 'catch-up: simulated time',
    value: throttled.caughtUpMs / 1000,
    unit: 's',
    baseline: free.caughtUpMs / 1000,
    baselineName: 'unthrottled',
  });
  // The same simulated window for both (the unthrottled one idles once caught up).
  const perSecond = (r: Run) => r.wallMs / (WINDOW_MS / 1000);
  report({
    name: 'wall-clock per simulated second (12 s from the move)',
    value: perSecond(throttled),
    unit: 'ms',
    baseline: perSecond(free),
    baselineName: 'unthrottled',
  });
}
