export {
  adminOperationError,
  addPartitionsStartIndex,
  assignReplicasToBrokers,
  getBrokerMetadatas,
  getRackAlternatedBrokerList,
  replicaIndex,
} from './replica-assignment';
export type { BrokerMetadata, PartitionReplicaAssignment, RackAwareMode } from './replica-assignment';
export { createNewPartitionsAssignment, prepareCreatePartitions, replicaAssignmentError } from './create-partitions';
export type { CreatePartitionsContext, CreatePartitionsTopic, ExistingPartitionAssignment } from './create-partitions';
export { NO_NUM_PARTITIONS, NO_REPLICATION_FACTOR, prepareAdminZkCreateTopic, prepareCreateTopic, topicCreateError } from './create-topic';
export type { CreatableTopic, CreateTopicsContext, PreparedTopic } from './create-topic';
export { newPartitionsFromFullAssignment, parseReplicaAssignment, TopicCommandError, validateCreateTopicOptions } from './topic-command';
export type { TopicCommandExceptionName } from './topic-command';
export {
  collidingTopics,
  containsValidPattern,
  GROUP_METADATA_TOPIC_NAME,
  hasCollision,
  hasCollisionChars,
  isInternalTopic,
  LEGAL_CHARS,
  MAX_NAME_LENGTH,
  topicExistenceError,
  topicNameError,
  topicNameProblem,
  TRANSACTION_STATE_TOPIC_NAME,
  unifyCollisionChars,
  validateTopic,
} from './topic-name';
export { assertValidTopicConfigs, brokerConfigSynonyms, ConfigSource, effectiveTopicConfig, topicConfigApiError } from './topic-configs';
export type { ConfigSourceName, ConfigSynonym, TopicConfigEntry } from './topic-configs';
export { BROKER_COMPRESSION_OPTIONS, BROKER_CONFIG_DEF, BrokerConfig, brokerConfigKey, KafkaConfig } from '../config/kafka-config';
export type { BrokerConfigName } from '../config/kafka-config';
