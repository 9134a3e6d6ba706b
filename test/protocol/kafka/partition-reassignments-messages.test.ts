import { describe, expect, it } from 'vitest';
import { ALTER_PARTITION_REASSIGNMENTS } from '../../../src-main/protocol/kafka/messages/alter-partition-reassignments';
import { LIST_PARTITION_REASSIGNMENTS } from '../../../src-main/protocol/kafka/messages/list-partition-reassignments';
import { decodeMessage, encodeMessage } from '../../../src-main/protocol/kafka/wire/schema';

// Bytes written by hand from Kafka 2.5.1's AlterPartitionReassignments* / ListPartitionReassignments*.json:
// flexible v0, so compact arrays and strings (length + 1) and an empty tagged-field section (00) per struct.
describe('AlterPartitionReassignments / ListPartitionReassignments v0 (flexible) bytes', () => {
  it('an AlterPartitionReassignments request with a move and a cancellation (null replicas)', () => {
    const hex =
      '00007530' + '02' + '0274' + '03' + '00000000' + '03' + '00000001' + '00000002' + '00' + '00000001' + '00' + '00' + '00' + '00';
    const request = decodeMessage(Buffer.from(hex, 'hex'), ALTER_PARTITION_REASSIGNMENTS.request, 0, true);
    expect(request).toEqual({
      timeoutMs: 30000,
      topics: [
        {
          name: 't',
          partitions: [
            { partitionIndex: 0, replicas: [1, 2] },
            { partitionIndex: 1, replicas: null },
          ],
        },
      ],
    });
    expect(encodeMessage(ALTER_PARTITION_REASSIGNMENTS.request, 0, request, true).toString('hex')).toBe(hex);
  });

  it('an AlterPartitionReassignments response with a per-partition error and message', () => {
    const body = {
      throttleTimeMs: 0,
      errorCode: 0,
      errorMessage: null,
      responses: [{ name: 't', partitions: [{ partitionIndex: 1, errorCode: 85, errorMessage: 'x' }] }],
    };
    expect(encodeMessage(ALTER_PARTITION_REASSIGNMENTS.response, 0, body, true).toString('hex')).toBe(
      '00000000' + '0000' + '00' + '02' + '0274' + '02' + '00000001' + '0055' + '0278' + '00' + '00' + '00',
    );
  });

  it('a ListPartitionReassignments request for every reassignment (null topics) and its response', () => {
    expect(decodeMessage(Buffer.from('0000ea60' + '00' + '00', 'hex'), LIST_PARTITION_REASSIGNMENTS.request, 0, true)).toEqual({
      timeoutMs: 60000,
      topics: null,
    });
    const body = {
      throttleTimeMs: 0,
      errorCode: 0,
      errorMessage: null,
      topics: [{ name: 't', partitions: [{ partitionIndex: 0, replicas: [1, 2], addingReplicas: [2], removingReplicas: [] }] }],
    };
    expect(encodeMessage(LIST_PARTITION_REASSIGNMENTS.response, 0, body, true).toString('hex')).toBe(
      '00000000' +
        '0000' +
        '00' +
        '02' +
        '0274' +
        '02' +
        '00000000' +
        '03' +
        '00000001' +
        '00000002' +
        '02' +
        '00000002' +
        '01' +
        '00' +
        '00' +
        '00',
    );
  });
});
