/** What can be done to a broker, and when. */
import type { BrokerDto } from '../../api/types';
import type { BrokerAction } from '../../stores/brokers';

export const BROKER_ACTIONS: readonly BrokerAction[] = ['start', 'controlled-shutdown', 'kill', 'restart', 'fail-log-dir', 'remove'];
const RUNNING = new Set(['Starting', 'RunningAsBroker', 'PendingControlledShutdown', 'BrokerShuttingDown']);
const DANGEROUS = new Set<BrokerAction>(['kill', 'remove', 'fail-log-dir']);

export function actionAllowed(broker: BrokerDto, action: BrokerAction): boolean {
  const running = RUNNING.has(broker.state);
  switch (action) {
    case 'start':
      return !running;
    case 'controlled-shutdown':
    case 'kill':
    case 'restart':
      return running;
    case 'fail-log-dir':
      return running && broker.logDirs.some((d) => d.online);
    case 'remove':
      return true;
  }
}

/** Actions that lose data or a broker: shown in red. */
export function actionIsDangerous(action: BrokerAction): boolean {
  return DANGEROUS.has(action);
}
