import type { LogLine } from '../common/logging';
import type { BrokerStateName } from '../broker/kafka-server';
import type { EventManagerNotice } from '../controller/controller-event-manager';
import type { LogManagerEvent } from '../log/log-manager/log-manager-event';
import type { ZkServerEvent } from '../zookeeper';
import type { ChannelEvent } from '../controller/controller-channel-manager';

/**
 * Everything an operator may want to watch, as one typed stream: ZooKeeper transactions and
 * watches, controller events taken and finished, requests sent and answered, log lines (with the
 * file Kafka writes them to), log dir changes, malformed znodes and broker state changes.
 */
export type ClusterEvent = { timeMs: number } & (
  | { kind: 'zookeeper'; event: ZkServerEvent }
  | { kind: 'log'; brokerId: number; line: LogLine }
  | { kind: 'controller'; brokerId: number; notice: EventManagerNotice }
  | { kind: 'channel'; brokerId: number; event: ChannelEvent }
  | { kind: 'log-manager'; brokerId: number; event: LogManagerEvent }
  | { kind: 'znode-problem'; brokerId: number; path: string; message: string; kafkaReading: string }
  | { kind: 'broker-state'; brokerId: number; state: BrokerStateName }
);

/**
 * The log4j line an event stands for, if any: a broker's own lines, and the LogManager's (and its
 * logs') events, which Kafka writes to server.log.
 */
export function logLineOf(event: ClusterEvent): { brokerId: number; line: LogLine } | null {
  if (event.kind === 'log') return { brokerId: event.brokerId, line: event.line };
  if (event.kind !== 'log-manager') return null;
  const e = event.event;
  const level = e.level === 'FATAL' ? 'ERROR' : e.level;
  return {
    brokerId: event.brokerId,
    line: { file: 'server.log', level, logger: e.logger, message: e.message, ...(e.cause === undefined ? {} : { throwable: e.cause }) },
  };
}
