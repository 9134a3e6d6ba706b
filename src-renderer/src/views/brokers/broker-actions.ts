/**
 * What can be done to a broker, and when: the one action an operator expects first (start a stopped
 * broker, shut a running one down cleanly), the others in a menu, the destructive ones (they lose
 * data or the broker) apart and in red, each disabled with the reason when it cannot be done.
 */
import type { BrokerDto } from '../../api/types';
import type { BrokerAction } from '../../stores/brokers';

export const BROKER_ACTIONS: readonly BrokerAction[] = ['start', 'controlled-shutdown', 'kill', 'restart', 'fail-log-dir', 'remove'];
const RUNNING = new Set(['Starting', 'RunningAsBroker', 'PendingControlledShutdown', 'BrokerShuttingDown']);
const DANGEROUS = new Set<BrokerAction>(['kill', 'remove', 'fail-log-dir']);

function isRunning(broker: BrokerDto): boolean {
  return RUNNING.has(broker.state);
}

/** Why `action` cannot be done to `broker` now (an i18n key of `edges.brokers.blocked`), or null. */
export function actionBlockedReason(broker: BrokerDto, action: BrokerAction): string | null {
  const running = isRunning(broker);
  switch (action) {
    case 'start':
      return running ? 'edges.brokers.blocked.running' : null;
    case 'controlled-shutdown':
    case 'kill':
    case 'restart':
      return running ? null : 'edges.brokers.blocked.notRunning';
    case 'fail-log-dir':
      if (!running) return 'edges.brokers.blocked.notRunning';
      return broker.logDirs.some((d) => d.online) ? null : 'edges.brokers.blocked.noOnlineDir';
    case 'remove':
      // As the server refuses it: a running broker is shut down or killed first.
      return running ? 'edges.brokers.blocked.removeRunning' : null;
  }
}

export function actionAllowed(broker: BrokerDto, action: BrokerAction): boolean {
  return actionBlockedReason(broker, action) === null;
}

/** Actions that lose data or a broker: shown apart, in red. */
export function actionIsDangerous(action: BrokerAction): boolean {
  return DANGEROUS.has(action);
}

/** The button of the row: start a stopped broker, shut a running one down cleanly. */
export function primaryAction(broker: BrokerDto): BrokerAction {
  return isRunning(broker) ? 'controlled-shutdown' : 'start';
}

/** The menu's actions: the safe ones (the primary left out), then the destructive ones. */
export function menuActions(broker: BrokerDto): { safe: BrokerAction[]; destructive: BrokerAction[] } {
  const primary = primaryAction(broker);
  const rest = BROKER_ACTIONS.filter((a) => a !== primary);
  return { safe: rest.filter((a) => !actionIsDangerous(a)), destructive: rest.filter(actionIsDangerous) };
}
