/** What a broker's request handlers work through: the broker itself, its clock, and the admin paths the UI uses too. */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import type { ClusterAdmin } from '../../../core/cluster/cluster-admin';
import type { Time } from '../../../core/platform/scheduler';

export interface BrokerApiDeps {
  readonly broker: KafkaServer;
  readonly time: Time;
  readonly admin: ClusterAdmin;
}

/** KafkaApis' `controller.isActive`: the controller-only APIs answer NOT_CONTROLLER elsewhere. */
export function isActiveController(broker: KafkaServer): boolean {
  return broker.controller?.isActive() ?? false;
}

/** The names that appear more than once, in first-seen order. */
export function duplicates(names: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const n of names) (seen.has(n) ? dupes : seen).add(n);
  return dupes;
}
