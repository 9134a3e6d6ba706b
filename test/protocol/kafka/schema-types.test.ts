/**
 * The TypeScript types derived from the grammars (`MessageOf`, `RequestOf`, `ResponseOf`). These
 * assertions are checked by the type-check (`tsc -p tsconfig.node.json`, which covers test/): a
 * grammar and its type cannot drift, and a handler that does not answer its API's response fails
 * to compile. The runtime assertions show the reader gives what the type says.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { fetchHandler } from '../../../src-main/protocol/kafka/handlers/fetch-handler';
import { produceHandler } from '../../../src-main/protocol/kafka/handlers/produce-handler';
import { KafkaApis } from '../../../src-main/protocol/kafka/kafka-apis';
import type { RequestOf, ResponseOf } from '../../../src-main/protocol/kafka/messages/api-message';
import { FETCH, type FetchRequest } from '../../../src-main/protocol/kafka/messages/fetch';
import { HEARTBEAT } from '../../../src-main/protocol/kafka/messages/heartbeat';
import { PRODUCE } from '../../../src-main/protocol/kafka/messages/produce';
import {
  arrayOf,
  decodeMessage,
  encodeMessage,
  field,
  struct,
  type Field,
  type Message,
  type MessageOf,
  type RecordsSend,
} from '../../../src-main/protocol/kafka/wire/schema';

const GRAMMAR = [
  field('ErrorCode', 'int16', '0+'),
  field('LogStartOffset', 'int64', '5+', { default: -1n }),
  field('ClusterId', 'string', '2+', { nullableVersions: '2+', default: null }),
  field('IsInternal', 'bool', '1+'),
  field('Metadata', 'bytes', '0+'),
  field('Records', 'records', '0+', { nullableVersions: '0+' }),
  field('ReplicaNodes', arrayOf('int32'), '0+'),
  field('Partitions', arrayOf(struct(field('PartitionIndex', 'int32', '0+'), field('Name', 'string', '0+'))), '0+'),
] as const;

describe('types derived from a grammar', () => {
  it('maps each field to its camelCase key and JavaScript type; nullableVersions adds null', () => {
    expectTypeOf<MessageOf<typeof GRAMMAR>>().toEqualTypeOf<{
      errorCode: number;
      logStartOffset: bigint;
      clusterId: string | null;
      isInternal: boolean;
      metadata: Buffer;
      records: Buffer | null;
      replicaNodes: number[];
      partitions: Array<{ partitionIndex: number; name: string }>;
    }>();
    const decoded = decodeMessage(encodeMessage(GRAMMAR, 5, {}), GRAMMAR, 5);
    expect(decoded).toEqual({
      errorCode: 0,
      logStartOffset: -1n,
      clusterId: null,
      isInternal: false,
      metadata: Buffer.alloc(0),
      records: null,
      replicaNodes: [],
      partitions: [],
    });
  });

  it("a field's default is of the field's type, and null only where the field may be null", () => {
    expect(field('Name', 'string', '0+', { nullableVersions: '0+', default: null })).toEqual({
      name: 'Name',
      type: 'string',
      versions: '0+',
      nullableVersions: '0+',
      default: null,
    });
    // Never run: only the type-check reads these (each line must fail to compile).
    const refusedByTheTypeCheck = (): void => {
      // @ts-expect-error: an int64's default is a bigint.
      field('LogStartOffset', 'int64', '5+', { default: -1 });
      // @ts-expect-error: only a field with nullableVersions defaults to null.
      field('Name', 'string', '0+', { default: null });
    };
    expect(refusedByTheTypeCheck).toBeTypeOf('function');
  });

  it('a response a handler answers takes any Uint8Array; what the writer takes may leave fields to their defaults', () => {
    expectTypeOf<MessageOf<typeof GRAMMAR, 'encodable'>['metadata']>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<MessageOf<typeof GRAMMAR, 'partial'>>().toEqualTypeOf<{
      errorCode?: number;
      logStartOffset?: bigint;
      clusterId?: string | null;
      isInternal?: boolean;
      metadata?: Uint8Array;
      records?: Uint8Array | RecordsSend | null;
      replicaNodes?: number[];
      partitions?: Array<{ partitionIndex?: number; name?: string }>;
    }>();
    expect(encodeMessage(GRAMMAR, 0, { errorCode: 3, partitions: [{ name: 't' }] }).toString('hex')).toBe(
      '0003' + '00000000' + 'ffffffff' + '00000000' + '00000001' + '00000000' + '0001' + '74',
    );
  });

  it('a grammar known only as Field[] reads and writes a plain Message', () => {
    expectTypeOf<MessageOf<readonly Field[]>>().toEqualTypeOf<Message>();
  });

  it("an API's request and response types are its grammar's", () => {
    expectTypeOf<RequestOf<typeof FETCH>>().toEqualTypeOf<FetchRequest>();
    expectTypeOf<FetchRequest['topics'][number]['fetchPartitions'][number]['fetchOffset']>().toEqualTypeOf<bigint>();
    expectTypeOf<ResponseOf<typeof HEARTBEAT>>().toEqualTypeOf<{ throttleTimeMs: number; errorCode: number }>();
    expectTypeOf<ResponseOf<typeof FETCH>['topics'][number]['partitions'][number]['aborted']>().toEqualTypeOf<Array<{
      producerId: bigint;
      firstOffset: bigint;
    }> | null>();
  });

  it('registers a handler only with the API whose request and response it speaks', () => {
    const apis = new KafkaApis();
    const broker = {} as Parameters<typeof fetchHandler>[0];
    const time = { nowMs: () => 0 } as Parameters<typeof fetchHandler>[1];
    apis.register(FETCH, fetchHandler(broker, time));
    apis.register(PRODUCE, produceHandler(broker, time));
    expect(apis.registered().map((a) => a.name)).toEqual(['Produce', 'Fetch', 'ApiVersions']);
    // Never run: only the type-check reads these (each line must fail to compile).
    const refusedByTheTypeCheck = (): void => {
      // @ts-expect-error: the Fetch handler neither reads a Produce request nor answers a Produce response.
      apis.register(PRODUCE, fetchHandler(broker, time));
      // @ts-expect-error: a Heartbeat response's ErrorCode is an int16, not a string.
      apis.register(HEARTBEAT, async () => ({ throttleTimeMs: 0, errorCode: 'NONE' }));
      // @ts-expect-error: ErrorCode is an int16, not a string.
      encodeMessage(GRAMMAR, 0, { errorCode: 'NONE' });
    };
    expect(refusedByTheTypeCheck).toBeTypeOf('function');
  });
});
