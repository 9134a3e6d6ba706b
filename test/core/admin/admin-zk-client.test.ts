/** Kafka 2.5's AdminZkClient over a broker's KafkaZkClient: the znodes each admin write makes, and its refusals in Kafka's words. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminZkClient } from '../../../src-main/core/admin/admin-zk-client';
import { AdminJavaException } from '../../../src-main/core/admin/admin-exceptions';
import { KafkaApiError } from '../../../src-main/core/common/kafka-errors';
import { ClusterHarness } from '../../support/cluster-harness';
import { text } from '../../support/scenario';

describe('AdminZkClient', () => {
  let h: ClusterHarness;
  let admin: AdminZkClient;
  beforeAll(async () => {
    h = await ClusterHarness.create({ brokers: 2, seed: 1204 });
    admin = new AdminZkClient(h.cluster.broker(1).zk!);
  });
  afterAll(async () => h.close());

  it('createTopicWithAssignment writes the config then the assignment; deleteTopic writes the marker once', async () => {
    await admin.createTopicWithAssignment('a', new Map([['retention.ms', '1000']]), new Map([[0, [0, 1]]]));
    const zk = await h.session();
    expect(await text(zk, '/config/topics/a')).toBe('{"version":1,"config":{"retention.ms":"1000"}}');
    expect(await text(zk, '/brokers/topics/a')).toBe('{"version":2,"partitions":{"0":[0,1]},"adding_replicas":{},"removing_replicas":{}}');
    await expect(admin.createTopicWithAssignment('a', new Map(), new Map([[0, [0]]]))).rejects.toThrow(
      new KafkaApiError('TOPIC_ALREADY_EXISTS', "Topic 'a' already exists."),
    );
    await expect(
      admin.createTopicWithAssignment(
        'b',
        new Map(),
        new Map([
          [0, [0]],
          [2, [1]],
        ]),
      ),
    ).rejects.toThrow('partitions should be a consecutive 0-based integer sequence');
    await expect(
      admin.createTopicWithAssignment(
        'b',
        new Map(),
        new Map([
          [0, [0]],
          [1, [0, 1]],
        ]),
      ),
    ).rejects.toThrow('All partitions should have the same number of replicas');

    // Not a controller write: the marker is unfenced (the controller then deletes the topic).
    await admin.deleteTopic('a');
    expect((await zk.getChildren('/admin/delete_topics')).children).toContain('a');
    await expect(admin.deleteTopic('nope')).rejects.toThrow(
      new KafkaApiError('UNKNOWN_TOPIC_OR_PARTITION', 'Topic `nope` to delete does not exist'),
    );
  });

  it('changeConfigs validates per entity type and writes the config with a version 2 notification', async () => {
    const zk = await h.session();
    await admin.changeConfigs('users', '<default>', new Map([['request_percentage', '50']]));
    expect(await text(zk, '/config/users/<default>')).toBe('{"version":1,"config":{"request_percentage":"50"}}');
    const notes = (await zk.getChildren('/config/changes')).children;
    expect(await text(zk, `/config/changes/${notes[notes.length - 1]}`)).toBe('{"version":2,"entity_path":"users/<default>"}');
    await expect(admin.changeConfigs('users', '<default>', new Map([['SCRAM-SHA-256', 'x']]))).rejects.toThrow(
      'requirement failed: Unknown Dynamic Configuration: Set(SCRAM-SHA-256).',
    );
    await expect(admin.changeConfigs('clients', 'app', new Map([['producer_byte_rate', 'fast']]))).rejects.toThrow(
      'Invalid value fast for configuration producer_byte_rate: Not a number of type LONG',
    );
    await expect(admin.changeConfigs('brokers', 'b', new Map())).rejects.toThrow(
      AdminJavaException.illegalArgument("Error parsing broker b. The broker's Entity Name must be a single integer value"),
    );
    await expect(admin.changeConfigs('groups', 'g', new Map())).rejects.toThrow(
      'groups is not a known entityType. Should be one of topics, clients, brokers',
    );
    await expect(admin.changeTopicConfig('missing', new Map())).rejects.toThrow('Topic "missing" does not exist.');
    await expect(admin.changeConfigs('brokers', '0', new Map([['leader.replication.throttled.rate', '-1']]))).rejects.toThrow(
      'Invalid value -1 for configuration leader.replication.throttled.rate: Value must be at least 0',
    );
  });
});
