/**
 * A request in flight when its broker stops is never answered (issue 11 point 1): shutdown stops
 * processing requests (`SocketServer.stopProcessingRequests`) and a kill ends the process, so the
 * client sees its connection close — not a response from a broker that is no longer running.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FETCH } from '../../../src-main/protocol/kafka/messages/fetch';
import { encodeMessage } from '../../../src-main/protocol/kafka/wire/schema';
import { RawClient, request } from '../../support/raw-kafka-client';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf, topic } from '../../support/scenario';

/** A consumer's Fetch that parks at the leader (nothing to read, MinBytes 1, MaxWait 60 s). */
function parkedFetch(correlationId: number): Buffer {
  const body = encodeMessage(FETCH.request, 11, {
    replicaId: -1,
    maxWait: 60_000,
    minBytes: 1,
    maxBytes: 1 << 20,
    isolationLevel: 0,
    sessionId: 0,
    epoch: -1,
    topics: [
      {
        name: 'quiet',
        fetchPartitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, fetchOffset: 0n, logStartOffset: -1n, maxBytes: 1 << 20 }],
      },
    ],
    forgotten: [],
    rackId: '',
  });
  return request(1, 11, correlationId, body);
}

describe('a request in flight when the broker stops', () => {
  let wire: WireCluster | null = null;
  let client: RawClient | null = null;
  afterEach(async () => {
    client?.socket.destroy();
    await wire?.close();
    wire = null;
  });

  for (const stop of ['shutdown', 'kill'] as const) {
    it(`${stop}: the parked Fetch gets no response, its connection closes`, async () => {
      wire = await wireCluster({ seed: 9 });
      await adminOf(wire.h).createTopics([topic('quiet', { assignment: [[0, 1]] })], { timeoutMs: 5000, validateOnly: false });
      await wire.h.settle();
      const c = (client = await RawClient.open(wire.ports.get(0) ?? -1));
      c.socket.write(parkedFetch(7));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(c.frames).toHaveLength(0);
      // Without moving leadership first: the Fetch is still parked when requests stop being processed.
      if (stop === 'shutdown') await wire.h.cluster.shutdownBroker(0, { controlled: false });
      else wire.h.cluster.killBroker(0);
      await c.until(() => c.closed);
      expect(c.frames).toHaveLength(0);
      expect(wire.h.cluster.broker(0).state).toBe(stop === 'shutdown' ? 'NotRunning' : 'Killed');
    });
  }
});
