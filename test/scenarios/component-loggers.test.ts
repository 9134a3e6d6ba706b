/**
 * Each component writes under its own log4j logger with Kafka's log prefix (`kafka.utils.Logging`'s
 * loggerName and logIdent): the lines a follower's fetcher, the group coordinator and the
 * controller's state-change logger write when a replicated topic is created.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LogLine } from '../../src-main/core/common/logging';
import { ClusterHarness } from '../support/cluster-harness';
import { CREATE, adminOf, topic } from '../support/scenario';

function linesOf(h: ClusterHarness, brokerId: number, logger: string): LogLine[] {
  return h.events.flatMap((e) => (e.kind === 'log' && e.brokerId === brokerId && e.line.logger === logger ? [e.line] : []));
}

describe('component loggers', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it("write under Kafka's logger names, with each component's logIdent, to the file Kafka routes them to", async () => {
    h = await ClusterHarness.create({ brokers: 2, seed: 1313 });
    const [created] = await adminOf(h).createTopics([topic('pay', { assignment: [[0, 1]] })], CREATE);
    expect(created.errorCode, `seed ${h.seed}`).toBe(0);
    await h.settle();

    const fetcher = linesOf(h, 1, 'kafka.server.ReplicaFetcherThread');
    expect(fetcher[0], `seed ${h.seed}`).toEqual({
      file: 'server.log',
      level: 'INFO',
      logger: 'kafka.server.ReplicaFetcherThread',
      message: '[ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] Starting',
    });
    expect(
      fetcher.every((l) => l.message.startsWith('[ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] ')),
      `seed ${h.seed}`,
    ).toBe(true);

    const coordinator = linesOf(h, 0, 'kafka.coordinator.group.GroupCoordinator');
    expect(coordinator.slice(0, 2), `seed ${h.seed}`).toEqual([
      {
        file: 'server.log',
        level: 'INFO',
        logger: 'kafka.coordinator.group.GroupCoordinator',
        message: '[GroupCoordinator 0]: Starting up.',
      },
      {
        file: 'server.log',
        level: 'INFO',
        logger: 'kafka.coordinator.group.GroupCoordinator',
        message: '[GroupCoordinator 0]: Startup complete.',
      },
    ]);

    const stateChange = linesOf(h, 0, 'state.change.logger');
    expect(stateChange.length, `seed ${h.seed}`).toBeGreaterThan(0);
    expect(
      stateChange.every((l) => l.file === 'state-change.log'),
      `seed ${h.seed}`,
    ).toBe(true);
    expect(
      stateChange.map((l) => l.message),
      `seed ${h.seed}`,
    ).toContain(
      '[Controller id=0 epoch=1] Changed partition pay-0 state from NonExistentPartition to NewPartition with assigned replicas 0,1',
    );
  });

  it("controller.log: each of the controller's components under its own class (kafka.controller.*) and logIdent; the partition state changes at TRACE", async () => {
    h = await ClusterHarness.create({ brokers: 2, seed: 1314 });
    const [created] = await adminOf(h).createTopics([topic('pay', { assignment: [[0, 1]] })], CREATE);
    expect(created.errorCode, `seed ${h.seed}`).toBe(0);
    await h.settle();

    const controllerLog = h.events.flatMap((e) =>
      e.kind === 'log' && e.brokerId === 0 && e.line.file === 'controller.log' ? [e.line] : [],
    );
    const line = (logger: string, message: string): LogLine => ({
      file: 'controller.log',
      level: 'INFO',
      logger: `kafka.controller.${logger}`,
      message,
    });
    expect(controllerLog, `seed ${h.seed}`).toEqual(
      expect.arrayContaining([
        line(
          'KafkaController',
          '[Controller id=0] 0 successfully elected as the controller. Epoch incremented to 1 and epoch zk version is now 1',
        ),
        line('ZkReplicaStateMachine', '[ReplicaStateMachine controllerId=0] Initializing replica state'),
        line('ZkPartitionStateMachine', '[PartitionStateMachine controllerId=0] Initializing partition state'),
        line(
          'TopicDeletionManager',
          '[Topic Deletion Manager 0] Initializing manager with initial deletions: Set(), initial ineligible deletions: Set()',
        ),
      ]),
    );
    const LOGGER_OF_IDENT: Array<[string, string]> = [
      ['[Controller id=0] ', 'kafka.controller.KafkaController'],
      ['[ReplicaStateMachine controllerId=0] ', 'kafka.controller.ZkReplicaStateMachine'],
      ['[PartitionStateMachine controllerId=0] ', 'kafka.controller.ZkPartitionStateMachine'],
      ['[Topic Deletion Manager 0] ', 'kafka.controller.TopicDeletionManager'],
    ];
    for (const l of controllerLog)
      expect(l.logger, `${l.message} (seed ${h.seed})`).toBe(LOGGER_OF_IDENT.find(([ident]) => l.message.startsWith(ident))?.[1]);

    const changed = h.events.flatMap((e) =>
      e.kind === 'log' && e.brokerId === 0 && e.line.message.includes('Changed partition pay-0') ? [e.line] : [],
    );
    expect(
      changed.map((l) => `${l.file} ${l.level} ${l.logger}`),
      `seed ${h.seed}`,
    ).toEqual(['state-change.log TRACE state.change.logger', 'state-change.log TRACE state.change.logger']);
  });
});
