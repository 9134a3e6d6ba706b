import type { ControllerRequest, ControllerResponse } from '../controller/broker-requests';
import type { ChannelEvent } from '../controller/controller-channel-manager';

/** Partition entries kept in an event's copy of a request; the count says how many there were. */
const SAMPLE = 20;

export interface RequestSummary {
  apiKey: ControllerRequest['apiKey'];
  controllerId: number;
  controllerEpoch: number;
  brokerEpoch: number;
  deletePartitions?: boolean;
  partitionCount: number;
  /** The first partitions of the request, in full. */
  partitions: unknown[];
  liveBrokers?: number[];
}

/** A request as the event log keeps it: the header and a sample, not 10,000 partition states. */
export function summarizeRequest(request: ControllerRequest): RequestSummary {
  const base = {
    apiKey: request.apiKey,
    controllerId: request.controllerId,
    controllerEpoch: request.controllerEpoch,
    brokerEpoch: request.brokerEpoch,
  };
  switch (request.apiKey) {
    case 'LeaderAndIsr':
      return { ...base, partitionCount: request.partitionStates.length, partitions: request.partitionStates.slice(0, SAMPLE) };
    case 'UpdateMetadata':
      return {
        ...base,
        partitionCount: request.partitionStates.length,
        partitions: request.partitionStates.slice(0, SAMPLE),
        liveBrokers: request.liveBrokers.map((b) => b.id),
      };
    case 'StopReplica':
      return {
        ...base,
        deletePartitions: request.deletePartitions,
        partitionCount: request.partitions.length,
        partitions: request.partitions.slice(0, SAMPLE),
      };
  }
}

export function summarizeResponse(response: ControllerResponse): {
  apiKey: string;
  errorCode: number;
  partitionErrorCount: number;
  partitionErrors: unknown[];
} {
  const errors = 'partitionErrors' in response ? response.partitionErrors : [];
  return {
    apiKey: response.apiKey,
    errorCode: response.errorCode,
    partitionErrorCount: errors.length,
    partitionErrors: errors.filter((e) => e.errorCode !== 0).slice(0, SAMPLE),
  };
}

export type SummarizedChannelEvent =
  | { kind: 'request-sent' | 'request-dropped'; brokerId: number; request: RequestSummary }
  | { kind: 'response-received'; brokerId: number; request: RequestSummary; response: ReturnType<typeof summarizeResponse> };

export function summarizeChannelEvent(e: ChannelEvent): SummarizedChannelEvent {
  if (e.kind === 'response-received')
    return { kind: e.kind, brokerId: e.brokerId, request: summarizeRequest(e.request), response: summarizeResponse(e.response) };
  return { kind: e.kind, brokerId: e.brokerId, request: summarizeRequest(e.request) };
}
