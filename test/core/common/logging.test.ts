import { describe, expect, it } from 'vitest';
import { IllegalStateException } from '../../../src-main/core/common/java-lang';
import { Logger, type LogLine } from '../../../src-main/core/common/logging';
import { StateChangeLogger, type StateChangeLine } from '../../../src-main/core/controller/state-change-logger';
import { IOException } from '../../../src-main/core/log/errors';
import { Code, KeeperException } from '../../../src-main/core/zookeeper';

function capture(): { lines: LogLine[]; sink: (l: LogLine) => void } {
  const lines: LogLine[] = [];
  return { lines, sink: (l) => lines.push(l) };
}

describe('Logger (kafka.utils.Logging)', () => {
  it("writes server.log under the component's logger, each message after its logIdent", () => {
    const { lines, sink } = capture();
    const log = new Logger(sink, 'kafka.coordinator.group.GroupCoordinator', { logIdent: '[GroupCoordinator 1]: ' });
    log.info('Starting up.');
    expect(lines).toEqual([
      {
        file: 'server.log',
        level: 'INFO',
        logger: 'kafka.coordinator.group.GroupCoordinator',
        message: '[GroupCoordinator 1]: Starting up.',
      },
    ]);
  });

  it('has one method per level; fatal is ERROR, as log4j prints a FATAL-marked error', () => {
    const { lines, sink } = capture();
    const log = new Logger(sink, 'kafka.server.ReplicaFetcherThread', {
      logIdent: '[ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] ',
    });
    log.trace('t');
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    log.fatal('f');
    expect(lines.map((l) => `${l.level} ${l.message}`)).toEqual([
      'TRACE [ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] t',
      'DEBUG [ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] d',
      'INFO [ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] i',
      'WARN [ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] w',
      'ERROR [ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] e',
      'ERROR [ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] f',
    ]);
    expect(lines.every((l) => l.throwable === undefined)).toBe(true);
  });

  it('without a logIdent writes the message alone, and to the file it is given', () => {
    const { lines, sink } = capture();
    new Logger(sink, 'kafka.controller.KafkaController', { file: 'controller.log' }).warn('Controller has already moved');
    expect(lines).toEqual([
      { file: 'controller.log', level: 'WARN', logger: 'kafka.controller.KafkaController', message: 'Controller has already moved' },
    ]);
  });

  it('puts the exception logged with a line under it, in Java text with its causes', () => {
    const { lines, sink } = capture();
    const log = new Logger(sink, 'kafka.server.DynamicConfigManager$ConfigChangedNotificationHandler');
    log.error('Failed to process config change', new IOException('disk', { cause: new KeeperException(Code.NONODE, '/config/topics/t') }));
    log.warn('no cause here', new IllegalStateException('s'));
    expect(lines[0].message).toBe('Failed to process config change');
    expect(lines[0].throwable).toBe(
      'java.io.IOException: disk\nCaused by: org.apache.zookeeper.KeeperException$NoNodeException: KeeperErrorCode = NoNode for /config/topics/t',
    );
    expect(lines[1].throwable).toBe('java.lang.IllegalStateException: s');
  });

  it('reads a logIdent given as a function at each line, as Kafka re-reads its logIdent var', () => {
    const { lines, sink } = capture();
    let epoch = 1;
    const log = new Logger(sink, 'state.change.logger', { logIdent: () => `[Controller id=0 epoch=${epoch}] `, file: 'state-change.log' });
    log.info('a');
    epoch = 2;
    log.info('b');
    expect(lines.map((l) => l.message)).toEqual(['[Controller id=0 epoch=1] a', '[Controller id=0 epoch=2] b']);
    expect(log.msgWithLogIdent('c')).toBe('[Controller id=0 epoch=2] c');
  });
});

describe('StateChangeLogger', () => {
  it("prefixes the controller's lines with its id and current epoch, a broker's with its id", () => {
    const lines: StateChangeLine[] = [];
    let epoch = 3;
    const controller = new StateChangeLogger(
      0,
      true,
      () => epoch,
      (l) => lines.push(l),
    );
    const broker = new StateChangeLogger(
      2,
      false,
      () => epoch,
      (l) => lines.push(l),
    );
    controller.trace('Changed partition t-0 state from NewPartition to OnlinePartition');
    epoch = 4;
    controller.error('x');
    broker.info('y');
    broker.warn('z');
    expect(lines).toEqual([
      { level: 'TRACE', message: '[Controller id=0 epoch=3] Changed partition t-0 state from NewPartition to OnlinePartition' },
      { level: 'ERROR', message: '[Controller id=0 epoch=4] x' },
      { level: 'INFO', message: '[Broker id=2] y' },
      { level: 'WARN', message: '[Broker id=2] z' },
    ]);
  });
});
