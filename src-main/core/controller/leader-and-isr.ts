import type { LeaderAndIsr, LeaderIsrAndControllerEpoch } from '../kafka-zk/topic-znodes';
import { LeaderAndIsr as LeaderAndIsrConstants } from '../kafka-zk/topic-znodes';

export type { LeaderAndIsr, LeaderIsrAndControllerEpoch } from '../kafka-zk/topic-znodes';

/** `LeaderAndIsr.NoLeader` */
export const NO_LEADER = LeaderAndIsrConstants.NoLeader;
/** `LeaderAndIsr.LeaderDuringDelete`: UpdateMetadata's leader for a topic being deleted. */
export const LEADER_DURING_DELETE = LeaderAndIsrConstants.LeaderDuringDelete;

/** A new leader and ISR from an election: epoch + 1, zkVersion carried for the conditional write. */
export function newLeaderAndIsr(current: LeaderAndIsr, leader: number, isr: readonly number[]): LeaderAndIsr {
  return { leader, leaderEpoch: current.leaderEpoch + 1, isr: [...isr], zkVersion: current.zkVersion };
}

/** `LeaderAndIsr.toString` of Kafka 2.5 (the ISR is a Scala List). */
export function formatLeaderAndIsr(l: LeaderAndIsr): string {
  return `LeaderAndIsr(leader=${l.leader}, leaderEpoch=${l.leaderEpoch}, isr=List(${l.isr.join(', ')}), zkVersion=${l.zkVersion})`;
}

export function formatLeaderIsrAndControllerEpoch(l: LeaderIsrAndControllerEpoch): string {
  return `(Leader:${l.leaderAndIsr.leader},ISR:${l.leaderAndIsr.isr.join(',')},LeaderEpoch:${l.leaderAndIsr.leaderEpoch},ControllerEpoch:${l.controllerEpoch})`;
}
