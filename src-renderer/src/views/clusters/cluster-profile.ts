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

export function toProfile(form: ClusterProfileForm): ClusterProfileDto {
  return {
    name: form.name.trim(),
    brokers: form.brokers,
    racks: form.useRacks ? Array.from({ length: form.brokers }, (_, i) => rackOf(i, form.racks)) : null,
    logDirsPerBroker: form.logDirsPerBroker,
    brokerConfig: {
      'delete.topic.enable': String(form.deleteTopicEnable),
      'auto.create.topics.enable': String(form.autoCreateTopicsEnable),
      'unclean.leader.election.enable': String(form.uncleanLeaderElectionEnable),
      'num.partitions': String(form.numPartitions),
      'default.replication.factor': String(form.defaultReplicationFactor),
      'min.insync.replicas': String(form.minInsyncReplicas),
    },
  };
}
