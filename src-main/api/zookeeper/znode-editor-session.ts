/**
 * The node editor's own ZooKeeper session ('kafka-dojo-node-editor'), separate from the UI's read
 * session, so that what it writes reaches the controller exactly as a zkCli write would. It holds a
 * persistent recursive watch on `/` and turns what fires into `znodes` pushes, a quarter of a
 * second at most after the change, in one message.
 */
import type { ClusterCommands } from '../../core/cluster/cluster-facade';
import type { AuthData, WatchedEvent, ZooKeeperClient } from '../../core/zookeeper';
import { AddWatchMode, EventType } from '../../core/zookeeper';
import type { ZnodeChangeDto, ZooKeeperPushDto } from './zookeeper-contract';

export const NODE_EDITOR_SESSION_NAME = 'kafka-dojo-node-editor';
const PUSH_INTERVAL_MS = 250;
/** More changes than this in one push: the UI is told to reload instead (a 10,000-partition topic). */
const PUSH_MAX_CHANGES = 500;

export class ZnodeEditorSession {
  private pending: ZnodeChangeDto[] = [];
  private overflow = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  private constructor(
    readonly client: ZooKeeperClient,
    private readonly push: (push: ZooKeeperPushDto) => void,
  ) {}

  /** `authInfo`: what the editor's earlier sessions were given with `addauth`, added again first. */
  static async open(
    cluster: Pick<ClusterCommands, 'connectZooKeeper'>,
    push: (push: ZooKeeperPushDto) => void,
    authInfo: readonly AuthData[] = [],
  ): Promise<ZnodeEditorSession> {
    let session: ZnodeEditorSession | null = null;
    const client = await cluster.connectZooKeeper({
      sessionTimeoutMs: 30_000,
      name: NODE_EDITOR_SESSION_NAME,
      watcher: (e) => session?.changed(e),
      authInfo,
    });
    session = new ZnodeEditorSession(client, push);
    await client.addWatch('/', AddWatchMode.PERSISTENT_RECURSIVE);
    return session;
  }

  private changed(event: WatchedEvent): void {
    if (this.closed || event.path === null) return;
    const type =
      event.type === EventType.NodeCreated
        ? 'created'
        : event.type === EventType.NodeDeleted
          ? 'deleted'
          : event.type === EventType.NodeDataChanged
            ? 'changed'
            : null;
    if (type === null) return;
    if (this.pending.length >= PUSH_MAX_CHANGES) this.overflow = true;
    else this.pending.push({ type, path: event.path, zxid: event.zxid });
    this.timer ??= setTimeout(() => this.flush(), PUSH_INTERVAL_MS);
  }

  private flush(): void {
    this.timer = null;
    if (this.closed) return;
    const changes = this.overflow ? [] : this.pending;
    const overflow = this.overflow;
    this.pending = [];
    this.overflow = false;
    this.push({ type: 'znodes', changes, overflow });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.client.close().catch(() => undefined);
  }
}
