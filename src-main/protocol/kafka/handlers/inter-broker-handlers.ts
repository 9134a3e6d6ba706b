/**
 * The inter-broker APIs as Kafka 2.5.1's KafkaApis answers them to whoever sends them (no
 * authorizer, so CLUSTER_ACTION is allowed): LeaderAndIsr (4), StopReplica (5) and UpdateMetadata
 * (6) go to `KafkaServer.handleControllerRequest`, the very path the controller's channel takes —
 * a broker epoch older than this broker's is STALE_BROKER_EPOCH, a controller epoch older than the
 * ReplicaManager's STALE_CONTROLLER_EPOCH, anything else really acts. ControlledShutdown (7) goes
 * to this broker's KafkaController: NOT_CONTROLLER unless it is the active one, else the named
 * broker's controlled shutdown, with the controller's broker epoch check.
 */
import type { LeaderAndIsrPartitionState, UpdateMetadataPartitionState } from '../../../core/controller/broker-requests';
import type { LiveBroker } from '../../../core/controller/broker-info';
import { Errors } from '../../../core/common/kafka-errors';
import { SECURITY_PROTOCOLS, type EndPoint } from '../../../core/kafka-zk/broker-znodes';
import type { ApiHandler } from '../kafka-apis';
import type { ControlledShutdownWireRequest, ControlledShutdownWireResponse } from '../messages/controlled-shutdown';
import type { LeaderAndIsrWireRequest, LeaderAndIsrWireResponse } from '../messages/leader-and-isr';
import type { StopReplicaWireRequest, StopReplicaWireResponse } from '../messages/stop-replica';
import type { UpdateMetadataWireRequest, UpdateMetadataWireResponse } from '../messages/update-metadata';
import type { BrokerApiDeps } from './broker-api-deps';

type WirePartitionState = LeaderAndIsrWireRequest['ungroupedPartitionStates'][number];
type WireMetadataState = UpdateMetadataWireRequest['ungroupedPartitionStates'][number];
type WireLiveBroker = UpdateMetadataWireRequest['liveBrokers'][number];

/** `AbstractControlRequest.UNKNOWN_BROKER_EPOCH` stays −1; an epoch is a zxid, well within a double. */
const epochOf = (brokerEpoch: bigint): number => Number(brokerEpoch);

/** The fields LeaderAndIsr's and UpdateMetadata's partition states share (both requests carry them alike). */
function commonState(topicName: string, s: WirePartitionState | WireMetadataState) {
  return {
    topicName,
    partitionIndex: s.partitionIndex,
    controllerEpoch: s.controllerEpoch,
    leader: s.leader,
    leaderEpoch: s.leaderEpoch,
    isr: [...s.isr],
    zkVersion: s.zkVersion,
    replicas: [...s.replicas],
  };
}

function leaderAndIsrState(topicName: string, s: WirePartitionState): LeaderAndIsrPartitionState {
  return {
    ...commonState(topicName, s),
    addingReplicas: [...s.addingReplicas],
    removingReplicas: [...s.removingReplicas],
    isNew: s.isNew,
  };
}

function metadataState(topicName: string, s: WireMetadataState): UpdateMetadataPartitionState {
  return { ...commonState(topicName, s), offlineReplicas: [...s.offlineReplicas] };
}

/** `UpdateMetadataRequest.liveBrokers`: v0's single PLAINTEXT host and port; before v3 the listener is named after its protocol. */
function liveBroker(b: WireLiveBroker, version: number): LiveBroker {
  const endpoints: EndPoint[] =
    version === 0
      ? [{ host: b.v0Host, port: b.v0Port, listenerName: 'PLAINTEXT', securityProtocol: 'PLAINTEXT' }]
      : b.endpoints.map((e) => {
          const securityProtocol = SECURITY_PROTOCOLS[e.securityProtocol] ?? 'PLAINTEXT';
          return { host: e.host, port: e.port, listenerName: version >= 3 ? e.listener : securityProtocol, securityProtocol };
        });
  // UpdateMetadata carries no broker epochs.
  return { id: b.id, rack: b.rack, endpoints, epoch: -1 };
}

export function leaderAndIsrHandler({ broker }: BrokerApiDeps): ApiHandler<LeaderAndIsrWireRequest, LeaderAndIsrWireResponse> {
  return async (request) => {
    const partitionStates = [
      ...request.ungroupedPartitionStates.map((s) => leaderAndIsrState(s.topicName, s)),
      ...request.topicStates.flatMap((t) => t.partitionStates.map((s) => leaderAndIsrState(t.topicName, s))),
    ];
    const response = await broker.handleControllerRequest({
      apiKey: 'LeaderAndIsr',
      controllerId: request.controllerId,
      controllerEpoch: request.controllerEpoch,
      brokerEpoch: epochOf(request.brokerEpoch),
      partitionStates,
      liveLeaders: request.liveLeaders.map((l) => ({ brokerId: l.brokerId, host: l.hostName, port: l.port })),
    });
    return { errorCode: response.errorCode, partitionErrors: 'partitionErrors' in response ? response.partitionErrors : [] };
  };
}

export function stopReplicaHandler({ broker }: BrokerApiDeps): ApiHandler<StopReplicaWireRequest, StopReplicaWireResponse> {
  return async (request) => {
    const partitions = [
      ...request.ungroupedPartitions.map((p) => ({ topic: p.topicName, partition: p.partitionIndex })),
      ...request.topics.flatMap((t) => t.partitionIndexes.map((partition) => ({ topic: t.name, partition }))),
    ];
    const response = await broker.handleControllerRequest({
      apiKey: 'StopReplica',
      controllerId: request.controllerId,
      controllerEpoch: request.controllerEpoch,
      brokerEpoch: epochOf(request.brokerEpoch),
      deletePartitions: request.deletePartitions,
      partitions,
    });
    return { errorCode: response.errorCode, partitionErrors: 'partitionErrors' in response ? response.partitionErrors : [] };
  };
}

export function updateMetadataHandler({ broker }: BrokerApiDeps): ApiHandler<UpdateMetadataWireRequest, UpdateMetadataWireResponse> {
  return async (request, context) => {
    const partitionStates = [
      ...request.ungroupedPartitionStates.map((s) => metadataState(s.topicName, s)),
      ...request.topicStates.flatMap((t) => t.partitionStates.map((s) => metadataState(t.topicName, s))),
    ];
    const response = await broker.handleControllerRequest({
      apiKey: 'UpdateMetadata',
      controllerId: request.controllerId,
      controllerEpoch: request.controllerEpoch,
      brokerEpoch: epochOf(request.brokerEpoch),
      partitionStates,
      liveBrokers: request.liveBrokers.map((b) => liveBroker(b, context.header.apiVersion)),
    });
    return { errorCode: response.errorCode };
  };
}

export function controlledShutdownHandler({
  broker,
}: BrokerApiDeps): ApiHandler<ControlledShutdownWireRequest, ControlledShutdownWireResponse> {
  return async (request) => {
    const controller = broker.controller;
    // `processControlledShutdown` on an inactive controller throws ControllerMovedException: NOT_CONTROLLER.
    if (!controller) return { errorCode: Errors.NOT_CONTROLLER.code, remainingPartitions: [] };
    const result = await controller.controlledShutdown(request.brokerId, epochOf(request.brokerEpoch));
    return {
      errorCode: result.errorCode,
      remainingPartitions: result.partitionsRemaining.map((p) => ({ topicName: p.topic, partitionIndex: p.partition })),
    };
  };
}
