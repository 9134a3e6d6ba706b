import type { BrokerConfig } from '../../config/kafka-config';
import { Errors } from '../../common/kafka-errors';
import type { Logger } from '../../common/logging';
import type { KafkaZkClient } from '../../kafka-zk/kafka-zk-client';
import type { KafkaServerDeps } from './kafka-server-deps';

/** What controlled shutdown reads from its `KafkaServer`. */
export interface ShuttingDownBroker {
  readonly id: number;
  readonly config: BrokerConfig;
  readonly deps: KafkaServerDeps;
  readonly logger: Logger;
  readonly kafkaZk: KafkaZkClient | null;
  readonly brokerEpoch: number;
}

/**
 * `KafkaServer.controlledShutdown`: asks the controller (found in ZooKeeper) to move this broker's
 * leaderships away, `controlled.shutdown.max.retries` times with `controlled.shutdown.retry.backoff.ms`
 * between. True once the controller has no partition left to move; false if every attempt failed
 * or the process was killed meanwhile.
 */
export async function controlledShutdown(s: ShuttingDownBroker, killed: () => boolean): Promise<boolean> {
  const retries = s.config.get('controlled.shutdown.max.retries') as number;
  const backoffMs = Number(s.config.get('controlled.shutdown.retry.backoff.ms'));
  for (let remaining = retries; remaining > 0; remaining--) {
    let controllerId: number | null | undefined;
    try {
      controllerId = await s.kafkaZk?.getControllerId();
    } catch (e) {
      // A kill meanwhile dropped the session under the read.
      if (killed()) return false;
      throw e;
    }
    if (killed()) return false;
    const controller = controllerId === null || controllerId === undefined ? undefined : s.deps.peer(controllerId)?.controller;
    if (controllerId === null || controllerId === undefined) s.logger.info('No controller registered in ZooKeeper');
    if (controller) {
      const result = await controller.controlledShutdown(s.id, s.brokerEpoch);
      if (killed()) return false;
      if (result.errorCode === Errors.NONE.code && result.partitionsRemaining.length === 0) {
        s.logger.info('Controlled shutdown succeeded');
        return true;
      }
      s.logger.info(`Remaining partitions to move: ${result.partitionsRemaining.map((p) => `${p.topic}-${p.partition}`).join(',')}`);
      s.logger.info(`Error from controller: ${result.errorCode}`);
    }
    // On the shared clock: the wait ends even if the process dies meanwhile (its own timers would not run).
    await new Promise<void>((resolve) => s.deps.time.schedule(`controlled-shutdown-backoff-${s.id}`, backoffMs, resolve));
    if (killed()) return false;
    s.logger.warn('Retrying controlled shutdown after the previous attempt failed...');
  }
  return false;
}
