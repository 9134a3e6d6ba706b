/**
 * What the node editor's preview needs to know of the cluster, read the way the controller reads
 * it — from ZooKeeper, through the editor's session — plus `delete.topic.enable`, which lives in the
 * brokers' configs (the controller's, when there is one).
 */
import type { ClusterQueries } from '../../core/cluster/cluster-facade';
import type { TopicAssignment } from '../../core/kafka-zk';
import { ControllerEpochZNode, ControllerZNode, TopicZNode, ZnodeFormatError } from '../../core/kafka-zk';
import type { AuthId, ZnodeData, ZooKeeperClient } from '../../core/zookeeper';
import { Code, KeeperException, permits } from '../../core/zookeeper';

export class ClusterFacts {
  private liveBrokersRead: Promise<number[]> | null = null;
  private deletionsRead: Promise<Set<string>> | null = null;

  constructor(
    private readonly client: ZooKeeperClient,
    private readonly cluster: Pick<ClusterQueries, 'brokers'>,
    /** The editor session's identities, for what its ACL checks will say. */
    private readonly identities: readonly AuthId[] = [],
  ) {}

  /**
   * Whether the editor's session may do `perm` on `path` (checkACL), or null when it cannot tell: the
   * ACL is not readable to it, or shows digests as user:x (getACL without ADMIN).
   */
  async mayDo(path: string, perm: number): Promise<boolean | null> {
    const read = await this.client.getACL(path).catch(() => null);
    if (read === null) return null;
    const allowed = permits(read.acl, perm, this.identities);
    const masked = read.acl.some((a) => a.scheme === 'digest' && a.id.endsWith(':x'));
    return allowed || !masked ? allowed : null;
  }

  /** The children of /brokers/ids that are broker ids, ascending. */
  liveBrokers(): Promise<number[]> {
    this.liveBrokersRead ??= this.childrenOrEmpty('/brokers/ids').then((ids) =>
      ids
        .filter((id) => /^(0|[1-9][0-9]*)$/.test(id))
        .map(Number)
        .sort((a, b) => a - b),
    );
    return this.liveBrokersRead;
  }

  /** The controller named by /controller, or null when none is (or its data is unreadable). */
  async controllerId(): Promise<number | null> {
    const node = await this.read(ControllerZNode.path);
    if (node === null || node.data === null) return null;
    const decoded = ControllerZNode.decode(node.data);
    return decoded instanceof ZnodeFormatError ? null : decoded.brokerId;
  }

  async controllerEpoch(): Promise<number | null> {
    const node = await this.read(ControllerEpochZNode.path);
    if (node === null) return null;
    const decoded = ControllerEpochZNode.decode(node.data);
    return decoded instanceof ZnodeFormatError ? null : decoded;
  }

  topicsQueuedForDeletion(): Promise<Set<string>> {
    this.deletionsRead ??= this.childrenOrEmpty('/admin/delete_topics').then((names) => new Set(names));
    return this.deletionsRead;
  }

  /** The topic's assignment as the controller reads it; null without the znode. */
  async topicAssignment(topic: string): Promise<TopicAssignment | null> {
    const node = await this.read(TopicZNode.path(topic));
    if (node === null) return null;
    const decoded = TopicZNode.decode(topic, node.data);
    if (decoded instanceof ZnodeFormatError) return decoded.kafkaValue ?? new Map();
    return decoded;
  }

  async exists(path: string): Promise<boolean> {
    return (await this.client.exists(path)) !== null;
  }

  /** `delete.topic.enable` of the controller's broker (of the first broker without a controller). */
  deleteTopicEnable(): boolean {
    const brokers = this.cluster.brokers();
    const controller = brokers.find((b) => b.isController) ?? brokers[0];
    return controller?.config.deleteTopicEnable ?? true;
  }

  private async childrenOrEmpty(path: string): Promise<string[]> {
    try {
      return (await this.client.getChildren(path)).children;
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NONODE) return [];
      throw e;
    }
  }

  /** The node's data, or null when there is no node. */
  private async read(path: string): Promise<{ data: ZnodeData } | null> {
    try {
      return await this.client.getData(path);
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NONODE) return null;
      throw e;
    }
  }
}
