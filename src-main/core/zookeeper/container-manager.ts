import type { ScheduledTask, Time } from '../platform/scheduler';
import type { DataTree } from './data-tree';

export interface ContainerManagerConfig {
  /** `znode.container.checkIntervalMs`: how often the containers are checked. */
  containerCheckIntervalMs: number;
  /** `znode.container.maxPerMinute`: deletions are spaced 1 minute / this apart. */
  containerMaxPerMinute: number;
  /** `znode.container.maxNeverUsedIntervalMs`: 0 keeps a container that never had a child for ever. */
  containerMaxNeverUsedIntervalMs: number;
}

export const DEFAULT_CONTAINER_MANAGER_CONFIG: ContainerManagerConfig = {
  containerCheckIntervalMs: 60_000,
  containerMaxPerMinute: 10_000,
  containerMaxNeverUsedIntervalMs: 0,
};

/**
 * ZooKeeper's `ContainerManager`: every check interval it finds the containers that are empty and
 * have had a child (their stored cversion, the count of child creates, is above 0 — so a new
 * container is not removed before it is used), and posts a `deleteContainer` request for each,
 * spaced so that no more than `maxPerMinute` go out in a minute. The request goes through the
 * pipeline like any write; one that finds the container in use again fails (NOTEMPTY) harmlessly.
 * TTL nodes, which it also removes in 3.8, are not enabled here.
 */
export class ContainerManager {
  private timer: ScheduledTask | null = null;
  private nextPost: ScheduledTask | null = null;
  private checking = false;

  constructor(
    private readonly tree: DataTree,
    private readonly time: Time,
    private readonly config: ContainerManagerConfig,
    private readonly postDeleteRequest: (path: string) => void,
  ) {}

  start(): void {
    if (this.timer) return;
    const intervalMs = this.config.containerCheckIntervalMs;
    this.timer = this.time.schedulePeriodic('zookeeper-container-manager', intervalMs, intervalMs, () => this.checkContainers());
  }

  stop(): void {
    if (this.timer) this.time.cancel(this.timer);
    if (this.nextPost) this.time.cancel(this.nextPost);
    this.timer = null;
    this.nextPost = null;
    this.checking = false;
  }

  /** One check; a check still posting (the Java timer thread sleeping between posts) is not overlapped. */
  checkContainers(): void {
    if (this.checking) return;
    this.checking = true;
    this.post(this.candidates(), 0);
  }

  /** `getCandidates`, in path order (Java iterates a HashSet). */
  candidates(): string[] {
    const out: string[] = [];
    const neverUsedMs = this.config.containerMaxNeverUsedIntervalMs;
    for (const path of this.tree.containerPaths()) {
      const node = this.tree.get(path);
      if (!node || node.children.size > 0) continue;
      if (node.cversion > 0) out.push(path);
      else if (neverUsedMs !== 0 && this.time.nowMs() - node.mtime > neverUsedMs) out.push(path);
    }
    return out.sort();
  }

  private post(candidates: string[], index: number): void {
    this.nextPost = null;
    if (index >= candidates.length) {
      this.checking = false;
      return;
    }
    const minIntervalMs = Math.floor(60_000 / this.config.containerMaxPerMinute);
    if (minIntervalMs <= 0) {
      for (const path of candidates.slice(index)) this.postDeleteRequest(path);
      this.checking = false;
      return;
    }
    this.postDeleteRequest(candidates[index]);
    this.nextPost = this.time.schedule('zookeeper-container-manager-post', minIntervalMs, () => this.post(candidates, index + 1));
  }
}
