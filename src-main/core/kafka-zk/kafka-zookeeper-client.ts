import { errorMessage } from '../common/throwable';
import type { Time } from '../platform/scheduler';
import type { WatchedEvent, ZooKeeperClientOptions } from '../zookeeper';
import { Code, EventType, KeeperException, KeeperState, ZooKeeperClient } from '../zookeeper';
import type { ZooKeeperServerEndpoint } from '../zookeeper';

/** A znode handler, as Kafka's `kafka.zookeeper` `ZNodeChangeHandler` / `ZNodeChildChangeHandler`. */
export interface ZNodeChangeHandler {
  readonly path: string;
  handleCreation?(): void;
  handleDeletion?(): void;
  handleDataChange?(): void;
}

export interface ZNodeChildChangeHandler {
  readonly path: string;
  handleChildChange(): void;
}

/** Told when the session is lost and a new one is made (Kafka's `StateChangeHandler`). */
export interface StateChangeHandler {
  readonly name: string;
  beforeInitializingSession?(): void | Promise<void>;
  afterInitializingSession?(): void | Promise<void>;
}

/** The requests KafkaZkClient sends through `retryRequestsUntilConnected`. */
const RETRIED = new Set<PropertyKey>([
  'create',
  'delete',
  'exists',
  'getData',
  'setData',
  'getChildren',
  'getACL',
  'setACL',
  'multi',
  'sync',
  'getEphemerals',
  'getAllChildrenNumber',
]);

/**
 * Kafka's `kafka.zookeeper.ZooKeeperClient`: one session with a single default watcher that hands
 * each notification to the handler registered for its path. A read sets a watch only when a
 * handler is registered for the path (`shouldWatch`), which is how Kafka decides what it watches.
 * When the session expires it makes a new one and tells the state change handlers.
 *
 * A request that fails with CONNECTIONLOSS is sent again once the session is connected, for as
 * long as it takes (KafkaZkClient.retryRequestsUntilConnected, which logs "Waiting until
 * connected." each time): a request the server always refuses — a znode over jute.maxbuffer — is
 * retried for ever.
 */
export class KafkaZooKeeperClient {
  private readonly zNodeChangeHandlers = new Map<string, ZNodeChangeHandler>();
  private readonly zNodeChildChangeHandlers = new Map<string, ZNodeChildChangeHandler>();
  private readonly stateChangeHandlers = new Map<string, StateChangeHandler>();
  private session: ZooKeeperClient | null = null;
  private closed = false;
  private abandoned = false;
  /** Re-initializations run one at a time, as on Kafka's single session-expiry thread. */
  private reinitializing: Promise<void> = Promise.resolve();
  private connectionWaiters: Array<() => void> = [];
  private retryingSession: ZooKeeperClient | null = null;

  constructor(
    private readonly server: () => ZooKeeperServerEndpoint,
    private readonly time: Time,
    private readonly options: { sessionTimeoutMs: number; name: string },
    private readonly onError: (message: string) => void,
    /** Kafka's INFO lines about the session (logIdent added by the caller). */
    private readonly onInfo: (message: string) => void = () => undefined,
  ) {}

  async connect(): Promise<void> {
    this.session = await ZooKeeperClient.connect(this.server(), this.time, this.sessionOptions());
  }

  /** The session, its requests retried on CONNECTIONLOSS (see the class comment). */
  get zk(): ZooKeeperClient {
    if (!this.session) throw new Error(`${this.options.name}: not connected to ZooKeeper`);
    this.retryingSession ??= new Proxy(this.session, {
      get: (_target, key) => {
        // Always the current session: a retry after a new session was made goes to the new one.
        const session = this.session as ZooKeeperClient;
        const value: unknown = Reflect.get(session, key, session);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => Promise<unknown>;
        if (!RETRIED.has(key)) return method.bind(session);
        return (...args: unknown[]) => this.retryUntilConnected(() => method.apply(this.session, args));
      },
    });
    return this.retryingSession;
  }

  private async retryUntilConnected<T>(send: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await send();
      } catch (e) {
        if (!(e instanceof KeeperException && e.code === Code.CONNECTIONLOSS) || this.closed) throw e;
        await this.waitUntilConnected();
      }
    }
  }

  /** `waitUntilConnected`: until the session is connected again, or gone. */
  private async waitUntilConnected(): Promise<void> {
    this.onInfo('Waiting until connected.');
    while (!this.closed && this.session?.state === 'DISCONNECTED') {
      await new Promise<void>((resolve) => this.connectionWaiters.push(resolve));
    }
    if (this.session?.state !== 'CONNECTED') {
      throw new KeeperException(Code.SESSIONEXPIRED, undefined, 'Session expired either before or while waiting for connection');
    }
    this.onInfo('Connected.');
  }

  private wakeConnectionWaiters(): void {
    const waiters = this.connectionWaiters;
    this.connectionWaiters = [];
    for (const w of waiters) w();
  }

  get sessionId(): bigint {
    return this.zk.sessionId;
  }

  registerZNodeChangeHandler(handler: ZNodeChangeHandler): void {
    this.zNodeChangeHandlers.set(handler.path, handler);
  }

  unregisterZNodeChangeHandler(path: string): void {
    this.zNodeChangeHandlers.delete(path);
  }

  registerZNodeChildChangeHandler(handler: ZNodeChildChangeHandler): void {
    this.zNodeChildChangeHandlers.set(handler.path, handler);
  }

  unregisterZNodeChildChangeHandler(path: string): void {
    this.zNodeChildChangeHandlers.delete(path);
  }

  registerStateChangeHandler(handler: StateChangeHandler): void {
    this.stateChangeHandlers.set(handler.name, handler);
  }

  unregisterStateChangeHandler(name: string): void {
    this.stateChangeHandlers.delete(name);
  }

  /** `shouldWatch` for exists/getData. */
  watchesData(path: string): boolean {
    return this.zNodeChangeHandlers.has(path);
  }

  /** `shouldWatch` for getChildren. */
  watchesChildren(path: string, registerWatch: boolean): boolean {
    return registerWatch && this.zNodeChildChangeHandlers.has(path);
  }

  /** The broker's process is gone: the session is left to expire on the server. */
  abandon(): void {
    this.closed = true;
    this.abandoned = true;
    this.session?.disconnect();
    this.wakeConnectionWaiters();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.zNodeChangeHandlers.clear();
    this.zNodeChildChangeHandlers.clear();
    this.stateChangeHandlers.clear();
    this.wakeConnectionWaiters();
    await this.session?.close();
  }

  private sessionOptions(): ZooKeeperClientOptions {
    return { sessionTimeoutMs: this.options.sessionTimeoutMs, name: this.options.name, watcher: (e) => this.process(e) };
  }

  private process(event: WatchedEvent): void {
    if (event.type === EventType.None) {
      if (event.state !== KeeperState.Disconnected) this.wakeConnectionWaiters();
      if (event.state === KeeperState.Expired && !this.closed) this.reinitializing = this.reinitializing.then(() => this.reinitialize());
      return;
    }
    const path = event.path as string;
    switch (event.type) {
      case EventType.NodeCreated:
        this.zNodeChangeHandlers.get(path)?.handleCreation?.();
        return;
      case EventType.NodeDeleted:
        this.zNodeChangeHandlers.get(path)?.handleDeletion?.();
        return;
      case EventType.NodeDataChanged:
        this.zNodeChangeHandlers.get(path)?.handleDataChange?.();
        return;
      case EventType.NodeChildrenChanged:
        this.zNodeChildChangeHandlers.get(path)?.handleChildChange();
        return;
    }
  }

  /** Session expired: tell the handlers, open a new session, tell them again (Kafka's `reinitialize`). */
  private async reinitialize(): Promise<void> {
    this.onInfo('Session expired.');
    await this.callStateChangeHandlers('before');
    if (this.closed) return;
    this.onInfo('Initializing a new session to 127.0.0.1:2181.');
    try {
      const session = await ZooKeeperClient.connect(this.server(), this.time, this.sessionOptions());
      // The broker stopped while the handlers ran or the session was being made: nobody owns it.
      if (this.closed) {
        if (this.abandoned) session.disconnect();
        else await session.close();
        return;
      }
      this.session = session;
    } catch (e) {
      this.onError(`${this.options.name}: could not re-establish the ZooKeeper session: ${errorMessage(e)}`);
      return;
    }
    await this.callStateChangeHandlers('after');
  }

  private async callStateChangeHandlers(when: 'before' | 'after'): Promise<void> {
    for (const h of [...this.stateChangeHandlers.values()]) {
      try {
        await (when === 'before' ? h.beforeInitializingSession?.() : h.afterInitializingSession?.());
      } catch (e) {
        this.onError(`${this.options.name}: Uncaught error in handler ${h.name}: ${errorMessage(e)}`);
      }
    }
  }
}
