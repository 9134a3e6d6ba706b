/** Every API one broker answers, each going through the same core paths as the UI. */
import { createAclsHandler, deleteAclsHandler, describeAclsHandler } from './handlers/acl-handlers';
import { deleteRecordsHandler } from './handlers/delete-records-handler';
import { fetchHandler } from './handlers/fetch-handler';
import { findCoordinatorHandler } from './handlers/find-coordinator-handler';
import { deleteGroupsHandler, offsetDeleteHandler } from './handlers/group-deletion-handlers';
import { describeGroupsHandler, listGroupsHandler } from './handlers/group-listing-handlers';
import { heartbeatHandler, joinGroupHandler, leaveGroupHandler, syncGroupHandler } from './handlers/group-membership-handlers';
import { offsetCommitHandler, offsetFetchHandler } from './handlers/offset-handlers';
import type { BrokerApiDeps } from './handlers/broker-api-deps';
import { alterReplicaLogDirsHandler } from './handlers/alter-replica-log-dirs-handler';
import { describeLogDirsHandler, electLeadersHandler, initProducerIdHandler } from './handlers/broker-state-handlers';
import { alterConfigsHandler, describeConfigsHandler, incrementalAlterConfigsHandler } from './handlers/config-handlers';
import { listOffsetsHandler } from './handlers/list-offsets-handler';
import { offsetForLeaderEpochHandler } from './handlers/offset-for-leader-epoch-handler';
import { metadataHandler } from './handlers/metadata-handler';
import {
  createDelegationTokenHandler,
  describeDelegationTokenHandler,
  expireDelegationTokenHandler,
  renewDelegationTokenHandler,
  saslAuthenticateHandler,
  saslHandshakeHandler,
} from './handlers/plaintext-listener-handlers';
import { produceHandler } from './handlers/produce-handler';
import { alterPartitionReassignmentsHandler, listPartitionReassignmentsHandler } from './handlers/reassignment-handlers';
import { createPartitionsHandler, createTopicsHandler, deleteTopicsHandler } from './handlers/topic-admin-handlers';
import {
  controlledShutdownHandler,
  leaderAndIsrHandler,
  stopReplicaHandler,
  updateMetadataHandler,
} from './handlers/inter-broker-handlers';
import { writeTxnMarkersHandler } from './handlers/write-txn-markers-handler';
import { KafkaApis } from './kafka-apis';
import { requestChannelMetrics } from './request-metrics';
import { CONTROLLED_SHUTDOWN } from './messages/controlled-shutdown';
import { LEADER_AND_ISR } from './messages/leader-and-isr';
import { STOP_REPLICA } from './messages/stop-replica';
import { UPDATE_METADATA } from './messages/update-metadata';
import { ALTER_CONFIGS } from './messages/alter-configs';
import { INCREMENTAL_ALTER_CONFIGS } from './messages/incremental-alter-configs';
import { ALTER_PARTITION_REASSIGNMENTS } from './messages/alter-partition-reassignments';
import { CREATE_ACLS } from './messages/create-acls';
import { CREATE_PARTITIONS } from './messages/create-partitions';
import { CREATE_TOPICS } from './messages/create-topics';
import { DELETE_ACLS } from './messages/delete-acls';
import { DELETE_RECORDS } from './messages/delete-records';
import { DELETE_TOPICS } from './messages/delete-topics';
import { DESCRIBE_ACLS } from './messages/describe-acls';
import { DESCRIBE_CONFIGS } from './messages/describe-configs';
import { ALTER_REPLICA_LOG_DIRS } from './messages/alter-replica-log-dirs';
import { DESCRIBE_LOG_DIRS } from './messages/describe-log-dirs';
import { ELECT_LEADERS } from './messages/elect-leaders';
import { FETCH } from './messages/fetch';
import { INIT_PRODUCER_ID } from './messages/init-producer-id';
import { LIST_OFFSETS } from './messages/list-offsets';
import { LIST_PARTITION_REASSIGNMENTS } from './messages/list-partition-reassignments';
import { METADATA } from './messages/metadata';
import { PRODUCE } from './messages/produce';
import { SASL_AUTHENTICATE } from './messages/sasl-authenticate';
import { SASL_HANDSHAKE } from './messages/sasl-handshake';
import {
  CREATE_DELEGATION_TOKEN,
  DESCRIBE_DELEGATION_TOKEN,
  EXPIRE_DELEGATION_TOKEN,
  RENEW_DELEGATION_TOKEN,
} from './messages/delegation-tokens';
import { DELETE_GROUPS } from './messages/delete-groups';
import { DESCRIBE_GROUPS } from './messages/describe-groups';
import { FIND_COORDINATOR } from './messages/find-coordinator';
import { HEARTBEAT } from './messages/heartbeat';
import { JOIN_GROUP } from './messages/join-group';
import { LEAVE_GROUP } from './messages/leave-group';
import { LIST_GROUPS } from './messages/list-groups';
import { OFFSET_COMMIT } from './messages/offset-commit';
import { OFFSET_DELETE } from './messages/offset-delete';
import { OFFSET_FETCH } from './messages/offset-fetch';
import { OFFSET_FOR_LEADER_EPOCH } from './messages/offset-for-leader-epoch';
import { SYNC_GROUP } from './messages/sync-group';
import { WRITE_TXN_MARKERS } from './messages/write-txn-markers';

export type { BrokerApiDeps } from './handlers/broker-api-deps';

export function brokerApis(deps: BrokerApiDeps): KafkaApis {
  const { broker, time } = deps;
  const apis = new KafkaApis({
    quotaManagers: () => broker.quotaManagers,
    clock: time,
    requestChannelMetrics: () => (broker.metrics === null ? null : requestChannelMetrics(broker.metrics)),
  });
  apis.register(PRODUCE, produceHandler(broker, time));
  apis.register(FETCH, fetchHandler(broker, time));
  apis.register(LIST_OFFSETS, listOffsetsHandler(broker));
  apis.register(METADATA, metadataHandler(deps));
  apis.register(LEADER_AND_ISR, leaderAndIsrHandler(deps));
  apis.register(STOP_REPLICA, stopReplicaHandler(deps));
  apis.register(UPDATE_METADATA, updateMetadataHandler(deps));
  apis.register(CONTROLLED_SHUTDOWN, controlledShutdownHandler(deps));
  apis.register(CREATE_TOPICS, createTopicsHandler(deps));
  apis.register(DELETE_TOPICS, deleteTopicsHandler(deps));
  apis.register(DELETE_RECORDS, deleteRecordsHandler(broker));
  apis.register(INIT_PRODUCER_ID, initProducerIdHandler(deps));
  apis.register(OFFSET_FOR_LEADER_EPOCH, offsetForLeaderEpochHandler(broker));
  apis.register(WRITE_TXN_MARKERS, writeTxnMarkersHandler(broker));
  apis.register(DESCRIBE_CONFIGS, describeConfigsHandler(deps));
  apis.register(ALTER_CONFIGS, alterConfigsHandler(deps));
  apis.register(INCREMENTAL_ALTER_CONFIGS, incrementalAlterConfigsHandler(deps));
  apis.register(ALTER_REPLICA_LOG_DIRS, alterReplicaLogDirsHandler(deps));
  apis.register(DESCRIBE_LOG_DIRS, describeLogDirsHandler(deps));
  apis.register(CREATE_PARTITIONS, createPartitionsHandler(deps));
  apis.register(ELECT_LEADERS, electLeadersHandler(deps));
  apis.register(ALTER_PARTITION_REASSIGNMENTS, alterPartitionReassignmentsHandler(deps));
  apis.register(LIST_PARTITION_REASSIGNMENTS, listPartitionReassignmentsHandler(deps));
  apis.register(FIND_COORDINATOR, findCoordinatorHandler(broker));
  apis.register(JOIN_GROUP, joinGroupHandler(broker));
  apis.register(SYNC_GROUP, syncGroupHandler(broker));
  apis.register(HEARTBEAT, heartbeatHandler(broker));
  apis.register(LEAVE_GROUP, leaveGroupHandler(broker));
  apis.register(OFFSET_COMMIT, offsetCommitHandler(broker, time));
  apis.register(OFFSET_FETCH, offsetFetchHandler(broker));
  apis.register(LIST_GROUPS, listGroupsHandler(broker));
  apis.register(DESCRIBE_GROUPS, describeGroupsHandler(broker));
  apis.register(DELETE_GROUPS, deleteGroupsHandler(broker));
  apis.register(OFFSET_DELETE, offsetDeleteHandler(broker));
  apis.register(DESCRIBE_ACLS, describeAclsHandler());
  apis.register(CREATE_ACLS, createAclsHandler());
  apis.register(DELETE_ACLS, deleteAclsHandler());
  apis.register(SASL_HANDSHAKE, saslHandshakeHandler());
  apis.register(SASL_AUTHENTICATE, saslAuthenticateHandler());
  apis.register(CREATE_DELEGATION_TOKEN, createDelegationTokenHandler());
  apis.register(RENEW_DELEGATION_TOKEN, renewDelegationTokenHandler());
  apis.register(EXPIRE_DELEGATION_TOKEN, expireDelegationTokenHandler());
  apis.register(DESCRIBE_DELEGATION_TOKEN, describeDelegationTokenHandler());
  return apis;
}
