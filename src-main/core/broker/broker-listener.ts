/**
 * A broker's client listener (Kafka's `SocketServer`), as the core sees it: bound during startup,
 * before the broker registers — so `/brokers/ids/<id>` holds the port really bound — and closed on
 * shutdown or kill. The wire protocol implements it (src-main/protocol/kafka); without one, a
 * broker registers its configured port and only the app's own UI talks to it.
 */
export interface BrokerListener {
  /** Binds (or binds again after a stop); resolves with the address to register. */
  bind(): Promise<{ readonly host: string; readonly port: number }>;
  /** Stops accepting and closes every connection. */
  close(): void;
}
