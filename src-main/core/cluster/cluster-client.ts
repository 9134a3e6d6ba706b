/**
 * A client of the emulated cluster, as a Java producer and consumer would be: metadata from a
 * broker's metadata cache, records sent to the partition leader, reads from the leader up to the
 * high watermark. The message tester and the log browser of the UI go through here.
 *
 * Partitioning is Kafka 2.5's `DefaultPartitioner`: an explicit partition wins; a keyed record goes
 * to `toPositive(murmur2(key)) % numPartitions`; a record without a key goes to a random available
 * partition (the sticky partitioner's choice for a new batch).
 */
import type { KafkaServer } from '../broker/kafka-server';
import type { ErrorName } from '../common/kafka-errors';
import { KafkaApiError } from '../common/kafka-errors';
import { murmur2, toPositive } from '../common/murmur2';
import type { TopicPartition } from '../common/topic-partition';
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from '../log/log';
import type { Random } from '../platform/random';
import type { Time } from '../platform/scheduler';
import type { CompressionType, RecordHeader } from '../record';
import { RecordBatch, TimestampType, batchesIn, buildRecordBatch } from '../record';
import type { Cluster } from './cluster';

export interface ProduceRecord {
  readonly key: Uint8Array | null;
  readonly value: Uint8Array | null;
  readonly headers?: readonly RecordHeader[];
  /** CreateTime; default: the cluster clock. */
  readonly timestamp?: number;
}

export interface ProduceOptions {
  readonly topic: string;
  /** Explicit partition; otherwise the default partitioner chooses. */
  readonly partition?: number | null;
  readonly records: readonly ProduceRecord[];
  /** 0, 1 or −1 (`all`). */
  readonly acks: number;
  readonly timeoutMs?: number;
  readonly compression?: CompressionType;
  /** Retries of retriable errors (NOT_LEADER_FOR_PARTITION, LEADER_NOT_AVAILABLE, NOT_ENOUGH_REPLICAS …), `retry.backoff.ms` apart. */
  readonly retries?: number;
}

export interface ProduceOutcome {
  readonly topic: string;
  readonly partition: number;
  readonly error: ErrorName;
  readonly errorMessage: string | null;
  /** Offset of the first record (−1 on error, and for acks=0). */
  readonly baseOffset: number;
  readonly logAppendTime: number;
  readonly leaderId: number;
}

export interface ConsumedRecord {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly timestamp: number;
  readonly timestampType: 'CreateTime' | 'LogAppendTime' | 'NoTimestampType';
  readonly key: Uint8Array | null;
  readonly value: Uint8Array | null;
  readonly headers: readonly RecordHeader[];
  readonly leaderEpoch: number;
}

export interface ReadOptions {
  readonly topic: string;
  readonly partition: number;
  /** Start here; or at the first record whose timestamp is ≥ `fromTimestamp`; default: earliest. */
  readonly fromOffset?: number;
  readonly fromTimestamp?: number;
  readonly maxRecords?: number;
  readonly maxBytes?: number;
}

export interface ReadOutcome {
  readonly error: ErrorName;
  readonly errorMessage: string | null;
  readonly records: ConsumedRecord[];
  readonly highWatermark: number;
  readonly logStartOffset: number;
  /** Where the next read would start. */
  readonly nextOffset: number;
}

const RETRIABLE: ReadonlySet<ErrorName> = new Set<ErrorName>([
  'NOT_LEADER_FOR_PARTITION',
  'LEADER_NOT_AVAILABLE',
  'NOT_ENOUGH_REPLICAS',
  'NOT_ENOUGH_REPLICAS_AFTER_APPEND',
  'REQUEST_TIMED_OUT',
  'UNKNOWN_TOPIC_OR_PARTITION',
  'KAFKA_STORAGE_ERROR',
]);
const RETRY_BACKOFF_MS = 100;

export class ClusterClient {
  constructor(
    private readonly cluster: Cluster,
    private readonly time: Time,
    private readonly random: Random,
  ) {}

  /** A running broker to ask for metadata (the controller's first, as the UI's bootstrap). */
  private bootstrap(): KafkaServer {
    const brokers = this.cluster.runningBrokers();
    const controller = brokers.find((b) => b.controller?.isActive());
    const broker = controller ?? brokers[0];
    if (!broker) throw new KafkaApiError('BROKER_NOT_AVAILABLE', 'No broker is running.');
    return broker;
  }

  private leaderOf(tp: TopicPartition): { leaderId: number; leader: KafkaServer | null } {
    const info = this.bootstrap().metadataCache.getPartitionInfo(tp.topic, tp.partition);
    const leaderId = info?.leader ?? -1;
    const leader = leaderId >= 0 ? (this.cluster.runningBrokers().find((b) => b.id === leaderId) ?? null) : null;
    return { leaderId, leader };
  }

  /** The topic's partitions as a broker's metadata has them, in order (empty for an unknown topic). */
  partitionsOf(topic: string): number[] {
    return this.bootstrap()
      .metadataCache.partitionsOf(topic)
      .map((p) => p.partitionIndex)
      .sort((a, b) => a - b);
  }

  /** `DefaultPartitioner.partition`. */
  choosePartition(topic: string, key: Uint8Array | null): number {
    const partitions = this.bootstrap().metadataCache.partitionsOf(topic);
    if (partitions.length === 0) throw new KafkaApiError('UNKNOWN_TOPIC_OR_PARTITION', `Topic ${topic} not present in metadata.`);
    if (key !== null) return toPositive(murmur2(key)) % partitions.length;
    const available = partitions.filter((p) => p.leader >= 0).map((p) => p.partitionIndex);
    const pool = available.length > 0 ? available : partitions.map((p) => p.partitionIndex);
    return pool[this.random.nextInt(pool.length)];
  }

  /** Sends the records as one batch to one partition's leader. */
  async produce(options: ProduceOptions): Promise<ProduceOutcome> {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const partition = options.partition ?? this.choosePartition(options.topic, options.records[0]?.key ?? null);
    const tp = { topic: options.topic, partition };
    const known = this.bootstrap().metadataCache.partitionsOf(options.topic).length;
    if (partition < 0 || partition >= known) {
      const errorMessage =
        known === 0
          ? `Topic ${options.topic} not present in metadata.`
          : `Partition ${partition} of topic ${options.topic} with partition count ${known} is not present in metadata.`;
      return {
        topic: options.topic,
        partition,
        error: 'UNKNOWN_TOPIC_OR_PARTITION',
        errorMessage,
        baseOffset: -1,
        logAppendTime: -1,
        leaderId: -1,
      };
    }
    const now = this.time.nowMs();
    const batch = buildRecordBatch(
      options.records.map((r) => ({ key: r.key, value: r.value, headers: r.headers ?? [], timestamp: r.timestamp ?? now })),
      { compression: options.compression, now },
    );
    let attempt = 0;
    for (;;) {
      const { leaderId, leader } = this.leaderOf(tp);
      let outcome: ProduceOutcome;
      if (!leader) {
        outcome = {
          topic: tp.topic,
          partition,
          error: 'LEADER_NOT_AVAILABLE',
          errorMessage: null,
          baseOffset: -1,
          logAppendTime: -1,
          leaderId,
        };
      } else {
        // The broker may modify the bytes in place (offsets, leader epoch): each attempt sends a copy.
        const [result] = await leader.replicaManager!.appendRecords(timeoutMs, options.acks, [
          { topicPartition: tp, records: batch.slice() },
        ]);
        outcome = {
          topic: tp.topic,
          partition,
          error: result.error,
          errorMessage: result.errorMessage,
          baseOffset: options.acks === 0 ? -1 : result.baseOffset,
          logAppendTime: result.logAppendTime,
          leaderId,
        };
      }
      if (outcome.error === 'NONE' || !RETRIABLE.has(outcome.error) || attempt >= (options.retries ?? 0)) return outcome;
      attempt++;
      await new Promise<void>((resolve) => this.time.schedule('producer-retry-backoff', RETRY_BACKOFF_MS, resolve));
    }
  }

  /** ListOffsets against the leader: −1 latest, −2 earliest, or a timestamp. */
  listOffset(tp: TopicPartition, timestamp: number): { error: ErrorName; offset: number; timestamp: number } {
    const { leader } = this.leaderOf(tp);
    if (!leader?.replicaManager) return { error: 'LEADER_NOT_AVAILABLE', offset: -1, timestamp: -1 };
    const r = leader.replicaManager.fetchOffsetForTimestamp(tp, timestamp);
    return { error: r.error, offset: r.offset, timestamp: r.timestamp };
  }

  /** Reads committed records (below the high watermark) from the leader, decoded. */
  read(options: ReadOptions): ReadOutcome {
    const tp = { topic: options.topic, partition: options.partition };
    const { leader } = this.leaderOf(tp);
    const empty = (error: ErrorName, errorMessage: string | null): ReadOutcome => ({
      error,
      errorMessage,
      records: [],
      highWatermark: -1,
      logStartOffset: -1,
      nextOffset: -1,
    });
    if (!leader?.replicaManager) return empty('LEADER_NOT_AVAILABLE', null);
    const rm = leader.replicaManager;
    let start = options.fromOffset;
    if (start === undefined) {
      const listed = rm.fetchOffsetForTimestamp(tp, options.fromTimestamp ?? EARLIEST_TIMESTAMP);
      if (listed.error !== 'NONE') return empty(listed.error, listed.errorMessage);
      start = listed.offset >= 0 ? listed.offset : rm.fetchOffsetForTimestamp(tp, LATEST_TIMESTAMP).offset;
    }
    const maxRecords = options.maxRecords ?? 100;
    const records: ConsumedRecord[] = [];
    let next = start;
    let highWatermark = -1;
    let logStartOffset = -1;
    while (records.length < maxRecords) {
      const [result] = rm.fetchMessages([{ topicPartition: tp, fetchOffset: next, maxBytes: options.maxBytes ?? 1048576 }]);
      highWatermark = result.highWatermark;
      logStartOffset = result.logStartOffset;
      if (result.error !== 'NONE')
        return { error: result.error, errorMessage: result.errorMessage, records, highWatermark, logStartOffset, nextOffset: next };
      let progressed = false;
      for (const batch of batchesIn(result.records)) {
        for (const record of batch.records()) {
          if (record.offset < next) continue;
          if (batch.isControlBatch) continue;
          records.push(toConsumed(tp, batch, record));
          if (records.length >= maxRecords) break;
        }
        if (batch.nextOffset > next) {
          next = Math.min(batch.nextOffset, records.length >= maxRecords ? records[records.length - 1].offset + 1 : batch.nextOffset);
          progressed = true;
        }
        if (records.length >= maxRecords) break;
      }
      if (!progressed) break;
    }
    return { error: 'NONE', errorMessage: null, records, highWatermark, logStartOffset, nextOffset: next };
  }
}

function toConsumed(tp: TopicPartition, batch: RecordBatch, record: ReturnType<RecordBatch['records']>[number]): ConsumedRecord {
  const type = record.timestampType;
  return {
    topic: tp.topic,
    partition: tp.partition,
    offset: record.offset,
    timestamp: record.timestamp,
    timestampType:
      type === TimestampType.LOG_APPEND_TIME ? 'LogAppendTime' : type === TimestampType.CREATE_TIME ? 'CreateTime' : 'NoTimestampType',
    key: record.key,
    value: record.value,
    headers: record.headers,
    leaderEpoch: batch.partitionLeaderEpoch,
  };
}
