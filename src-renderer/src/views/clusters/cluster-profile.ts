/** The "new cluster" form and the profile it sends (workspaces.create). */
import type { ClusterProfileDto } from '../../api/types';

export interface ClusterProfileForm {
  name: string;
  brokers: number;
  useRacks: boolean;
  /** Broker i goes to rack `rack-(i % racks)`. */
  racks: number;
  logDirsPerBroker: number;
  deleteTopicEnable: boolean;
  autoCreateTopicsEnable: boolean;
  uncleanLeaderElectionEnable: boolean;
  numPartitions: number;
  defaultReplicationFactor: number;
  minInsyncReplicas: number;
}

/** Kafka 2.5's defaults for the key broker configs, and a 3-broker cluster. */
export function defaultProfileForm(): ClusterProfileForm {
  return {
    name: '',
    brokers: 3,
    useRacks: false,
    racks: 2,
    logDirsPerBroker: 1,
    deleteTopicEnable: true,
    autoCreateTopicsEnable: true,
    uncleanLeaderElectionEnable: false,
    numPartitions: 1,
    defaultReplicationFactor: 1,
    minInsyncReplicas: 1,
  };
}

export function rackOf(brokerIndex: number, racks: number): string {
  return `rack-${brokerIndex % Math.max(1, racks)}`;
}

type FieldsOf<T> = { [K in keyof ClusterProfileForm]: ClusterProfileForm[K] extends T ? K : never }[keyof ClusterProfileForm];

/** The broker configs the form sets: on/off ones, then counts (each at least 1). */
export const SWITCH_CONFIGS: ReadonlyArray<{ readonly property: string; readonly field: FieldsOf<boolean> }> = [
  { property: 'delete.topic.enable', field: 'deleteTopicEnable' },
  { property: 'auto.create.topics.enable', field: 'autoCreateTopicsEnable' },
  { property: 'unclean.leader.election.enable', field: 'uncleanLeaderElectionEnable' },
];
export const COUNT_CONFIGS: ReadonlyArray<{ readonly property: string; readonly field: FieldsOf<number> }> = [
  { property: 'num.partitions', field: 'numPartitions' },
  { property: 'default.replication.factor', field: 'defaultReplicationFactor' },
  { property: 'min.insync.replicas', field: 'minInsyncReplicas' },
];

/** The profile's fields a refusal may name (`brokerConfig.<property>` names one broker config). */
export const PROFILE_FIELDS: readonly string[] = [
  'name',
  'brokers',
  'racks',
  'logDirsPerBroker',
  'brokerConfig',
  ...[...SWITCH_CONFIGS, ...COUNT_CONFIGS].map((c) => c.property),
];

export function toProfile(form: ClusterProfileForm): ClusterProfileDto {
  return {
    name: form.name.trim(),
    brokers: form.brokers,
    racks: form.useRacks ? Array.from({ length: form.brokers }, (_, i) => rackOf(i, form.racks)) : null,
    logDirsPerBroker: form.logDirsPerBroker,
    brokerConfig: Object.fromEntries([...SWITCH_CONFIGS, ...COUNT_CONFIGS].map((c) => [c.property, String(form[c.field])])),
  };
}
