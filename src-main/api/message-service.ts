/**
 * The message tester's service over the cluster client: input text decoded to bytes as the
 * person chose (text, hex, base64), records produced through Kafka's partitioner and acks, and
 * records read back with their bytes shown as UTF-8 text where they are text, from one partition
 * or from all of a topic's (each partition read as far as the page goes, then merged by timestamp).
 */
import type { ConsumedRecord, ProduceOptions, ProduceOutcome, ReadOptions, ReadOutcome } from '../core/cluster/cluster-client';
import { ApiError } from './backend';
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from '../core/log/log';
import { compressionTypeForName } from '../core/record';
import type { ClusterFacade } from '../core/cluster/cluster-facade';
import type {
  BytesDto,
  MessageService,
  PayloadEncoding,
  ProduceRequestDto,
  ProduceResultDto,
  ReadPartitionDto,
  ReadRequestDto,
  ReadResultDto,
  ReadStartDto,
  RecordDto,
} from './contract';
import type { LocalizedText } from './localized-text';

/** A person's input that is not what its encoding says. */
export class PayloadFormatError extends Error {
  override readonly name = 'PayloadFormatError';

  constructor(readonly text: LocalizedText) {
    super(text.en);
  }
}

/** What a payload is, in a refusal: the record's key, its value, a header's value. */
const PAYLOAD_KEY: LocalizedText = { en: 'key', 'zh-CN': 'key' };
const PAYLOAD_VALUE: LocalizedText = { en: 'value', 'zh-CN': 'value' };
function headerPayload(headerKey: string): LocalizedText {
  return { en: `value of header ${headerKey}`, 'zh-CN': `header ${headerKey} 的 value` };
}

export function encodePayload(text: string, encoding: PayloadEncoding, what: LocalizedText): Uint8Array {
  switch (encoding) {
    case 'text':
      return new TextEncoder().encode(text);
    case 'hex': {
      const clean = text.replace(/\s+/g, '');
      if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean))
        throw new PayloadFormatError({
          en: `The ${what.en} is not hex: an even number of 0-9, a-f digits is expected.`,
          'zh-CN': `${what['zh-CN']} 不是有效的十六进制：应由偶数个 0-9、a-f 字符组成。`,
        });
      return Uint8Array.from(Buffer.from(clean, 'hex'));
    }
    case 'base64': {
      const clean = text.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1)
        throw new PayloadFormatError({ en: `The ${what.en} is not base64.`, 'zh-CN': `${what['zh-CN']} 不是 base64 编码。` });
      return Uint8Array.from(Buffer.from(clean, 'base64'));
    }
  }
}

/** A form field's payload; input its encoding cannot read is refused next to the field. */
function fieldPayload(text: string, encoding: PayloadEncoding, what: LocalizedText, field: string): Uint8Array {
  try {
    return encodePayload(text, encoding, what);
  } catch (error) {
    if (error instanceof PayloadFormatError) throw new ApiError('INVALID_INPUT', error.text, field);
    throw error;
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function bytesDto(bytes: Uint8Array | null): BytesDto | null {
  if (bytes === null) return null;
  let text: string | null;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    text = null;
  }
  return { text, base64: Buffer.from(bytes).toString('base64'), size: bytes.length };
}

function recordDto(r: ConsumedRecord): RecordDto {
  return {
    partition: r.partition,
    offset: r.offset,
    timestamp: r.timestamp,
    timestampType: r.timestampType,
    key: bytesDto(r.key),
    value: bytesDto(r.value),
    headers: r.headers.map((h) => ({ key: h.key, value: bytesDto(h.value) })),
    leaderEpoch: r.leaderEpoch,
  };
}

/** What the tester produces and reads through: the cluster's commands (or, in tests, a bare ClusterClient). */
export interface MessageClient {
  produce(options: ProduceOptions): Promise<ProduceOutcome>;
  read(options: ReadOptions): ReadOutcome | Promise<ReadOutcome>;
  /** The topic's partition numbers (empty for an unknown topic). */
  partitionsOf(topic: string): readonly number[] | Promise<readonly number[]>;
}

/** Where a read of one partition starts, as the cluster client takes it. */
function startOf(from: ReadStartDto, partition: number): Pick<ReadOptions, 'fromOffset' | 'fromTimestamp'> {
  switch (from.kind) {
    case 'offset':
      return { fromOffset: from.offset };
    case 'offsets': {
      const offset = from.offsets.find((o) => o.partition === partition)?.offset;
      return offset === undefined ? { fromTimestamp: EARLIEST_TIMESTAMP } : { fromOffset: offset };
    }
    case 'timestamp':
      return { fromTimestamp: from.timestamp };
    case 'latest':
      return { fromTimestamp: LATEST_TIMESTAMP };
    case 'earliest':
      return { fromTimestamp: EARLIEST_TIMESTAMP };
  }
}

/** The merged order of a read of all partitions: by timestamp, then partition, then offset. */
export function byTimestampThenPosition(a: ConsumedRecord, b: ConsumedRecord): number {
  return a.timestamp - b.timestamp || a.partition - b.partition || a.offset - b.offset;
}

export class MessageServiceImpl implements MessageService {
  constructor(private readonly client: () => MessageClient) {}

  async produce(request: ProduceRequestDto): Promise<ProduceResultDto> {
    const encoding = request.encoding ?? 'text';
    const key = request.key === null ? null : fieldPayload(request.key, encoding, PAYLOAD_KEY, 'key');
    const value = request.value === null ? null : fieldPayload(request.value, encoding, PAYLOAD_VALUE, 'value');
    const headers = (request.headers ?? []).map((h) => ({
      key: h.key,
      value: h.value === null ? null : fieldPayload(h.value, encoding, headerPayload(h.key), 'headers'),
    }));
    const outcome = await this.client().produce({
      topic: request.topic,
      partition: request.partition ?? null,
      records: [{ key, value, headers }],
      acks: request.acks,
      timeoutMs: request.timeoutMs,
      compression: compressionTypeForName(request.compression ?? 'none'),
    });
    return {
      topic: outcome.topic,
      partition: outcome.partition,
      offset: outcome.baseOffset,
      error: outcome.error,
      errorMessage: outcome.errorMessage,
      leaderId: outcome.leaderId,
      logAppendTime: outcome.logAppendTime,
    };
  }

  async read(request: ReadRequestDto): Promise<ReadResultDto> {
    if (request.partition === null) return this.readAll(request);
    const result = await this.client().read({
      topic: request.topic,
      partition: request.partition,
      maxRecords: request.maxRecords ?? 100,
      ...startOf(request.from, request.partition),
    });
    return {
      error: result.error,
      errorMessage: result.errorMessage,
      records: result.records.map(recordDto),
      highWatermark: result.highWatermark,
      logStartOffset: result.logStartOffset,
      nextOffset: result.nextOffset,
    };
  }

  /**
   * Every partition read from its start, at most `maxRecords` each (so one busy partition cannot
   * hide the others, and the work is bounded), then the first `maxRecords` by timestamp. Each
   * partition's next page starts after its last record shown.
   */
  private async readAll(request: ReadRequestDto): Promise<ReadResultDto> {
    const client = this.client();
    const maxRecords = request.maxRecords ?? 100;
    const numbers = await client.partitionsOf(request.topic);
    if (numbers.length === 0) {
      return {
        error: 'UNKNOWN_TOPIC_OR_PARTITION',
        errorMessage: null,
        records: [],
        highWatermark: -1,
        logStartOffset: -1,
        nextOffset: -1,
        partitions: [],
      };
    }
    const reads = [];
    for (const partition of numbers) {
      reads.push({
        partition,
        outcome: await client.read({ topic: request.topic, partition, maxRecords, ...startOf(request.from, partition) }),
      });
    }
    const shown = reads
      .flatMap((r) => r.outcome.records)
      .sort(byTimestampThenPosition)
      .slice(0, maxRecords);
    const lastShown = new Map<number, number>();
    for (const r of shown) lastShown.set(r.partition, r.offset);
    const partitions: ReadPartitionDto[] = reads.map(({ partition, outcome }) => {
      const last = lastShown.get(partition);
      const first = outcome.records[0]?.offset;
      return {
        partition,
        error: outcome.error,
        errorMessage: outcome.errorMessage,
        highWatermark: outcome.highWatermark,
        logStartOffset: outcome.logStartOffset,
        // Nothing of it shown: it starts again where this read started.
        nextOffset: last !== undefined ? last + 1 : (first ?? outcome.nextOffset),
      };
    });
    const failed = partitions.filter((p) => p.error !== 'NONE');
    const allFailed = failed.length === partitions.length;
    return {
      error: allFailed ? failed[0].error : 'NONE',
      errorMessage: allFailed ? failed[0].errorMessage : null,
      records: shown.map(recordDto),
      highWatermark: -1,
      logStartOffset: -1,
      nextOffset: -1,
      partitions,
    };
  }
}

/** The message client of a running cluster. */
export function clusterMessageClient(cluster: ClusterFacade): MessageClient {
  return {
    produce: (options) => cluster.produce(options),
    read: (options) => cluster.read(options),
    partitionsOf: (topic) =>
      cluster
        .topics()
        .find((t) => t.name === topic)
        ?.partitions.map((p) => p.topicPartition.partition) ?? [],
  };
}
