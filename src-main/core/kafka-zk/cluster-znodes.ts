/**
 * Cluster-wide znodes of Kafka 2.5 (`kafka.zk.ZkData`, `kafka.coordinator.transaction.ProducerIdManager`):
 *
 *   /cluster/id                {"version":"1","id":"<22-char base64url>"}          persistent
 *   /controller                {"version":1,"brokerid":<int>,"timestamp":"<ms>"}   ephemeral
 *   /controller_epoch          <int as decimal text>                               persistent
 *   /brokers/seqid             null (setData(empty) bumps its version)             persistent
 *   /latest_producer_id_block  {"version":1,"broker":<int>,"block_start":"<long>","block_end":"<long>"}
 *   /consumers/<g>/offsets/<t>/<p>   <long as decimal text> (legacy ZooKeeper consumers)
 *
 * Every map here has at most four entries, so Scala keeps insertion order (Map1 … Map4).
 */

import { LONG_MAX, numberFormatMessage, parseJavaIntOrNull, parseJavaLongOrNull } from '../common/java-lang';
import type { ZnodeData } from '../zookeeper/types';
import type { JsonNode } from './json-node';
import { member } from './json-node';
import { jsonBytes, jsonObject, utf8 } from './json-writer';
import {
  asObject,
  checkVersion,
  dataText,
  decodeJsonZnode,
  failAt,
  isCanonicalDecimal,
  protect,
  required,
  toInt,
  toStr,
} from './kafka-json';
import { ZnodeFormatError } from './znode-format-error';

// ---------------------------------------------------------------------------------------------
// /cluster/id

export const ClusterZNode = Object.freeze({ path: '/cluster' });

export const ClusterIdZNode = Object.freeze({
  path: '/cluster/id',

  /** `{"version":"1","id":"<id>"}` — the version is a JSON string. */
  encode(clusterId: string): Uint8Array {
    return jsonBytes(
      jsonObject([
        ['version', '1'],
        ['id', clusterId],
      ]),
    );
  },

  /**
   * Kafka reads `id` only (`fromJson`); anything it cannot parse is fatal at broker start:
   * "Failed to parse the cluster id json …".
   */
  decode(data: ZnodeData): string | ZnodeFormatError<string> {
    return decodeJsonZnode<string>(data, {
      path: ClusterIdZNode.path,
      onNull: { reading: 'throws', reason: 'Failed to parse the cluster id json null (the znode has null data)' },
      onUnparseable: (detail, text) => ({
        reading: 'throws',
        reason: `Failed to parse the cluster id json ${text} (${detail})`,
      }),
      read: (root) => toStr(required(asObject(root, ''), 'id', ''), '/id'),
      protect: (id, root) => {
        const obj = asObject(root, '');
        const version = member(obj, 'version');
        if (version === undefined || version.type !== 'string' || version.value !== '1') {
          protect(version ?? obj, version ? '/version' : '', 'Kafka 2.5 writes "version":"1" (a string) in /cluster/id');
        }
        if (id.length === 0) protect(member(obj, 'id') ?? null, '/id', 'The cluster id is empty');
      },
    });
  },
});

// ---------------------------------------------------------------------------------------------
// /controller

export interface ControllerZNodeData {
  readonly brokerId: number;
  /** Milliseconds as Kafka writes them (a decimal string); null when absent. Kafka never reads it. */
  readonly timestamp: string | null;
}

function checkTimestamp(obj: JsonNode, key: string): void {
  if (obj.type !== 'object') return;
  const ts = member(obj, key);
  if (ts === undefined) return;
  if (ts.type !== 'string' || parseJavaLongOrNull(ts.value) === null) {
    protect(ts, `/${key}`, `"${key}" must be milliseconds written as a string, e.g. "1600000000000"`);
  }
}

export const ControllerZNode = Object.freeze({
  path: '/controller',

  /** `{"version":1,"brokerid":<id>,"timestamp":"<ms>"}` */
  encode(brokerId: number, timestampMs: number): Uint8Array {
    return jsonBytes(
      jsonObject([
        ['version', 1],
        ['brokerid', brokerId],
        ['timestamp', String(timestampMs)],
      ]),
    );
  },

  /**
   * Kafka reads `brokerid` only. Data that is not JSON reads as "no controller" (None), which a
   * running broker treats like a missing node only on the next watch event.
   */
  decode(data: ZnodeData): ControllerZNodeData | ZnodeFormatError<ControllerZNodeData> {
    return decodeJsonZnode<ControllerZNodeData>(data, {
      path: ControllerZNode.path,
      onNull: { reading: 'throws', reason: 'The znode has null data; Kafka cannot read a controller id from it' },
      onUnparseable: (detail) => ({
        reading: 'treats-as-empty',
        reason: `Not valid JSON: ${detail}. Kafka reads this as no controller id`,
      }),
      read: (root) => {
        const obj = asObject(root, '');
        const brokerId = toInt(required(obj, 'brokerid', ''), '/brokerid');
        const ts = member(obj, 'timestamp');
        return { brokerId, timestamp: ts?.type === 'string' ? ts.value : null };
      },
      protect: (value, root) => {
        checkVersion(asObject(root, ''), [1], 1);
        if (value.brokerId < 0)
          protect(member(asObject(root, ''), 'brokerid') ?? null, '/brokerid', `Negative broker id ${value.brokerId}`);
        checkTimestamp(root, 'timestamp');
      },
    });
  },
});

// ---------------------------------------------------------------------------------------------
// /controller_epoch

export const ControllerEpochZNode = Object.freeze({
  path: '/controller_epoch',

  /** The epoch as decimal text (`epoch.toString`), not JSON. */
  encode(epoch: number): Uint8Array {
    return utf8(String(epoch));
  },

  /** `new String(bytes, UTF_8).toInt` — Java's `Integer.parseInt`. */
  decode(data: ZnodeData): number | ZnodeFormatError<number> {
    const path = ControllerEpochZNode.path;
    if (data === null)
      return new ZnodeFormatError<number>(path, 'The znode has null data (Kafka fails with a NullPointerException)', 'throws');
    const text = dataText(data);
    const epoch = parseJavaIntOrNull(text);
    if (epoch === null) {
      return new ZnodeFormatError<number>(path, `Controller epoch is not a number: ${numberFormatMessage(text)}`, 'throws', {
        offset: 0,
        line: 1,
        column: 1,
      });
    }
    if (!isCanonicalDecimal(text)) {
      return new ZnodeFormatError<number>(path, `Controller epoch "${text}" is not written as Kafka writes it ("${epoch}")`, 'accepts', {
        kafkaValue: epoch,
      });
    }
    if (epoch < 0) return new ZnodeFormatError<number>(path, `Negative controller epoch ${epoch}`, 'accepts', { kafkaValue: epoch });
    return epoch;
  },
});

// ---------------------------------------------------------------------------------------------
// /brokers/seqid

export const BrokerSequenceIdZNode = Object.freeze({
  path: '/brokers/seqid',
  /** Created with null data at broker start; the id generator then `setData(empty, -1)`. */
  encode(): null {
    return null;
  },
});

// ---------------------------------------------------------------------------------------------
// /latest_producer_id_block

export interface ProducerIdBlock {
  readonly brokerId: number;
  readonly blockStartId: bigint;
  readonly blockEndId: bigint;
}

export const ProducerIdBlockZNode = Object.freeze({
  path: '/latest_producer_id_block',
  /** `ProducerIdManager.PidBlockSize`. */
  blockSize: 1000n,

  /** `{"version":1,"broker":<id>,"block_start":"<long>","block_end":"<long>"}` */
  encode(block: ProducerIdBlock): Uint8Array {
    return jsonBytes(
      jsonObject([
        ['version', 1],
        ['broker', block.brokerId],
        ['block_start', block.blockStartId.toString()],
        ['block_end', block.blockEndId.toString()],
      ]),
    );
  },

  /**
   * `ProducerIdManager.parseProducerIdBlockData`. Null data means no block was ever claimed and
   * decodes to `null`; empty bytes are not JSON and fail as in Kafka.
   */
  decode(data: ZnodeData): ProducerIdBlock | null | ZnodeFormatError<ProducerIdBlock | null> {
    return decodeJsonZnode<ProducerIdBlock | null>(data, {
      path: ProducerIdBlockZNode.path,
      onNull: { value: null },
      onUnparseable: (detail, text) => ({
        reading: 'throws',
        reason: `Failed to parse the producer id block json ${text} (${detail})`,
      }),
      read: (root) => {
        const obj = asObject(root, '');
        const brokerId = toInt(required(obj, 'broker', ''), '/broker');
        const longOf = (key: string): bigint => {
          const s = toStr(required(obj, key, ''), `/${key}`);
          const v = parseJavaLongOrNull(s);
          if (v === null) {
            failAt(
              member(obj, key) ?? null,
              `/${key}`,
              `Read json data contains producerIds that have exceeded long type limit: ${numberFormatMessage(s)}`,
              'throws',
            );
          }
          return v;
        };
        return { brokerId, blockStartId: longOf('block_start'), blockEndId: longOf('block_end') };
      },
      protect: (block, root) => {
        const obj = asObject(root, '');
        checkVersion(obj, [1], 1);
        if (block === null) return;
        if (block.brokerId < 0) protect(member(obj, 'broker') ?? null, '/broker', `Negative broker id ${block.brokerId}`);
        for (const key of ['block_start', 'block_end'] as const) {
          const node = member(obj, key);
          if (node?.type === 'string' && !isCanonicalDecimal(node.value)) {
            protect(node, `/${key}`, `"${key}" "${node.value}" is not written as Kafka writes it`);
          }
        }
        if (block.blockStartId < 0n)
          protect(member(obj, 'block_start') ?? null, '/block_start', `Negative block start ${block.blockStartId}`);
        if (block.blockEndId < block.blockStartId) {
          protect(
            member(obj, 'block_end') ?? null,
            '/block_end',
            `Block end ${block.blockEndId} is before block start ${block.blockStartId}`,
          );
        }
      },
    });
  },

  /**
   * The block a broker claims next (`getNewProducerIdBlock`): `[0, 999]` when there is none yet,
   * otherwise the 1000 ids after the current block's end. Throws Kafka's KafkaException text when
   * the ids are exhausted.
   */
  nextBlock(brokerId: number, current: ProducerIdBlock | null): ProducerIdBlock {
    const size = ProducerIdBlockZNode.blockSize;
    if (current === null) return { brokerId, blockStartId: 0n, blockEndId: size - 1n };
    if (current.blockEndId > LONG_MAX - size) throw new Error('Have exhausted all producerIds.');
    return { brokerId, blockStartId: current.blockEndId + 1n, blockEndId: current.blockEndId + size };
  },
});

// ---------------------------------------------------------------------------------------------
// /consumers (legacy ZooKeeper consumers)

export const ConsumerPathZNode = Object.freeze({ path: '/consumers' });

export const ConsumerOffset = Object.freeze({
  path(group: string, topic: string, partition: number): string {
    return `${ConsumerPathZNode.path}/${group}/offsets/${topic}/${partition}`;
  },

  encode(offset: bigint): Uint8Array {
    return utf8(offset.toString());
  },

  /** `Option(bytes).map(new String(_, UTF_8).toLong)`: null data is no offset. */
  decode(path: string, data: ZnodeData): bigint | null | ZnodeFormatError<bigint | null> {
    if (data === null) return null;
    const text = dataText(data);
    const v = parseJavaLongOrNull(text);
    if (v === null) return new ZnodeFormatError<bigint | null>(path, `Offset is not a number: ${numberFormatMessage(text)}`, 'throws');
    if (!isCanonicalDecimal(text)) {
      return new ZnodeFormatError<bigint | null>(path, `Offset "${text}" is not written as Kafka writes it`, 'accepts', { kafkaValue: v });
    }
    return v;
  },
});
