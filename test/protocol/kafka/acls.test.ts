/**
 * DescribeAcls, CreateAcls and DeleteAcls (keys 29–31, versions 0–2, flexible from 2) over a real
 * socket, answered as a Kafka 2.5 broker without an authorizer answers them; v2 exactly in the
 * flexible layout (request header v2, response header v1, compact strings and arrays, tagged fields).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { CREATE_ACLS } from '../../../src-main/protocol/kafka/messages/create-acls';
import { DELETE_ACLS } from '../../../src-main/protocol/kafka/messages/delete-acls';
import { DESCRIBE_ACLS } from '../../../src-main/protocol/kafka/messages/describe-acls';
import { encodeMessage } from '../../../src-main/protocol/kafka/wire/schema';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { callApi, RawClient, request } from '../../support/raw-kafka-client';

const NO_AUTHORIZER = 'No Authorizer is configured on the broker';
const anyTopicAcl = {
  resourceTypeFilter: 2,
  resourceNameFilter: null,
  patternTypeFilter: 1,
  principalFilter: null,
  hostFilter: null,
  operation: 1,
  permissionType: 1,
};

/** A compact string: uvarint length + 1, then UTF-8. */
function compact(text: string): string {
  return (Buffer.byteLength(text) + 1).toString(16).padStart(2, '0') + Buffer.from(text).toString('hex');
}

describe('ACL APIs without an authorizer', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('ApiVersions advertises DescribeAcls, CreateAcls and DeleteAcls 0–2, as Kafka 2.5.1 does', async () => {
    wire = await wireCluster({ seed: 91 });
    const { response } = await callApi(wire.ports.get(0) ?? -1, API_VERSIONS, 2, {});
    const keys = response.apiKeys as Array<{ apiKey: number; minVersion: number; maxVersion: number }>;
    expect(keys.filter((k) => k.apiKey >= 29 && k.apiKey <= 31)).toEqual(
      [29, 30, 31].map((apiKey) => ({ apiKey, minVersion: 0, maxVersion: 2 })),
    );
  });

  it('v0 and v1: SECURITY_DISABLED in Kafka’s words — the describe without the final period, each creation and filter with it', async () => {
    wire = await wireCluster({ seed: 92 });
    const port = wire.ports.get(1) ?? -1;
    for (const version of [0, 1]) {
      expect((await callApi(port, DESCRIBE_ACLS, version, anyTopicAcl)).response).toEqual({
        throttleTimeMs: 0,
        errorCode: 54,
        errorMessage: NO_AUTHORIZER,
        resources: [],
      });
      const creation = {
        resourceType: 2,
        resourceName: 'orders',
        resourcePatternType: 3,
        principal: 'User:alice',
        host: '*',
        operation: 3,
        permissionType: 3,
      };
      expect((await callApi(port, CREATE_ACLS, version, { creations: [creation, creation] })).response).toEqual({
        throttleTimeMs: 0,
        results: [
          { errorCode: 54, errorMessage: `${NO_AUTHORIZER}.` },
          { errorCode: 54, errorMessage: `${NO_AUTHORIZER}.` },
        ],
      });
      expect((await callApi(port, DELETE_ACLS, version, { filters: [anyTopicAcl] })).response).toEqual({
        throttleTimeMs: 0,
        filterResults: [{ errorCode: 54, errorMessage: `${NO_AUTHORIZER}.`, matchingAcls: [] }],
      });
    }
  });

  it('v2 (flexible): request header v2 read, answered after response header v1 with compact fields and tagged-field sections', async () => {
    wire = await wireCluster({ seed: 93 });
    const client = await RawClient.open(wire.ports.get(2) ?? -1);
    try {
      const headerTags = Buffer.from([0]);
      const describe = Buffer.concat([headerTags, encodeMessage(DESCRIBE_ACLS.request, 2, anyTopicAcl, true)]);
      const del = Buffer.concat([headerTags, encodeMessage(DELETE_ACLS.request, 2, { filters: [anyTopicAcl] }, true)]);
      client.socket.write(Buffer.concat([request(29, 2, 11, describe), request(31, 2, 12, del)]));
      await client.until(() => client.frames.length === 2 || client.closed);
      expect(client.frames.map((f) => f.toString('hex'))).toEqual([
        // correlation id, header tags; throttle, error 54, message, no resources, body tags
        '0000000b' + '00' + '00000000' + '0036' + compact(NO_AUTHORIZER) + '01' + '00',
        // correlation id, header tags; throttle, one filter result (error, message, no matching ACLs, tags), body tags
        '0000000c' + '00' + '00000000' + '02' + '0036' + compact(`${NO_AUTHORIZER}.`) + '01' + '00' + '00',
      ]);
    } finally {
      client.socket.destroy();
    }
  });

  it('a v2 request whose tagged fields run past the frame closes that connection', async () => {
    wire = await wireCluster({ seed: 94 });
    const client = await RawClient.open(wire.ports.get(0) ?? -1);
    try {
      // Header v2 claims one tagged field of 100 bytes that the frame does not hold.
      client.socket.write(request(29, 2, 1, Buffer.from([1, 0, 100])));
      await client.until(() => client.closed);
      expect(client.frames).toEqual([]);
    } finally {
      client.socket.destroy();
    }
  });
});
