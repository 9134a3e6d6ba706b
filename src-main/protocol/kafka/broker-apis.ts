/** Every API one broker answers, each going through the same core paths as the UI. */
import { fetchHandler } from './handlers/fetch-handler';
import type { BrokerApiDeps } from './handlers/broker-api-deps';
import { describeLogDirsHandler, electLeadersHandler, initProducerIdHandler } from './handlers/broker-state-handlers';
import { alterConfigsHandler, describeConfigsHandler } from './handlers/config-handlers';
import { listOffsetsHandler } from './handlers/list-offsets-handler';
import { metadataHandler } from './handlers/metadata-handler';
import { produceHandler } from './handlers/produce-handler';
import { createPartitionsHandler, createTopicsHandler, deleteTopicsHandler } from './handlers/topic-admin-handlers';
import { KafkaApis } from './kafka-apis';
import { ALTER_CONFIGS } from './messages/alter-configs';
import { CREATE_PARTITIONS } from './messages/create-partitions';
import { CREATE_TOPICS } from './messages/create-topics';
import { DELETE_TOPICS } from './messages/delete-topics';
import { DESCRIBE_CONFIGS } from './messages/describe-configs';
import { DESCRIBE_LOG_DIRS } from './messages/describe-log-dirs';
import { ELECT_LEADERS } from './messages/elect-leaders';
import { FETCH } from './messages/fetch';
import { INIT_PRODUCER_ID } from './messages/init-producer-id';
import { LIST_OFFSETS } from './messages/list-offsets';
import { METADATA } from './messages/metadata';
import { PRODUCE } from './messages/produce';

export type { BrokerApiDeps } from './handlers/broker-api-deps';

export function brokerApis(deps: BrokerApiDeps): KafkaApis {
  const { broker, time } = deps;
  const apis = new KafkaApis();
  apis.register(PRODUCE, produceHandler(broker));
  apis.register(FETCH, fetchHandler(broker, time));
  apis.register(LIST_OFFSETS, listOffsetsHandler(broker));
  apis.register(METADATA, metadataHandler(deps));
  apis.register(CREATE_TOPICS, createTopicsHandler(deps));
  apis.register(DELETE_TOPICS, deleteTopicsHandler(deps));
  apis.register(INIT_PRODUCER_ID, initProducerIdHandler(deps));
  apis.register(DESCRIBE_CONFIGS, describeConfigsHandler(deps));
  apis.register(ALTER_CONFIGS, alterConfigsHandler(deps));
  apis.register(DESCRIBE_LOG_DIRS, describeLogDirsHandler(deps));
  apis.register(CREATE_PARTITIONS, createPartitionsHandler(deps));
  apis.register(ELECT_LEADERS, electLeadersHandler(deps));
  return apis;
}
