import { parseJavaLong } from '../../common/java-lang';
import type { Time } from '../../platform/scheduler';
import type { StateChangeHandler, ZNodeChildChangeHandler } from '../../kafka-zk/kafka-zookeeper-client';
import type { LogSink } from '../../common/logging';
import { Logger } from '../../common/logging';
import { ZnodeFormatError } from '../../kafka-zk/znode-format-error';
import { notificationFormatException } from './java-exception';
import type { DynamicConfigZkClient } from './dynamic-config-zk-client';
import { JavaException } from './java-exception';

/** `ZkNodeChangeNotificationListener`'s default `changeExpirationMs`: 15 minutes. */
export const CONFIG_CHANGE_EXPIRATION_MS = 15 * 60 * 1000;

/** Handles one notification's data (`NotificationHandler`); a throw is logged and the next one goes on. */
export interface NotificationHandler {
  processNotification(data: Uint8Array, path: string): Promise<void>;
}

/**
 * `kafka.common.ZkNodeChangeNotificationListener`: watches the children of `seqNodeRoot`, all
 * sequential nodes named `<seqNodePrefix>NNNNNNNNNN`, and hands each new one to the handler.
 */
export class ZkNodeChangeNotificationListener {
  private lastExecutedChange = -1n;
  /** `queue.peek() != null`: a round is waiting. */
  private queued = false;
  /** The round being processed, if any. */
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly log: Logger;
  private readonly childHandler: ZNodeChildChangeHandler;
  private readonly stateHandler: StateChangeHandler;

  constructor(
    private readonly zk: DynamicConfigZkClient,
    private readonly seqNodeRoot: string,
    private readonly seqNodePrefix: string,
    private readonly handler: NotificationHandler,
    private readonly changeExpirationMs: number,
    private readonly time: Time,
    sink: LogSink,
  ) {
    this.log = new Logger(sink, 'kafka.common.ZkNodeChangeNotificationListener');
    this.childHandler = { path: seqNodeRoot, handleChildChange: () => this.addChangeNotification() };
    // `StateChangeHandlers.zkNodeChangeListenerHandler(seqNodeRoot)`
    this.stateHandler = { name: `change-notification-${seqNodeRoot}`, afterInitializingSession: () => this.addChangeNotification() };
  }

  /** `init`: register the handlers and queue a first round, which processes every notification there. */
  init(): void {
    this.zk.registerStateChangeHandler(this.stateHandler);
    this.zk.registerZNodeChildChangeHandler(this.childHandler);
    this.addChangeNotification();
  }

  /** `close`: no more rounds; waits for the one in progress, which stops at its next step. */
  async close(): Promise<void> {
    this.kill();
    this.zk.unregisterStateChangeHandler(this.stateHandler.name);
    this.zk.unregisterZNodeChildChangeHandler(this.seqNodeRoot);
    await this.running;
  }

  /** The process is gone: nothing more is read or written. */
  kill(): void {
    this.closed = true;
    this.queued = false;
  }

  /** No round waiting or in progress. */
  get isIdle(): boolean {
    return !this.queued && this.running === null;
  }

  /** The highest sequence number processed so far (−1 before the first). */
  get lastProcessedChange(): bigint {
    return this.lastExecutedChange;
  }

  private addChangeNotification(): void {
    if (this.closed || this.queued) return;
    this.queued = true;
    if (this.running === null) this.running = this.drain();
  }

  /** The change event thread: one round at a time while one is queued. */
  private async drain(): Promise<void> {
    try {
      while (this.queued && !this.closed) {
        this.queued = false;
        await this.processNotifications();
      }
    } finally {
      this.running = null;
    }
  }

  private async processNotifications(): Promise<void> {
    try {
      const notifications = (await this.zk.getChildren(this.seqNodeRoot)).slice().sort();
      if (notifications.length === 0 || this.closed) return;
      this.log.info(`Processing notification(s) to ${this.seqNodeRoot}`);
      const now = this.time.nowMs();
      for (const notification of notifications) {
        if (this.closed) return;
        const changeId = this.changeNumber(notification);
        if (changeId > this.lastExecutedChange) {
          await this.processNotification(notification);
          this.lastExecutedChange = changeId;
        }
      }
      await this.purgeObsoleteNotifications(now, notifications);
    } catch (e) {
      // After close Kafka interrupts the thread and says nothing.
      if (!this.closed) this.log.error(`Error while processing notification change for path = ${this.seqNodeRoot}`, e);
    }
  }

  private async processNotification(notification: string): Promise<void> {
    const changeZnode = `${this.seqNodeRoot}/${notification}`;
    const node = await this.zk.getDataAndStat(changeZnode);
    const data = node?.data ?? null;
    if (data === null) {
      this.log.warn(`read null data from ${changeZnode}`);
      return;
    }
    try {
      await this.handler.processNotification(data, changeZnode);
    } catch (e) {
      if (this.closed) return;
      // A malformed notification fails in Kafka's own decoding, with the JDK's or Jackson's exception.
      this.log.error(
        `error processing change notification ${new TextDecoder().decode(data)} from ${changeZnode}`,
        e instanceof ZnodeFormatError ? notificationFormatException(e) : e,
      );
    }
  }

  /** Deletes the notifications created more than `changeExpirationMs` before `now` (strictly). */
  private async purgeObsoleteNotifications(now: number, notifications: readonly string[]): Promise<void> {
    for (const notification of [...notifications].sort()) {
      if (this.closed) return;
      const notificationNode = `${this.seqNodeRoot}/${notification}`;
      const node = await this.zk.getDataAndStat(notificationNode);
      // Kafka checks `data.isDefined`: a notification with null data is never purged.
      if (node !== null && node.data !== null && now - node.stat.ctime > this.changeExpirationMs) {
        this.log.debug(`Purging change notification ${notificationNode}`);
        await this.zk.deletePath(notificationNode);
      }
    }
  }

  /** `name.substring(seqNodePrefix.length).toLong`: the prefix itself is not checked. */
  private changeNumber(name: string): bigint {
    if (name.length < this.seqNodePrefix.length) {
      throw new JavaException(
        'java.lang.StringIndexOutOfBoundsException',
        `String index out of range: ${name.length - this.seqNodePrefix.length}`,
      );
    }
    return parseJavaLong(name.slice(this.seqNodePrefix.length));
  }
}
