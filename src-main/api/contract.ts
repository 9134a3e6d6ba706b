/**
 * The API the UI sees (types only; the renderer imports them with `import type`). Each service is
 * reachable through both transports (Electron IPC and headless HTTP); bytes travel as text they
 * can carry.
 */

/** How a key, value or header value typed by a person is turned into bytes. */
export type PayloadEncoding = 'text' | 'hex' | 'base64';

export type CompressionName = 'none' | 'gzip' | 'snappy' | 'lz4' | 'zstd';

/** Bytes as the UI shows them: UTF-8 text when they are valid UTF-8, and always base64. */
export interface BytesDto {
  readonly text: string | null;
  readonly base64: string;
  readonly size: number;
}

export interface HeaderInputDto {
  readonly key: string;
  readonly value: string | null;
}

export interface ProduceRequestDto {
  readonly topic: string;
  /** Explicit partition; null or absent: Kafka's default partitioner (murmur2 of the key, or a random available partition). */
  readonly partition?: number | null;
  readonly key: string | null;
  readonly value: string | null;
  /** How `key`, `value` and header values are given (default text). */
  readonly encoding?: PayloadEncoding;
  readonly headers?: readonly HeaderInputDto[];
  /** 0, 1 or −1 (all). */
  readonly acks: 0 | 1 | -1;
  readonly timeoutMs?: number;
  readonly compression?: CompressionName;
}

export interface ProduceResultDto {
  readonly topic: string;
  readonly partition: number;
  /** Offset of the record; −1 on error and with acks=0. */
  readonly offset: number;
  /** Kafka's error name (`NONE`, `NOT_ENOUGH_REPLICAS` …) and the broker's message, if any. */
  readonly error: string;
  readonly errorMessage: string | null;
  readonly leaderId: number;
  /** LogAppendTime stamped by the broker, or −1 (CreateTime). */
  readonly logAppendTime: number;
}

/** Where a read starts. */
export type ReadStartDto =
  | { readonly kind: 'earliest' }
  | { readonly kind: 'latest' }
  | { readonly kind: 'offset'; readonly offset: number }
  | { readonly kind: 'timestamp'; readonly timestamp: number };

export interface ReadRequestDto {
  readonly topic: string;
  readonly partition: number;
  readonly from: ReadStartDto;
  readonly maxRecords?: number;
}

export interface RecordDto {
  readonly partition: number;
  readonly offset: number;
  readonly timestamp: number;
  readonly timestampType: 'CreateTime' | 'LogAppendTime' | 'NoTimestampType';
  readonly key: BytesDto | null;
  readonly value: BytesDto | null;
  readonly headers: ReadonlyArray<{ readonly key: string; readonly value: BytesDto | null }>;
  readonly leaderEpoch: number;
}

export interface ReadResultDto {
  readonly error: string;
  readonly errorMessage: string | null;
  readonly records: readonly RecordDto[];
  readonly highWatermark: number;
  readonly logStartOffset: number;
  readonly nextOffset: number;
}

/** The message tester: produce records, read them back from an offset or a time. */
export interface MessageService {
  produce(request: ProduceRequestDto): Promise<ProduceResultDto>;
  read(request: ReadRequestDto): Promise<ReadResultDto>;
}
