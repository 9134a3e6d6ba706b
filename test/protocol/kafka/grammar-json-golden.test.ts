/**
 * Golden bytes of two flexible messages, laid out by hand from KIP-482's rules (compact lengths
 * are unsigned varints of length + 1, 0 for null; every struct ends with its tagged fields: a
 * varint count, then per field a varint tag, a varint size and the value, in tag order):
 * - CreateTopics v5's response with its one tagged field of 2.5.1, TopicConfigErrorCode (tag 0),
 *   after response header v1;
 * - an ApiVersions v3 request whose header v2 and body carry tags Kafka does not define, which a
 *   broker must skip.
 * Our encoder writes them, our decoder reads them back, and Kafka's definitions read them alike.
 */
import { describe, expect, it } from 'vitest';
import { KafkaApis } from '../../../src-main/protocol/kafka/kafka-apis';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { CREATE_TOPICS } from '../../../src-main/protocol/kafka/messages/create-topics';
import { readRequestHeader } from '../../../src-main/protocol/kafka/request-header';
import { ByteReader } from '../../../src-main/protocol/kafka/wire/byte-reader';
import { decodeMessage, encodeMessage, readMessage, skipTaggedFields } from '../../../src-main/protocol/kafka/wire/schema';
import { decodeJson, loadDefinition, UNKNOWN_TAGS } from '../../support/json-message-codec';

const hex = (...groups: string[]) => Buffer.from(groups.join('').replace(/\s/g, ''), 'hex');

const TOPIC_AUTHORIZATION_FAILED = 29;

/** CreateTopics v5 response body: one created topic whose configs could not be described. */
const CREATE_TOPICS_V5_RESPONSE = hex(
  '00000000', // ThrottleTimeMs: int32 0
  '02', // Topics: compact array, 1 element
  '07 6f7264657273', //   Name: compact string, 6 bytes, "orders"
  '0000', //   ErrorCode: int16 0
  '00', //   ErrorMessage: compact nullable string, null
  '00000003', //   NumPartitions: int32 3
  '0002', //   ReplicationFactor: int16 2
  '00', //   Configs: compact nullable array, null
  '01', //   the topic's tagged fields: 1
  '00 02 001d', //     tag 0 (TopicConfigErrorCode), 2 bytes, int16 29
  '00', // the response's tagged fields: none
);

const CREATE_TOPICS_V5_RESULT = {
  throttleTimeMs: 0,
  topics: [
    {
      name: 'orders',
      errorCode: 0,
      errorMessage: null,
      topicConfigErrorCode: TOPIC_AUTHORIZATION_FAILED,
      numPartitions: 3,
      replicationFactor: 2,
      configs: null,
    },
  ],
};

/** ApiVersions v3 request: header v2 and body, each with a tag no version of Kafka defines. */
const API_VERSIONS_V3_HEADER = hex(
  '0012', // RequestApiKey: int16 18
  '0003', // RequestApiVersion: int16 3
  '0000002a', // CorrelationId: int32 42
  '0003 636c69', // ClientId: int16 string even in header v2, "cli"
  '01', // the header's tagged fields: 1
  '03 01 ff', //   unknown tag 3, 1 byte
);
const API_VERSIONS_V3_BODY = hex(
  '0b 6b61666b612d646f6a6f', // ClientSoftwareName: compact string, 10 bytes, "kafka-dojo"
  '04 312e30', // ClientSoftwareVersion: compact string, 3 bytes, "1.0"
  '01', // the request's tagged fields: 1
  'c801 02 abcd', //   unknown tag 200 (a two-byte varint), 2 bytes
);

describe('golden bytes of flexible messages with tagged fields', () => {
  it('CreateTopics v5 response with TopicConfigErrorCode: written, read back, and read by Kafka’s definition', () => {
    expect(encodeMessage(CREATE_TOPICS.response, 5, CREATE_TOPICS_V5_RESULT, true).toString('hex')).toBe(
      CREATE_TOPICS_V5_RESPONSE.toString('hex'),
    );
    expect(decodeMessage(CREATE_TOPICS_V5_RESPONSE, CREATE_TOPICS.response, 5, true)).toEqual(CREATE_TOPICS_V5_RESULT);
    const kafka = decodeJson(loadDefinition('CreateTopicsResponse'), 5, CREATE_TOPICS_V5_RESPONSE);
    expect(kafka.leftover).toBe(0);
    expect((kafka.message.Topics as Array<Record<string, unknown>>)[0].TopicConfigErrorCode).toBe(TOPIC_AUTHORIZATION_FAILED);
  });

  it('CreateTopics v5 response at its default TopicConfigErrorCode has no tag on the wire; v4 has none at all', () => {
    const plain = { ...CREATE_TOPICS_V5_RESULT, topics: [{ ...CREATE_TOPICS_V5_RESULT.topics[0], topicConfigErrorCode: 0 }] };
    const bytes = encodeMessage(CREATE_TOPICS.response, 5, plain, true);
    // The topic's tagged fields: 00 instead of 01 00 02 001d.
    expect(bytes.toString('hex')).toBe('00000000' + '02' + '076f7264657273' + '0000' + '00' + '00000003' + '0002' + '00' + '00' + '00');
    expect(decodeMessage(bytes, CREATE_TOPICS.response, 5, true).topics[0].topicConfigErrorCode).toBe(0);
    const v4 = encodeMessage(CREATE_TOPICS.response, 4, CREATE_TOPICS_V5_RESULT);
    expect(v4.toString('hex')).toBe('00000000' + '00000001' + '00066f7264657273' + '0000' + 'ffff');
  });

  it('the broker frames it after response header v1', async () => {
    const apis = new KafkaApis();
    apis.register(CREATE_TOPICS, async () => CREATE_TOPICS_V5_RESULT);
    const request = Buffer.concat([hex('0013 0005 00000007 ffff 00'), encodeMessage(CREATE_TOPICS.request, 5, { topics: [] }, true)]);
    const response = await apis.handle(request, { host: '127.0.0.1', port: 9092 }, '127.0.0.1:1');
    expect(response?.toString('hex')).toBe(
      hex(
        '00000007', // CorrelationId
        '00', // response header v1's tagged fields: none
      ).toString('hex') + CREATE_TOPICS_V5_RESPONSE.toString('hex'),
    );
  });

  it('ApiVersions v3 request with unknown tags in header and body: read past them, written back without them', () => {
    const reader = new ByteReader(Buffer.concat([API_VERSIONS_V3_HEADER, API_VERSIONS_V3_BODY]));
    expect(readRequestHeader(reader)).toEqual({ apiKey: 18, apiVersion: 3, correlationId: 42, clientId: 'cli' });
    skipTaggedFields(reader);
    const body = readMessage(reader, API_VERSIONS.request, 3, true);
    expect(body).toEqual({ clientSoftwareName: 'kafka-dojo', clientSoftwareVersion: '1.0' });
    expect(reader.remaining).toBe(0);
    expect(encodeMessage(API_VERSIONS.request, 3, body, true).toString('hex')).toBe('0b6b61666b612d646f6a6f' + '04312e30' + '00');
    // Kafka's definitions read the same fields and keep the tags as unknown.
    const header = decodeJson(loadDefinition('RequestHeader'), 2, API_VERSIONS_V3_HEADER);
    expect(header).toMatchObject({ leftover: 0, message: { RequestApiKey: 18, CorrelationId: 42, ClientId: 'cli' } });
    expect(header.message[UNKNOWN_TAGS]).toEqual([{ tag: 3, data: hex('ff') }]);
    const kafkaBody = decodeJson(loadDefinition('ApiVersionsRequest'), 3, API_VERSIONS_V3_BODY);
    expect(kafkaBody.leftover).toBe(0);
    expect(kafkaBody.message[UNKNOWN_TAGS]).toEqual([{ tag: 200, data: hex('abcd') }]);
  });

  it('the broker answers that request, the unknown tags skipped, with the client software recorded', async () => {
    const apis = new KafkaApis();
    const registered: string[] = [];
    const response = await apis.handle(
      Buffer.concat([API_VERSIONS_V3_HEADER, API_VERSIONS_V3_BODY]),
      { host: '127.0.0.1', port: 9092 },
      '127.0.0.1:1',
      undefined,
      { registerClientInformation: (info) => void registered.push(`${info.softwareName} ${info.softwareVersion}`) },
    );
    const reader = new ByteReader(response as Buffer);
    expect(reader.int32()).toBe(42); // response header v0: ApiVersions' is never v1
    const answer = readMessage(reader, API_VERSIONS.response, 3, true);
    expect(answer.errorCode).toBe(0);
    expect(answer.apiKeys).toEqual([{ apiKey: 18, minVersion: 0, maxVersion: 3 }]);
    expect(reader.remaining).toBe(0);
    expect(registered).toEqual(['kafka-dojo 1.0']);
  });
});
