import { describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { METADATA } from '../../../src-main/protocol/kafka/messages/metadata';
import { ByteReader, ProtocolParseError } from '../../../src-main/protocol/kafka/wire/byte-reader';
import { decodeMessage, encodeMessage, readMessage } from '../../../src-main/protocol/kafka/wire/schema';

describe('message grammars', () => {
  it('writes ApiVersions v0 and v1 with the exact bytes (v1 adds ThrottleTimeMs)', () => {
    const body = { errorCode: 0, apiKeys: [{ apiKey: 3, minVersion: 0, maxVersion: 8 }], throttleTimeMs: 7 };
    expect(encodeMessage(API_VERSIONS.response, 0, body).toString('hex')).toBe('0000' + '00000001' + '0003' + '0000' + '0008');
    expect(encodeMessage(API_VERSIONS.response, 1, body).toString('hex')).toBe('0000' + '00000001' + '0003' + '0000' + '0008' + '00000007');
  });

  it('reads a Metadata request per version: v0 empty list, v1 null = all topics, v4 AllowAutoTopicCreation, v8 authorized operations', () => {
    expect(decodeMessage(Buffer.from('00000000', 'hex'), METADATA.request, 0)).toEqual({
      topics: [],
      allowAutoTopicCreation: true,
      includeClusterAuthorizedOperations: false,
      includeTopicAuthorizedOperations: false,
    });
    expect(decodeMessage(Buffer.from('ffffffff', 'hex'), METADATA.request, 1).topics).toBeNull();
    const v4 = Buffer.concat([Buffer.from('00000001' + '0001', 'hex'), Buffer.from('t'), Buffer.from('00', 'hex')]);
    expect(decodeMessage(v4, METADATA.request, 4)).toMatchObject({ topics: [{ name: 't' }], allowAutoTopicCreation: false });
    const v8 = Buffer.from('ffffffff' + '01' + '01' + '00', 'hex');
    expect(decodeMessage(v8, METADATA.request, 8)).toEqual({
      topics: null,
      allowAutoTopicCreation: true,
      includeClusterAuthorizedOperations: true,
      includeTopicAuthorizedOperations: false,
    });
  });

  it('refuses a null topic list in v0, where it is not nullable, in the words of SchemaException', () => {
    expect(() => decodeMessage(Buffer.from('ffffffff', 'hex'), METADATA.request, 0)).toThrow(/non-nullable field was serialized as null/);
  });

  it('refuses an array count the frame cannot hold instead of allocating it', () => {
    expect(() => readMessage(new ByteReader(Buffer.from('7fffffff', 'hex')), METADATA.request, 1)).toThrow(ProtocolParseError);
    expect(() => readMessage(new ByteReader(Buffer.from('7fffffff', 'hex')), METADATA.request, 1)).toThrow(
      /Error reading array of size 2147483647, only 0 bytes available/,
    );
  });

  it('round-trips a Metadata response at every version, dropping what a version lacks', () => {
    const response = {
      throttleTimeMs: 5,
      brokers: [{ nodeId: 1, host: 'localhost', port: 9093, rack: 'r1' }],
      clusterId: 'abc',
      controllerId: 1,
      topics: [
        {
          errorCode: 0,
          name: 'orders',
          isInternal: false,
          partitions: [
            { errorCode: 0, partitionIndex: 0, leaderId: 1, leaderEpoch: 4, replicaNodes: [1, 2], isrNodes: [1], offlineReplicas: [2] },
          ],
          topicAuthorizedOperations: 3576,
        },
      ],
      clusterAuthorizedOperations: -2147483648,
    };
    for (let version = 0; version <= 8; version++) {
      const back = decodeMessage(encodeMessage(METADATA.response, version, response), METADATA.response, version);
      const partition = (back.topics as Array<{ partitions: Array<Record<string, unknown>> }>)[0].partitions[0];
      expect(partition.leaderEpoch).toBe(version >= 7 ? 4 : -1);
      expect(partition.offlineReplicas).toEqual(version >= 5 ? [2] : []);
      expect(back.controllerId).toBe(version >= 1 ? 1 : -1);
      expect(back.clusterId).toBe(version >= 2 ? 'abc' : null);
      expect(back.throttleTimeMs).toBe(version >= 3 ? 5 : 0);
      expect((back.brokers as Array<{ rack: string | null }>)[0].rack).toBe(version >= 1 ? 'r1' : null);
    }
  });
});
