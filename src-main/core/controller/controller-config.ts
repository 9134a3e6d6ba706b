/** The broker configs the controller reads (KafkaConfig), with Kafka 2.5's defaults. */
export interface ControllerConfig {
  brokerId: number;
  deleteTopicEnable: boolean;
  autoLeaderRebalanceEnable: boolean;
  leaderImbalanceCheckIntervalSeconds: number;
  leaderImbalancePerBrokerPercentage: number;
  uncleanLeaderElectionEnable: boolean;
}

export const DEFAULT_CONTROLLER_CONFIG: Omit<ControllerConfig, 'brokerId'> = {
  deleteTopicEnable: true,
  autoLeaderRebalanceEnable: true,
  leaderImbalanceCheckIntervalSeconds: 300,
  leaderImbalancePerBrokerPercentage: 10,
  uncleanLeaderElectionEnable: false,
};
