import { ControllerMovedError } from '../controller/controller-errors';
import type { Op, OpResult, Stat, ZnodeData } from '../zookeeper';
import { Code, CreateMode, createRecursive, KeeperException, MultiException } from '../zookeeper';
import { ControllerEpochZNode } from './cluster-znodes';
import type { KafkaZooKeeperClient, StateChangeHandler, ZNodeChangeHandler, ZNodeChildChangeHandler } from './kafka-zookeeper-client';
import { ZnodeFormatError } from './znode-format-error';

/** A malformed znode met while reading: reported, then handled as the call site decides. */
export type ZnodeProblemReporter = (error: ZnodeFormatError) => void;

/**
 * What every KafkaZkClient call is built from: the session's handler registry, reads that watch
 * only where a handler is registered, writes fenced by the controller epoch's zkVersion
 * (`multi[check(/controller_epoch), op]`, a failed check being `ControllerMovedError`), and the
 * rule for reading hand-written znodes (`kafkaReading`).
 */
export abstract class KafkaZkClientBase {
  constructor(
    protected readonly client: KafkaZooKeeperClient,
    protected readonly reportProblem: ZnodeProblemReporter,
  ) {}

  protected get zk() {
    return this.client.zk;
  }

  // ---- handlers (Kafka's ZooKeeperClient) ----

  registerZNodeChangeHandler(handler: ZNodeChangeHandler): void {
    this.client.registerZNodeChangeHandler(handler);
  }

  unregisterZNodeChangeHandler(path: string): void {
    this.client.unregisterZNodeChangeHandler(path);
  }

  registerZNodeChildChangeHandler(handler: ZNodeChildChangeHandler): void {
    this.client.registerZNodeChildChangeHandler(handler);
  }

  unregisterZNodeChildChangeHandler(path: string): void {
    this.client.unregisterZNodeChildChangeHandler(path);
  }

  registerStateChangeHandler(handler: StateChangeHandler): void {
    this.client.registerStateChangeHandler(handler);
  }

  unregisterStateChangeHandler(name: string): void {
    this.client.unregisterStateChangeHandler(name);
  }

  async registerZNodeChangeHandlerAndCheckExistence(handler: ZNodeChangeHandler): Promise<boolean> {
    this.client.registerZNodeChangeHandler(handler);
    return (await this.zk.exists(handler.path, this.client.watchesData(handler.path))) !== null;
  }

  async pathExists(path: string): Promise<boolean> {
    return (await this.zk.exists(path)) !== null;
  }

  // ---- primitives ----

  /** getData that sets a watch when a handler is registered for the path; null on NONODE. */
  async getDataAndStat(path: string): Promise<{ data: ZnodeData; stat: Stat } | null> {
    try {
      return await this.zk.getData(path, this.client.watchesData(path));
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NONODE) return null;
      throw e;
    }
  }

  /** getChildren (sorted); watched only when asked and a child handler is registered; [] on NONODE. */
  async getChildren(path: string, registerWatch = true): Promise<string[]> {
    try {
      return (await this.zk.getChildren(path, this.client.watchesChildren(path, registerWatch))).children;
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NONODE) return [];
      throw e;
    }
  }

  /** One op, fenced by the controller epoch's zkVersion unless it is −1 (MatchAnyVersion). */
  protected async fenced(op: Op, epochZkVersion: number): Promise<OpResult> {
    if (epochZkVersion < 0) return this.plain(op);
    try {
      const results = await this.zk.multi([{ type: 'check', path: ControllerEpochZNode.path, version: epochZkVersion }, op]);
      return results[1];
    } catch (e) {
      if (e instanceof MultiException) {
        const check = e.results[0];
        if (check.type === 'error' && check.err !== Code.OK) {
          throw new ControllerMovedError(`Controller epoch zkVersion check fails. Expected zkVersion = ${epochZkVersion}`);
        }
        throw new KeeperException(e.code, op.path, e.detail);
      }
      throw e;
    }
  }

  /** An op sent on its own, as Kafka does for writes with MatchAnyVersion. */
  protected async plain(op: Op): Promise<OpResult> {
    switch (op.type) {
      case 'create': {
        const r = await this.zk.create(op.path, op.data, { mode: op.mode, acl: op.acl });
        return { type: 'create', path: r.path, stat: r.stat };
      }
      case 'delete':
        await this.zk.delete(op.path, op.version ?? -1);
        return { type: 'delete' };
      case 'setData':
        return { type: 'setData', stat: await this.zk.setData(op.path, op.data, op.version ?? -1) };
      case 'check':
        await this.zk.multi([op]);
        return { type: 'check' };
    }
  }

  protected async fencedIgnoring(op: Op, epochZkVersion: number, ignore: number): Promise<void> {
    try {
      await this.fenced(op, epochZkVersion);
    } catch (e) {
      if (!(e instanceof KeeperException && e.code === ignore)) throw e;
    }
  }

  /** Reads a decoder's result the way the call site needs; see the class comment. */
  protected kafkaReading<T>(result: T | ZnodeFormatError<T>): T {
    if (!(result instanceof ZnodeFormatError)) return result;
    this.reportProblem(result);
    if (result.kafkaReading === 'throws' || result.kafkaValue === undefined) throw result;
    return result.kafkaValue;
  }

  /** `createRecursive(path, throwIfPathExists = false)`. */
  protected async createRecursiveIgnoringExists(path: string): Promise<void> {
    try {
      await createRecursive(this.zk, path, null);
    } catch (e) {
      if (!(e instanceof KeeperException && e.code === Code.NODEEXISTS)) throw e;
    }
  }

  protected async createWithParents(path: string, data: ZnodeData, mode: 0 | 1 | 2 = CreateMode.PERSISTENT): Promise<string> {
    return (await createRecursive(this.zk, path, data, mode)).path;
  }
}
