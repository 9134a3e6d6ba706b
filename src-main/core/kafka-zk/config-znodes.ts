/**
 * Dynamic configuration znodes of Kafka 2.5 (`kafka.zk.ConfigEntityZNode`,
 * `ConfigEntityChangeNotificationSequenceZNode`, `kafka.server.DynamicConfigManager`):
 *
 *   /config                                         null                                   persistent
 *   /config/<type>                                  null   (topics, clients, users, brokers)
 *   /config/<type>/<entity>                         {"version":1,"config":{"k":"v",…}}     persistent
 *   /config/users/<user>/clients/<client>           same (quota of a client of a user)
 *   /config/changes                                 null                                   persistent
 *   /config/changes/config_change_NNNNNNNNNN        {"version":2,"entity_path":"<type>/<entity>"}   sequential
 *
 * Entity names are sanitized (`Sanitizer.sanitize`: URL-encoded, `*` as %2A, space as %20)
 * except the default entity `<default>`. Config values are strings; `{}` when there are no
 * overrides. The config map is a `java.util.Properties`, so its entries come out in that JVM's
 * table order (JDK 8 Hashtable, JDK 9+ ConcurrentHashMap).
 *
 * Notifications: version 2 names the entity path; version 1 (`{"version":1,"entity_type":
 * "topics|clients","entity_name":"…"}`) is still read. Data that is not JSON is skipped silently.
 */

import { parseJavaIntOrNull } from '../common/java-lang';
import type { KafkaBuild } from '../common/jvm-hash-order';
import { DEFAULT_KAFKA_BUILD, javaPropertiesOrder } from '../common/jvm-hash-order';
import type { ZnodeData } from '../zookeeper/types';
import type { JsonNode } from './json-node';
import { member, renderNode } from './json-node';
import { jsonBytes, jsonObject } from './json-writer';
import { asObject, checkVersion, childPointer, decodeJsonZnode, failAt, protect, required, toInt, toStr } from './kafka-json';
import type { ZnodeFormatError } from './znode-format-error';

/** `kafka.server.ConfigType`, in `ConfigType.all` order. */
export const ConfigType = Object.freeze({
  Topic: 'topics',
  Client: 'clients',
  User: 'users',
  Broker: 'brokers',
} as const);
export type ConfigEntityType = (typeof ConfigType)[keyof typeof ConfigType];
export const CONFIG_TYPES: readonly ConfigEntityType[] = Object.freeze(['topics', 'clients', 'users', 'brokers']);

/** `ConfigEntityName.Default`: the default entity of a config type (written unsanitized). */
export const DEFAULT_CONFIG_ENTITY = '<default>';

const UNRESERVED = /[A-Za-z0-9.\-*_]/;

/** `org.apache.kafka.common.utils.Sanitizer.sanitize`. */
export function sanitize(name: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(name)) {
    const ch = String.fromCharCode(byte);
    if (byte < 0x80 && UNRESERVED.test(ch)) out += ch === '*' ? '%2A' : ch;
    else if (byte === 0x20) out += '%20';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `Sanitizer.desanitize` (`URLDecoder.decode`); null when the text is not valid URL encoding. */
export function desanitize(name: string): string | null {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

export const ConfigZNode = Object.freeze({ path: '/config' });

export const ConfigEntityTypeZNode = Object.freeze({
  path(entityType: string): string {
    return `${ConfigZNode.path}/${entityType}`;
  },
});

export const ConfigEntityZNode = Object.freeze({
  /** `entityName` is already sanitized, e.g. `my-topic`, `<default>`, `alice/clients/app-1`. */
  path(entityType: string, entityName: string): string {
    return `${ConfigEntityTypeZNode.path(entityType)}/${entityName}`;
  },

  /** The znode name of a client's quota under a user: `<user>/clients/<client>`, both sanitized. */
  userClientEntityName(user: string, clientId: string): string {
    const part = (s: string): string => (s === DEFAULT_CONFIG_ENTITY ? s : sanitize(s));
    return `${part(user)}/clients/${part(clientId)}`;
  },

  /**
   * `{"version":1,"config":{…}}`. Entries enter the `Properties` in the order given (which
   * decides the order of keys that share a bucket).
   */
  encode(
    config: Iterable<readonly [string, string]> | Readonly<Record<string, string>>,
    build: KafkaBuild = DEFAULT_KAFKA_BUILD,
  ): Uint8Array {
    const entries: Iterable<readonly [string, string]> =
      Symbol.iterator in Object(config) ? (config as Iterable<readonly [string, string]>) : Object.entries(config);
    const values = new Map<string, string>();
    for (const [k, v] of entries) values.set(k, v);
    const order = javaPropertiesOrder(values.keys(), build);
    return jsonBytes(
      jsonObject([
        ['version', 1],
        ['config', jsonObject(order.map((k) => [k, values.get(k) ?? ''] as const))],
      ]),
    );
  },

  /**
   * `ConfigEntityZNode.decode`: null data, data that is not JSON, a root that is not an object or
   * no `config` object all read as no overrides; a value that is not a string fails.
   */
  decode(entityType: string, entityName: string, data: ZnodeData): Map<string, string> | ZnodeFormatError<Map<string, string>> {
    return decodeJsonZnode<Map<string, string>>(data, {
      path: ConfigEntityZNode.path(entityType, entityName),
      onNull: { value: new Map() },
      onUnparseable: (detail) => ({
        reading: 'treats-as-empty',
        value: new Map(),
        reason: `Not valid JSON: ${detail}. Kafka reads it as no config overrides`,
      }),
      read: (root) => {
        const config = new Map<string, string>();
        if (root.type !== 'object') return config;
        const c = member(root, 'config');
        if (c === undefined || c.type !== 'object') return config;
        for (const m of c.members) config.set(m.key, toStr(m.value, childPointer('/config', m.key)));
        return config;
      },
      protect: (_config, root) => {
        if (root.type !== 'object')
          protect(root, '', `Expected JSON object, received ${renderNode(root)}; Kafka reads it as no config overrides`);
        checkVersion(root, [1], 1);
        const c = member(root, 'config');
        if (c === undefined) protect(root, '', '"config" is missing; Kafka reads it as no config overrides');
        if (c.type !== 'object')
          protect(c, '/config', `Expected JSON object, received ${renderNode(c)}; Kafka reads it as no config overrides`);
      },
    });
  },
});

// ---------------------------------------------------------------------------------------------
// /config/changes

export const ConfigEntityChangeNotificationZNode = Object.freeze({ path: '/config/changes' });

export type ConfigChangeNotification =
  | { readonly version: 1; readonly entityType: 'topics' | 'clients'; readonly entityName: string }
  | {
      readonly version: 2;
      /** As written, e.g. `topics/orders`, `users/alice/clients/app-1`. */
      readonly entityPath: string;
      /** The root type, e.g. `users`. */
      readonly entityType: string;
      /** The full sanitized name after the root type, e.g. `alice/clients/app-1`. */
      readonly entityName: string;
    };

/** The config types a 2.5 broker has handlers for, in its `dynamicConfigHandlers` order. */
const HANDLED_TYPES = ['topics', 'clients', 'users', 'brokers'];

export const ConfigEntityChangeNotificationSequenceZNode = Object.freeze({
  SequenceNumberPrefix: 'config_change_',
  /** Where a new notification is created (PERSISTENT_SEQUENTIAL). */
  createPath: '/config/changes/config_change_',

  path(sequenceNumber: string): string {
    return `${ConfigEntityChangeNotificationSequenceZNode.createPath}${sequenceNumber}`;
  },

  /** `{"version":2,"entity_path":"<type>/<sanitized name>"}` */
  encode(sanitizedEntityPath: string): Uint8Array {
    return jsonBytes(
      jsonObject([
        ['version', 2],
        ['entity_path', sanitizedEntityPath],
      ]),
    );
  },

  /** `DynamicConfigManager.ConfigChangedNotificationHandler.processNotification`. */
  decode(path: string, data: ZnodeData): ConfigChangeNotification | ZnodeFormatError<ConfigChangeNotification> {
    return decodeJsonZnode<ConfigChangeNotification>(data, {
      path,
      onNull: { reading: 'treats-as-empty', reason: `read null data from ${path}` },
      onUnparseable: (detail) => ({
        reading: 'treats-as-empty',
        reason: `Not valid JSON: ${detail}. Kafka skips non-JSON notifications`,
      }),
      read: (root, doc) => readNotification(root, doc.text),
      protect: (n, root) => {
        const obj = asObject(root, '');
        const nameNode: JsonNode = member(obj, n.version === 1 ? 'entity_name' : 'entity_path') ?? obj;
        const pointer = n.version === 1 ? '/entity_name' : '/entity_path';
        if (n.entityName.length === 0) protect(nameNode, pointer, 'The entity name is empty');
        if (n.entityType === 'brokers' && n.entityName !== DEFAULT_CONFIG_ENTITY && parseJavaIntOrNull(n.entityName) === null) {
          protect(nameNode, pointer, `Broker config entity "${n.entityName}" is neither a broker id nor ${DEFAULT_CONFIG_ENTITY}`);
        }
      },
    });
  },
});

function readNotification(root: JsonNode, text: string): ConfigChangeNotification {
  if (root.type !== 'object') {
    failAt(
      root,
      '',
      'Config change notification has an unexpected value. The format is:' +
        '{"version" : 1, "entity_type":"topics/clients", "entity_name" : "topic_name/client_id"} or ' +
        '{"version" : 2, "entity_path":"entity_type/entity_name"}. ' +
        `Received: ${text}`,
      'throws',
    );
  }
  const versionNode = required(root, 'version', '');
  const version = toInt(versionNode, '/version');
  const optionalString = (key: string): string | null => {
    const node = member(root, key);
    if (node === undefined || node.type === 'null') return null;
    return toStr(node, `/${key}`);
  };
  if (version === 1) {
    const entityType = optionalString('entity_type');
    if (entityType !== 'topics' && entityType !== 'clients') {
      failAt(
        member(root, 'entity_type') ?? root,
        '/entity_type',
        `Version 1 config change notification must have 'entity_type' set to 'clients' or 'topics'. Received: ${text}`,
        'throws',
      );
    }
    const entityName = optionalString('entity_name');
    if (entityName === null) {
      failAt(root, '', `Version 1 config change notification does not specify 'entity_name'. Received: ${text}`, 'throws');
    }
    return { version: 1, entityType, entityName };
  }
  if (version === 2) {
    const entityPath = optionalString('entity_path');
    if (entityPath === null) {
      failAt(root, '', `Version 2 config change notification must specify 'entity_path'. Received: ${text}`, 'throws');
    }
    const index = entityPath.indexOf('/');
    if (index < 0) {
      failAt(
        member(root, 'entity_path') ?? root,
        '/entity_path',
        `String index out of range: -1 ("entity_path" has no "/"). Received: ${text}`,
        'throws',
      );
    }
    const entityType = entityPath.slice(0, index);
    if (!HANDLED_TYPES.includes(entityType)) {
      failAt(
        member(root, 'entity_path') ?? root,
        '/entity_path',
        `Version 2 config change notification must have 'entity_path' starting with one of ${HANDLED_TYPES.map((t) => `'${t}'/`).join(', ')}. Received: ${text}`,
        'throws',
      );
    }
    return { version: 2, entityPath, entityType, entityName: entityPath.slice(index + 1) };
  }
  failAt(
    versionNode,
    '/version',
    `Config change notification has unsupported version '${version}', supported versions are 1 and 2.`,
    'throws',
  );
}
