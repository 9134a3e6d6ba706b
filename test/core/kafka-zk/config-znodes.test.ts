import { describe, expect, it } from 'vitest';
import { javaHashtableOrder } from '../../../src-main/core/common/jvm-hash-order';
import {
  CONFIG_TYPES,
  ConfigEntityChangeNotificationSequenceZNode,
  ConfigEntityChangeNotificationZNode,
  ConfigEntityTypeZNode,
  ConfigEntityZNode,
  ConfigType,
  desanitize,
  sanitize,
} from '../../../src-main/core/kafka-zk';
import { bytes, expectFormatError, expectValue, text } from './zk-test-data';

const java11 = { scalaVersion: '2.12', javaVersion: 11 } as const;

describe('/config/<type>/<entity>', () => {
  it('builds the paths for every entity type', () => {
    expect(CONFIG_TYPES).toEqual(['topics', 'clients', 'users', 'brokers']);
    expect(ConfigType.Topic).toBe('topics');
    expect(ConfigEntityTypeZNode.path('topics')).toBe('/config/topics');
    expect(ConfigEntityZNode.path(ConfigType.Topic, 'orders')).toBe('/config/topics/orders');
    expect(ConfigEntityZNode.path(ConfigType.Broker, '<default>')).toBe('/config/brokers/<default>');
    expect(ConfigEntityZNode.path(ConfigType.User, ConfigEntityZNode.userClientEntityName('alice smith', 'app*1'))).toBe(
      '/config/users/alice%20smith/clients/app%2A1',
    );
    expect(ConfigEntityZNode.userClientEntityName('<default>', '<default>')).toBe('<default>/clients/<default>');
  });

  it('writes {"version":1,"config":{}} when there are no overrides', () => {
    expect(text(ConfigEntityZNode.encode([]))).toBe('{"version":1,"config":{}}');
  });

  it('writes values as strings, keys in JDK 8 Properties (Hashtable) order by default', () => {
    const config: [string, string][] = [
      ['retention.ms', '86400000'],
      ['cleanup.policy', 'compact'],
      ['min.insync.replicas', '2'],
    ];
    const order = javaHashtableOrder(config.map(([k]) => k));
    const expected = `{"version":1,"config":{${order.map((k) => `"${k}":"${config.find(([c]) => c === k)?.[1]}"`).join(',')}}}`;
    expect(text(ConfigEntityZNode.encode(config))).toBe(expected);
    expect(text(ConfigEntityZNode.encode({ 'retention.ms': '1', 'cleanup.policy': 'delete' }))).toBe(
      '{"version":1,"config":{"retention.ms":"1","cleanup.policy":"delete"}}',
    );
    expect(text(ConfigEntityZNode.encode({ 'retention.ms': '1', 'cleanup.policy': 'delete' }, java11))).toBe(
      '{"version":1,"config":{"cleanup.policy":"delete","retention.ms":"1"}}',
    );
  });

  it('round-trips', () => {
    const config = new Map([
      ['segment.bytes', '1048576'],
      ['message.timestamp.type', 'LogAppendTime'],
    ]);
    const decoded = expectValue(ConfigEntityZNode.decode('topics', 't', ConfigEntityZNode.encode(config)));
    expect(new Map([...decoded].sort())).toEqual(new Map([...config].sort()));
  });

  it('reads null data, broken JSON and a missing config as no overrides, as Kafka does', () => {
    expect(expectValue(ConfigEntityZNode.decode('users', 'u', null))).toEqual(new Map());
    expect(
      expectFormatError(ConfigEntityZNode.decode('topics', 't', bytes('{')), 'treats-as-empty', /Kafka reads it as no config overrides$/)
        .kafkaValue,
    ).toEqual(new Map());
    expect(
      expectFormatError(
        ConfigEntityZNode.decode('topics', 't', bytes('{"version":1}')),
        'accepts',
        '"config" is missing; Kafka reads it as no config overrides',
      ).kafkaValue,
    ).toEqual(new Map());
    expectFormatError(
      ConfigEntityZNode.decode('topics', 't', bytes('[]')),
      'accepts',
      'Expected JSON object, received []; Kafka reads it as no config overrides',
    );
    expectFormatError(
      ConfigEntityZNode.decode('topics', 't', bytes('{"version":1,"config":[]}')),
      'accepts',
      'Expected JSON object, received []; Kafka reads it as no config overrides',
    );
  });

  it('fails on a value that is not a string, as Kafka does', () => {
    const e = expectFormatError(
      ConfigEntityZNode.decode('topics', 't', bytes('{"version":1,"config":{"retention.ms":86400000}}')),
      'throws',
      'Expected `String` value, received 86400000',
    );
    expect(e.pointer).toBe('/config/retention.ms');
    expect(e.path).toBe('/config/topics/t');
  });

  it('flags an unknown version', () => {
    expectFormatError(
      ConfigEntityZNode.decode('topics', 't', bytes('{"version":2,"config":{}}')),
      'accepts',
      'Unknown version 2; Kafka 2.5 writes version 1',
    );
  });
});

describe('Sanitizer', () => {
  it('URL-encodes as Kafka does, with * and space percent-encoded', () => {
    expect(sanitize('user-1_a.b')).toBe('user-1_a.b');
    expect(sanitize('CN=alice, O=x')).toBe('CN%3Dalice%2C%20O%3Dx');
    expect(sanitize('a*b+c/é')).toBe('a%2Ab%2Bc%2F%C3%A9');
    expect(desanitize('CN%3Dalice%2C%20O%3Dx')).toBe('CN=alice, O=x');
    expect(desanitize('a%2Ab%2Bc%2F%C3%A9')).toBe('a*b+c/é');
    expect(desanitize('%E0%A4%A')).toBeNull();
  });
});

describe('/config/changes/config_change_NNNNNNNNNN', () => {
  const path = ConfigEntityChangeNotificationSequenceZNode.path('0000000007');

  it('builds the sequential path and encodes version 2', () => {
    expect(ConfigEntityChangeNotificationZNode.path).toBe('/config/changes');
    expect(ConfigEntityChangeNotificationSequenceZNode.createPath).toBe('/config/changes/config_change_');
    expect(path).toBe('/config/changes/config_change_0000000007');
    expect(text(ConfigEntityChangeNotificationSequenceZNode.encode('topics/orders'))).toBe('{"version":2,"entity_path":"topics/orders"}');
  });

  it('round-trips version 2 and splits off the root entity type', () => {
    expect(
      expectValue(
        ConfigEntityChangeNotificationSequenceZNode.decode(
          path,
          ConfigEntityChangeNotificationSequenceZNode.encode('users/alice/clients/app'),
        ),
      ),
    ).toEqual({
      version: 2,
      entityPath: 'users/alice/clients/app',
      entityType: 'users',
      entityName: 'alice/clients/app',
    });
  });

  it('accepts legacy version 1 for topics and clients', () => {
    expect(
      expectValue(
        ConfigEntityChangeNotificationSequenceZNode.decode(path, bytes('{"version":1,"entity_type":"topics","entity_name":"orders"}')),
      ),
    ).toEqual({
      version: 1,
      entityType: 'topics',
      entityName: 'orders',
    });
  });

  it('skips data that is not JSON and null data, as Kafka does', () => {
    expectFormatError(
      ConfigEntityChangeNotificationSequenceZNode.decode(path, bytes('topics/orders')),
      'treats-as-empty',
      /Kafka skips non-JSON notifications$/,
    );
    expectFormatError(ConfigEntityChangeNotificationSequenceZNode.decode(path, null), 'treats-as-empty', `read null data from ${path}`);
  });

  it.each([
    [
      '[]',
      'Config change notification has an unexpected value. The format is:{"version" : 1, "entity_type":"topics/clients", "entity_name" : "topic_name/client_id"} or {"version" : 2, "entity_path":"entity_type/entity_name"}. Received: []',
    ],
    ['{"entity_path":"topics/a"}', 'No such field exists: `version`'],
    ['{"version":3,"entity_path":"topics/a"}', "Config change notification has unsupported version '3', supported versions are 1 and 2."],
    [
      '{"version":1,"entity_type":"users","entity_name":"a"}',
      'Version 1 config change notification must have \'entity_type\' set to \'clients\' or \'topics\'. Received: {"version":1,"entity_type":"users","entity_name":"a"}',
    ],
    [
      '{"version":1,"entity_type":"topics"}',
      'Version 1 config change notification does not specify \'entity_name\'. Received: {"version":1,"entity_type":"topics"}',
    ],
    ['{"version":2}', 'Version 2 config change notification must specify \'entity_path\'. Received: {"version":2}'],
    [
      '{"version":2,"entity_path":"groups/a"}',
      "Version 2 config change notification must have 'entity_path' starting with one of 'topics'/, 'clients'/, 'users'/, 'brokers'/. Received: {\"version\":2,\"entity_path\":\"groups/a\"}",
    ],
    [
      '{"version":2,"entity_path":"topics"}',
      'String index out of range: -1 ("entity_path" has no "/"). Received: {"version":2,"entity_path":"topics"}',
    ],
    ['{"version":2,"entity_path":5}', 'Expected `String` value, received 5'],
  ])('fails on %s as the broker does', (json, reason) => {
    expectFormatError(ConfigEntityChangeNotificationSequenceZNode.decode(path, bytes(json)), 'throws', reason);
  });

  it('flags an empty entity name and a broker entity that is no broker', () => {
    expectFormatError(
      ConfigEntityChangeNotificationSequenceZNode.decode(path, bytes('{"version":2,"entity_path":"topics/"}')),
      'accepts',
      'The entity name is empty',
    );
    expectFormatError(
      ConfigEntityChangeNotificationSequenceZNode.decode(path, bytes('{"version":2,"entity_path":"brokers/x"}')),
      'accepts',
      'Broker config entity "x" is neither a broker id nor <default>',
    );
    expectValue(ConfigEntityChangeNotificationSequenceZNode.decode(path, bytes('{"version":2,"entity_path":"brokers/<default>"}')));
  });
});
