/**
 * KafkaConfig's connection limits as 2.5.1 reads them: `maxConnectionsPerIp`,
 * `maxConnectionsPerIpOverrides` (`CoreUtils.parseCsvMap` of "host:count,…"), `maxConnections`, and
 * a listener's own `listener.name.<listener>.max.connections` (ConnectionQuotas'
 * `ListenerConnectionQuota` reads `max.connections` from the listener's prefixed configs, so
 * without an override it is the broker-wide value), with the checks of `validateValues`.
 */
import { IllegalArgumentException, parseJavaIntOrNull, NumberFormatException } from '../common/java-lang';

/** The parts of a BrokerConfig read here (structural, so kafka-config.ts can call back in). */
export interface ConnectionLimitSource {
  readonly originals: Readonly<Record<string, string>>;
  value(name: string): unknown;
}

export interface ConnectionLimits {
  readonly maxConnectionsPerIp: number;
  /** Host (as written) → its maximum. */
  readonly maxConnectionsPerIpOverrides: ReadonlyMap<string, number>;
  readonly maxConnections: number;
  /** The listener's `max.connections` (its prefixed override, else the broker-wide value). */
  readonly listenerMaxConnections: number;
}

export const MAX_CONNECTIONS_PER_IP = 'max.connections.per.ip';
export const MAX_CONNECTIONS_PER_IP_OVERRIDES = 'max.connections.per.ip.overrides';
export const MAX_CONNECTIONS = 'max.connections';

/** `ListenerName.configPrefix` + `max.connections`. */
export function listenerMaxConnectionsKey(listenerName: string): string {
  return `listener.name.${listenerName.toLowerCase()}.${MAX_CONNECTIONS}`;
}

// `Utils.validHostPattern`.
const VALID_HOST_CHARACTERS = /^[0-9a-zA-Z\-%._:]*$/;

/** `getMap(MaxConnectionsPerIpOverridesProp, …).map { case (k, v) => (k, v.toInt) }`, throwing as Kafka does. */
export function parseMaxConnectionsPerIpOverrides(text: string): Map<string, number> {
  const overrides = new Map<string, number>();
  if (text === '') return overrides;
  for (const entry of text.split(/\s*,\s*/)) {
    const lio = entry.lastIndexOf(':');
    if (lio < 0) {
      // `substring(0, -1)` in parseCsvMap, wrapped by getMap.
      throw new IllegalArgumentException(
        `Error parsing configuration property '${MAX_CONNECTIONS_PER_IP_OVERRIDES}': begin 0, end -1, length ${entry.length}`,
      );
    }
    const count = entry.substring(lio + 1).trim();
    const parsed = parseJavaIntOrNull(count);
    if (parsed === null) throw NumberFormatException.forInputString(count);
    overrides.set(entry.substring(0, lio).trim(), parsed);
  }
  return overrides;
}

export function connectionLimits(config: ConnectionLimitSource, listenerName: string): ConnectionLimits {
  const maxConnections = config.value(MAX_CONNECTIONS) as number;
  const listenerValue = config.originals[listenerMaxConnectionsKey(listenerName)];
  return {
    maxConnectionsPerIp: config.value(MAX_CONNECTIONS_PER_IP) as number,
    maxConnectionsPerIpOverrides: parseMaxConnectionsPerIpOverrides(config.value(MAX_CONNECTIONS_PER_IP_OVERRIDES) as string),
    maxConnections,
    listenerMaxConnections: listenerValue === undefined ? maxConnections : (parseJavaIntOrNull(listenerValue.trim()) ?? maxConnections),
  };
}

/** `validateValues`' checks of the per-ip limits (an unparsable overrides list throws as it does in Kafka). */
export function connectionLimitFailures(config: ConnectionLimitSource): IllegalArgumentException[] {
  let overrides: Map<string, number>;
  try {
    overrides = parseMaxConnectionsPerIpOverrides(config.value(MAX_CONNECTIONS_PER_IP_OVERRIDES) as string);
  } catch (e) {
    return [e as IllegalArgumentException];
  }
  const failed: IllegalArgumentException[] = [];
  if ((config.value(MAX_CONNECTIONS_PER_IP) as number) === 0 && overrides.size === 0) {
    failed.push(
      IllegalArgumentException.requirementFailed(
        `${MAX_CONNECTIONS_PER_IP} can be set to zero only if ${MAX_CONNECTIONS_PER_IP_OVERRIDES} property is set.`,
      ),
    );
  }
  const invalid = [...overrides.keys()].filter((host) => !VALID_HOST_CHARACTERS.test(host));
  if (invalid.length > 0) {
    failed.push(new IllegalArgumentException(`${MAX_CONNECTIONS_PER_IP_OVERRIDES} contains invalid addresses : ${invalid.join(',')}`));
  }
  return failed;
}
