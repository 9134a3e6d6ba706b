/**
 * A broker's client listener (Kafka's `SocketServer`), as the core sees it: bound during startup,
 * before the broker registers — so `/brokers/ids/<id>` holds the port really bound — and closed on
 * shutdown or kill. The wire protocol implements it (src-main/protocol/kafka); without one, a
 * broker registers its configured port and only the app's own UI talks to it.
 */
import type { BrokerConfig } from '../config/kafka-config';
import type { BrokerReconfigurable } from '../server/broker-reconfigurable';

export interface BrokerListener {
  /**
   * Called at each startup before `bind` with the broker's current config (static and dynamic
   * layers): the listener takes its connection limits from it and returns the part that takes
   * their later changes — Kafka's `SocketServer` is a `BrokerReconfigurable`.
   */
  configure?(config: BrokerConfig): BrokerReconfigurable;
  /** Binds (or binds again after a stop); resolves with the address to register. */
  bind(): Promise<{ readonly host: string; readonly port: number }>;
  /** Stops accepting and closes every connection. */
  close(): void;
}
