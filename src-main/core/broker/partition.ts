import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { LeaderAndIsrPartitionState } from '../controller/broker-requests';
import type { Log } from '../log/log';

/**
 * A partition as its broker hosts it (Kafka's `cluster.Partition`): the leadership it was told
 * about by the controller (leader, leader epoch, ISR and the state znode's zkVersion, which the
 * leader needs for conditional ISR updates), the assignment, and the local log.
 */
export class Partition {
  /** −1 until the first LeaderAndIsr: any epoch from the controller is newer. */
  leaderEpoch = -1;
  controllerEpoch = 0;
  zkVersion = 0;
  leader = -1;
  isr: number[] = [];
  replicas: number[] = [];
  addingReplicas: number[] = [];
  removingReplicas: number[] = [];
  log: Log | null = null;
  /** Leader only: when each follower was last caught up (`Replica.lastCaughtUpTimeMs`). */
  readonly lastCaughtUpTimeMs = new Map<number, number>();

  constructor(
    readonly topicPartition: TopicPartition,
    private readonly localBrokerId: number,
  ) {}

  get name(): string {
    return tpKey(this.topicPartition);
  }

  get isLeader(): boolean {
    return this.leader === this.localBrokerId;
  }

  /** Applies a LeaderAndIsr partition state (the part `makeLeader`/`makeFollower` share). */
  applyState(state: LeaderAndIsrPartitionState): void {
    this.controllerEpoch = state.controllerEpoch;
    this.replicas = [...state.replicas];
    this.addingReplicas = [...state.addingReplicas];
    this.removingReplicas = [...state.removingReplicas];
    this.isr = [...state.isr];
    this.leaderEpoch = state.leaderEpoch;
    this.zkVersion = state.zkVersion;
    this.leader = state.leader;
  }

  logPrefix(): string {
    return `[Partition ${this.name} broker=${this.localBrokerId}] `;
  }
}
