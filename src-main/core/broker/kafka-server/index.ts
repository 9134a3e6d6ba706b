export { KafkaServer } from './kafka-server';
export type { BrokerDefinition, BrokerPeer, BrokerStateName, KafkaServerDeps } from './kafka-server-deps';
export type { RunningBroker } from './running-broker';
