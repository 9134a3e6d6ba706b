/**
 * Broker registration (`kafka.zk.BrokerIdZNode`, `kafka.cluster.EndPoint`), Kafka 2.5.
 *
 *   /brokers/ids            null                                         persistent
 *   /brokers/ids/<id>       registration JSON                            ephemeral
 *
 * Version 4 (written whenever inter.broker.protocol.version ≥ 0.10.0-IV1, i.e. always in 2.5):
 *
 *   { "version": 4,                                   int
 *     "host": "<host>" | null, "port": <int>,         first PLAINTEXT endpoint, else null / -1
 *     "endpoints": ["LISTENER://host:port", …],       advertised listeners, in order
 *     "jmx_port": <int>,                              -1 when unset
 *     "timestamp": "<ms>",                            a string
 *     "rack": "<rack>",                               only when broker.rack is set (v3+)
 *     "listener_security_protocol_map": {"LISTENER":"PROTOCOL", …} }   v4+
 *
 * Kafka builds it as a Scala `mutable.Map` (insertion: version, host, port, endpoints, jmx_port,
 * timestamp, [rack], listener_security_protocol_map), so the bytes come out in that map's hash
 * order — for Scala 2.12: listener_security_protocol_map, endpoints, [rack], jmx_port, host,
 * timestamp, port, version.
 *
 * Decoding follows `BrokerIdZNode.decode`: `version` and `jmx_port` are required; version 1 reads
 * `host`/`port` as one PLAINTEXT endpoint; versions ≥ 2 read `endpoints` (and the protocol map
 * when present; without it a listener name must be a security protocol name); `rack` may be null.
 */

import { numberFormatMessage, parseJavaIntOrNull } from '../common/java-lang';
import type { KafkaBuild } from '../common/jvm-hash-order';
import { DEFAULT_KAFKA_BUILD, scalaImmutableMapOrder, scalaMutableHashMapOrder } from '../common/jvm-hash-order';
import type { ZnodeData } from '../zookeeper/types';
import type { JsonNode } from './json-node';
import { member, renderNode } from './json-node';
import type { JsonOut } from './json-writer';
import { jsonBytes, jsonObject } from './json-writer';
import {
  asArray,
  asObject,
  childPointer,
  failAt,
  protect,
  required,
  toInt,
  toOptionalStr,
  toStr,
  toStringList,
  decodeJsonZnode,
} from './kafka-json';
import type { ZnodeFormatError } from './znode-format-error';

export const SECURITY_PROTOCOLS = ['PLAINTEXT', 'SSL', 'SASL_PLAINTEXT', 'SASL_SSL'] as const;
export type SecurityProtocol = (typeof SECURITY_PROTOCOLS)[number];

/** `SecurityProtocol.forName`: case-insensitive; Java's enum error otherwise. */
export function securityProtocolForName(name: string): SecurityProtocol | null {
  const upper = name.toUpperCase();
  return (SECURITY_PROTOCOLS as readonly string[]).includes(upper) ? (upper as SecurityProtocol) : null;
}

export interface EndPoint {
  /** null when the listener binds every interface (written as `PLAINTEXT://:9092`). */
  readonly host: string | null;
  readonly port: number;
  readonly listenerName: string;
  readonly securityProtocol: SecurityProtocol;
}

/** `^(.*)://\[?([0-9a-zA-Z\-%._:]*?)\]?:(-?[0-9]+)`, matched against the whole string. */
const URI_PARSE = /^(.*):\/\/\[?([0-9a-zA-Z\-%._:]*?)\]?:(-?[0-9]+)$/;

export const EndPoint = Object.freeze({
  /** `EndPoint.connectionString`: `LISTENER://host:port`, IPv6 hosts in brackets, `LISTENER://:port` without host. */
  connectionString(ep: EndPoint): string {
    const hostPort = ep.host === null ? `:${ep.port}` : ep.host.includes(':') ? `[${ep.host}]:${ep.port}` : `${ep.host}:${ep.port}`;
    return `${ep.listenerName}://${hostPort}`;
  },

  /**
   * `EndPoint.createEndPoint`: the listener name is upper-cased; its protocol comes from the map
   * (or, without a map, from the name itself). Returns Kafka's exception text on failure.
   */
  parse(connectionString: string, securityProtocolMap: ReadonlyMap<string, SecurityProtocol> | null): EndPoint | string {
    const m = URI_PARSE.exec(connectionString);
    if (!m) return `Unable to parse ${connectionString} to a broker endpoint`;
    const listenerName = m[1].toUpperCase();
    const port = parseJavaIntOrNull(m[3]);
    if (port === null) return `Invalid port in ${connectionString}: ${numberFormatMessage(m[3])}`;
    let protocol: SecurityProtocol | null | undefined;
    if (securityProtocolMap === null) protocol = securityProtocolForName(listenerName);
    else protocol = securityProtocolMap.get(listenerName);
    if (!protocol) return `No security protocol defined for listener ${listenerName}`;
    return { host: m[2] === '' ? null : m[2], port, listenerName, securityProtocol: protocol };
  },
});

export interface BrokerInfo {
  readonly id: number;
  /** Registration version: Kafka 2.5 writes 4 (2 only with an inter.broker.protocol.version below 0.10.0-IV1). */
  readonly version: number;
  readonly jmxPort: number;
  /** Advertised listeners in registration order. */
  readonly endpoints: readonly EndPoint[];
  readonly rack: string | null;
  /** Registration time in ms as written (a decimal string); null when absent. Kafka never reads it. */
  readonly timestamp: string | null;
}

export interface BrokerRegistration {
  readonly id: number;
  readonly endpoints: readonly EndPoint[];
  readonly jmxPort: number;
  readonly rack: string | null;
  /** Defaults to 4. */
  readonly version?: number;
}

export const BrokerIdsZNode = Object.freeze({
  path: '/brokers/ids',
  encode(): null {
    return null;
  },
});

function listenerProtocolMap(endpoints: readonly EndPoint[], build: KafkaBuild): JsonOut {
  // `advertisedEndpoints.map(e => e.listenerName.value -> e.securityProtocol.name).toMap`
  const byListener = new Map<string, string>();
  for (const ep of endpoints) byListener.set(ep.listenerName, ep.securityProtocol);
  const order = scalaImmutableMapOrder(byListener.keys(), build);
  return jsonObject(order.map((k) => [k, byListener.get(k) ?? null] as const));
}

export const BrokerIdZNode = Object.freeze({
  path(brokerId: number): string {
    return `${BrokerIdsZNode.path}/${brokerId}`;
  },

  /** `BrokerIdZNode.encode(brokerInfo)` with the registration time passed in (ms). */
  encode(registration: BrokerRegistration, timestampMs: number, build: KafkaBuild = DEFAULT_KAFKA_BUILD): Uint8Array {
    const version = registration.version ?? 4;
    const plaintext = registration.endpoints.find((e) => e.securityProtocol === 'PLAINTEXT');
    const values = new Map<string, JsonOut>([
      ['version', version],
      ['host', plaintext ? plaintext.host : null],
      ['port', plaintext ? plaintext.port : -1],
      ['endpoints', registration.endpoints.map((e) => EndPoint.connectionString(e))],
      ['jmx_port', registration.jmxPort],
      ['timestamp', String(timestampMs)],
    ]);
    if (registration.rack !== null && version >= 3) values.set('rack', registration.rack);
    if (version >= 4) values.set('listener_security_protocol_map', listenerProtocolMap(registration.endpoints, build));
    const order = scalaMutableHashMapOrder(values.keys(), build);
    return jsonBytes(jsonObject(order.map((k) => [k, values.get(k) ?? null] as const)));
  },

  decode(brokerId: number, data: ZnodeData): BrokerInfo | ZnodeFormatError<BrokerInfo> {
    const failed = (text: string, detail: string): string =>
      `Failed to parse ZooKeeper registration for broker ${brokerId}: ${text} (${detail})`;
    return decodeJsonZnode<BrokerInfo>(data, {
      path: BrokerIdZNode.path(brokerId),
      onNull: { reading: 'throws', reason: failed('null', 'the znode has null data') },
      onUnparseable: (detail, text) => ({ reading: 'throws', reason: failed(text, detail) }),
      read: (root, doc) => readBrokerInfo(brokerId, root, doc.text),
      protect: (info, root) => protectBrokerInfo(info, root),
    });
  },
});

function readBrokerInfo(id: number, root: JsonNode, text: string): BrokerInfo {
  const obj = asObject(root, '');
  const version = toInt(required(obj, 'version', ''), '/version');
  const jmxPort = toInt(required(obj, 'jmx_port', ''), '/jmx_port');
  let endpoints: EndPoint[];
  if (version < 1) {
    failAt(member(obj, 'version') ?? null, '/version', `Unsupported version of broker registration: ${text}`, 'throws');
  } else if (version === 1) {
    const host = toStr(required(obj, 'host', ''), '/host');
    const port = toInt(required(obj, 'port', ''), '/port');
    endpoints = [{ host, port, listenerName: 'PLAINTEXT', securityProtocol: 'PLAINTEXT' }];
  } else {
    let protocolMap: Map<string, SecurityProtocol> | null = null;
    const mapNode = member(obj, 'listener_security_protocol_map');
    if (mapNode !== undefined) {
      const mapObj = asObject(mapNode, '/listener_security_protocol_map');
      protocolMap = new Map();
      for (const m of mapObj.members) {
        const pointer = childPointer('/listener_security_protocol_map', m.key);
        const name = toStr(m.value, pointer);
        const protocol = securityProtocolForName(name);
        if (protocol === null) {
          failAt(
            m.value,
            pointer,
            `No enum constant org.apache.kafka.common.security.auth.SecurityProtocol.${name.toUpperCase()}`,
            'throws',
          );
        }
        // Map keys are taken as written (`new ListenerName(name)`), endpoint names are upper-cased.
        protocolMap.set(m.key, protocol);
      }
    }
    const endpointsNode = required(obj, 'endpoints', '');
    const listeners = toStringList(endpointsNode, '/endpoints');
    const arr = asArray(endpointsNode, '/endpoints');
    endpoints = listeners.map((s, i) => {
      const ep = EndPoint.parse(s, protocolMap);
      if (typeof ep === 'string') failAt(arr.items[i], `/endpoints/${i}`, ep, 'throws');
      return ep;
    });
  }
  const rack = toOptionalStr(member(obj, 'rack'), '/rack');
  const ts = member(obj, 'timestamp');
  return { id, version, jmxPort, endpoints, rack, timestamp: ts?.type === 'string' ? ts.value : null };
}

function protectBrokerInfo(info: BrokerInfo, root: JsonNode): void {
  const obj = asObject(root, '');
  const at = (key: string): JsonNode | null => member(obj, key) ?? null;
  if (info.version > 4) {
    protect(
      at('version'),
      '/version',
      `Unknown version ${info.version} of broker registration; Kafka 2.5 writes version 4 (it also reads 1 to 3)`,
    );
  }
  if (info.jmxPort < -1 || info.jmxPort > 65535)
    protect(at('jmx_port'), '/jmx_port', `Invalid jmx_port ${info.jmxPort}: use -1 (unset) or a port 0–65535`);
  if (info.endpoints.length === 0) protect(at('endpoints'), '/endpoints', 'The broker registers no endpoints; nobody could connect to it');
  const seen = new Set<string>();
  const endpointsNode = member(obj, 'endpoints');
  const endpointItems = endpointsNode?.type === 'array' ? endpointsNode.items : [];
  info.endpoints.forEach((ep, i) => {
    const node = info.version === 1 ? at('port') : (endpointItems[i] ?? null);
    const pointer = info.version === 1 ? '/port' : `/endpoints/${i}`;
    if (ep.port < 0 || ep.port > 65535) protect(node, pointer, `Invalid port ${ep.port} in ${EndPoint.connectionString(ep)}`);
    if (seen.has(ep.listenerName)) protect(node, pointer, `Listener ${ep.listenerName} is registered more than once`);
    seen.add(ep.listenerName);
  });
  const ts = member(obj, 'timestamp');
  if (ts !== undefined && (ts.type !== 'string' || !/^-?[0-9]+$/.test(ts.value))) {
    protect(ts, '/timestamp', `"timestamp" must be milliseconds written as a string, received ${renderNode(ts)}`);
  }
  if (info.version >= 2) {
    const host = member(obj, 'host');
    if (host !== undefined && host.type !== 'string' && host.type !== 'null')
      protect(host, '/host', `"host" must be a string or null, received ${renderNode(host)}`);
    const port = member(obj, 'port');
    if (port !== undefined && port.type !== 'number') protect(port, '/port', `"port" must be a number, received ${renderNode(port)}`);
  }
  if (info.rack !== null && info.rack.length === 0) protect(at('rack'), '/rack', 'The rack is empty');
}
