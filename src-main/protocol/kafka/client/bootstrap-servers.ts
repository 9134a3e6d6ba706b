/**
 * `bootstrap.servers` as Kafka's `ClientUtils.parseAndValidateAddresses` reads it: comma-separated
 * `host:port` entries, each trimmed, empty ones skipped; an entry without a numeric port is
 * `Invalid url in bootstrap.servers: <entry>`. Kafka Dojo's brokers listen on the loopback
 * interface only, so any other host is refused here rather than dialled.
 */
import { LOOPBACK_HOSTS } from './kafka-connection';

export interface BrokerAddress {
  readonly host: string;
  readonly port: number;
}

/** Kafka's `org.apache.kafka.common.config.ConfigException`, raised while the client is created. */
export class BootstrapConfigError extends Error {
  readonly exceptionClass = 'org.apache.kafka.common.config.ConfigException';
}

const HOST_PORT = /^.*?\[?([0-9a-zA-Z\-%._:]*)\]?:([0-9]+)$/;

export function parseBootstrapServers(value: string): BrokerAddress[] {
  const addresses: BrokerAddress[] = [];
  for (const raw of value.split(',')) {
    const url = raw.trim();
    if (url === '') continue;
    const m = HOST_PORT.exec(url);
    if (!m || m[1] === '') throw new BootstrapConfigError(`Invalid url in bootstrap.servers: ${url}`);
    const host = m[1];
    if (!LOOPBACK_HOSTS.has(host)) {
      throw new BootstrapConfigError(
        `No resolvable bootstrap urls given in bootstrap.servers (Kafka Dojo's brokers listen on 127.0.0.1 or localhost, not ${host})`,
      );
    }
    addresses.push({ host, port: Number(m[2]) });
  }
  if (addresses.length === 0) throw new BootstrapConfigError('No resolvable bootstrap urls given in bootstrap.servers');
  return addresses;
}
