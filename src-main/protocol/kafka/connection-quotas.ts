/**
 * Kafka 2.5.1's `ConnectionQuotas` for a broker's one listener, with the `SocketServer`'s and the
 * `ListenerConnectionQuota`'s live reconfiguration of them:
 *
 * - `max.connections` (broker-wide) and the listener's `max.connections` do not refuse a
 *   connection: the Acceptor waits for a slot (`waitForConnectionSlot`) and the connection waits
 *   unaccepted meanwhile; a limit lowered below the open count closes the least recently used
 *   connections (`closeExcessConnections`). With one listener, none is the protected inter-broker
 *   listener (that needs `listeners.size > 1`).
 * - `max.connections.per.ip` / `max.connections.per.ip.overrides`: the connection is counted,
 *   then refused when its address already had the maximum (`TooManyConnectionsException`), and
 *   the Acceptor closes it.
 *
 * Pure counting; the socket server does the waiting and closing.
 */
import { ConfigException } from '../../core/common/config-def';
import { KafkaException } from '../../core/common/kafka-exception';
import {
  connectionLimits,
  listenerMaxConnectionsKey,
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_PER_IP,
  MAX_CONNECTIONS_PER_IP_OVERRIDES,
  type ConnectionLimits,
} from '../../core/config/connection-limits';
import type { BrokerConfig } from '../../core/config/kafka-config';
import type { BrokerReconfigurable } from '../../core/server/broker-reconfigurable';

export const SOCKET_SERVER_LOGGER = 'kafka.network.SocketServer';

/** `new TooManyConnectionsException(ip, count)`. */
export class TooManyConnectionsException extends KafkaException {
  override readonly name = 'TooManyConnectionsException';
  override readonly javaClass = 'kafka.network.TooManyConnectionsException';

  constructor(
    readonly ip: string,
    readonly count: number,
  ) {
    super(`Too many connections from ${ip} (maximum = ${count})`);
  }
}

/** `InetAddress.toString()` of a peer connected by address: `/127.0.0.1` (an IPv4-mapped IPv6 address as IPv4, as Java shows it). */
export function inetAddressText(remoteAddress: string): string {
  return `/${remoteAddress.startsWith('::ffff:') ? remoteAddress.slice(7) : remoteAddress}`;
}

/** `InetAddress.getByName(host)` for the hosts this loopback-only broker can meet, without DNS. */
function addressOf(host: string): string {
  if (host === 'localhost') return '127.0.0.1';
  return host.startsWith('::ffff:') ? host.slice(7) : host;
}

export class ConnectionQuotas implements BrokerReconfigurable {
  readonly reconfigurableConfigs: ReadonlySet<string>;
  private limits: ConnectionLimits;
  private overrides: ReadonlyMap<string, number>;
  private readonly counts = new Map<string, number>();
  private totalCount = 0;

  /**
   * @param onLimitsChanged called after a reconfiguration: waiting connections may now get a slot,
   *   or open ones must be closed (`counts.notifyAll()`).
   */
  constructor(
    config: BrokerConfig,
    private readonly listenerName: string,
    private readonly log: (message: string) => void,
    private readonly onLimitsChanged: () => void = () => {},
  ) {
    this.reconfigurableConfigs = new Set([
      MAX_CONNECTIONS_PER_IP,
      MAX_CONNECTIONS_PER_IP_OVERRIDES,
      MAX_CONNECTIONS,
      listenerMaxConnectionsKey(listenerName),
    ]);
    this.limits = connectionLimits(config, listenerName);
    this.overrides = resolved(this.limits.maxConnectionsPerIpOverrides);
  }

  get total(): number {
    return this.totalCount;
  }

  /** `get(address)`: the open connections of an address (as Node reports it). */
  get(remoteAddress: string): number {
    return this.counts.get(addressOf(remoteAddress)) ?? 0;
  }

  /** `connectionSlotAvailable`: the listener's and the broker's limits (no listener is protected here). */
  slotAvailable(): boolean {
    return this.totalCount < this.limits.listenerMaxConnections && this.totalCount < this.limits.maxConnections;
  }

  /** `inc`, once a slot is available: counts the connection, then throws when its address was already at its maximum (the caller closes it with `dec`). */
  inc(remoteAddress: string): void {
    const address = addressOf(remoteAddress);
    const count = this.counts.get(address) ?? 0;
    this.counts.set(address, count + 1);
    this.totalCount++;
    const max = this.overrides.get(address) ?? this.limits.maxConnectionsPerIp;
    if (count >= max) throw new TooManyConnectionsException(inetAddressText(remoteAddress), max);
  }

  dec(remoteAddress: string): void {
    const address = addressOf(remoteAddress);
    const count = this.counts.get(address);
    if (count === undefined) {
      throw new Error(`Attempted to decrease connection count for address with no connections, address: ${inetAddressText(remoteAddress)}`);
    }
    if (count === 1) this.counts.delete(address);
    else this.counts.set(address, count - 1);
    this.totalCount--;
  }

  /** How many connections `closeExcessConnections` closes: the open count above the broker-wide limit. */
  excess(): number {
    return Math.max(0, this.totalCount - this.limits.maxConnections);
  }

  /** `ListenerConnectionQuota.validateReconfiguration` (its message lacks Scala's `s` interpolator in 2.5.1, so it reads literally). */
  validateReconfiguration(newConfig: BrokerConfig): void {
    if (connectionLimits(newConfig, this.listenerName).listenerMaxConnections <= 0) {
      throw new ConfigException('Invalid max.connections $listenerMax');
    }
  }

  /** `SocketServer.reconfigure` and `ListenerConnectionQuota.reconfigure`, with their log lines. */
  reconfigure(_oldConfig: BrokerConfig, newConfig: BrokerConfig): void {
    const before = this.limits;
    const after = connectionLimits(newConfig, this.listenerName);
    if (after.maxConnectionsPerIp !== before.maxConnectionsPerIp) this.log(`Updating maxConnectionsPerIp: ${after.maxConnectionsPerIp}`);
    if (!sameOverrides(after.maxConnectionsPerIpOverrides, before.maxConnectionsPerIpOverrides)) {
      const text = [...after.maxConnectionsPerIpOverrides].map(([k, v]) => `${k}=${v}`).join(',');
      this.log(`Updating maxConnectionsPerIpOverrides: ${text}`);
    }
    if (after.maxConnections !== before.maxConnections) this.log(`Updating broker-wide maxConnections: ${after.maxConnections}`);
    this.limits = after;
    this.overrides = resolved(after.maxConnectionsPerIpOverrides);
    this.onLimitsChanged();
  }
}

function resolved(overrides: ReadonlyMap<string, number>): Map<string, number> {
  return new Map([...overrides].map(([host, count]) => [addressOf(host), count]));
}

function sameOverrides(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}
