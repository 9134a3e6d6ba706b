import { Errors } from '../../common/kafka-errors';
import type { UpdateMetadataRequest, UpdateMetadataResponse } from '../../controller/broker-requests';
import { Slicer, microtaskExecutor } from '../../platform/executor';
import type { ReplicaManagerCore } from './replica-manager-core';

/** state-change.log lines written between two yields. */
const LINES_PER_SLICE = 500;

/** `ReplicaManager.maybeUpdateMetadataCache`: an UpdateMetadata from the controller, into the MetadataCache. */
export async function maybeUpdateMetadataCache(
  rm: ReplicaManagerCore,
  correlationId: number,
  request: UpdateMetadataRequest,
): Promise<UpdateMetadataResponse> {
  rm.ensureRunning();
  if (request.controllerEpoch < rm.controllerEpoch) {
    rm.deps.stateChangeLog.warn(
      `Received update metadata request with correlation id ${correlationId} from an old controller ${request.controllerId} with epoch ${request.controllerEpoch}. Latest known controller epoch is ${rm.controllerEpoch}`,
    );
    return { apiKey: 'UpdateMetadata', errorCode: Errors.STALE_CONTROLLER_EPOCH.code };
  }
  rm.controllerEpoch = request.controllerEpoch;
  const { deleted, lines } = rm.deps.metadataCache.updateMetadata(correlationId, request);
  const slicer = new Slicer(rm.deps.executor ?? microtaskExecutor, LINES_PER_SLICE);
  for (const line of lines) {
    rm.deps.stateChangeLog.trace(line);
    await slicer.tick();
    rm.ensureRunning();
  }
  if (deleted.length > 0) rm.deps.onDeletedPartitions?.(deleted);
  return { apiKey: 'UpdateMetadata', errorCode: Errors.NONE.code };
}
