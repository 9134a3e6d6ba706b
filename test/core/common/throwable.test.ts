import { describe, expect, it } from 'vitest';
import { ConfigException } from '../../../src-main/core/common/config-def';
import { IllegalStateException, NumberFormatException } from '../../../src-main/core/common/java-lang';
import { KafkaApiError } from '../../../src-main/core/common/kafka-errors';
import {
  errorMessage,
  javaClassOf,
  JS_NAME,
  KAFKA_ERRORS_PACKAGE,
  RUNTIME_EXCEPTION,
  stackTrace,
  stackTraceLines,
  throwableToString,
  toError,
} from '../../../src-main/core/common/throwable';
import { IOException } from '../../../src-main/core/log/errors';
import { FileSystemError } from '../../../src-main/core/platform/file-system';
import { ZnodeFormatError } from '../../../src-main/core/kafka-zk/znode-format-error';
import { Code, KeeperException } from '../../../src-main/core/zookeeper';
import { MultiException } from '../../../src-main/core/zookeeper/zookeeper-client';

describe('throwableToString (Throwable.toString)', () => {
  it('prints a Java exception of the emulator under its Java class', () => {
    expect(throwableToString(new IllegalStateException('not running'))).toBe('java.lang.IllegalStateException: not running');
    expect(throwableToString(NumberFormatException.forInputString('x'))).toBe('java.lang.NumberFormatException: For input string: "x"');
    expect(throwableToString(new ConfigException('Invalid value'))).toBe('org.apache.kafka.common.config.ConfigException: Invalid value');
  });

  it("prints an ApiException under the class of its error's package", () => {
    expect(throwableToString(new KafkaApiError('NOT_LEADER_FOR_PARTITION'))).toBe(
      'org.apache.kafka.common.errors.NotLeaderForPartitionException: This server is not the leader for that topic-partition.',
    );
    expect(
      throwableToString(new KafkaApiError('INVALID_REPLICATION_FACTOR', 'Replication factor: 4 larger than available brokers: 3.')),
    ).toBe('org.apache.kafka.common.errors.InvalidReplicationFactorException: Replication factor: 4 larger than available brokers: 3.');
    // InvalidRecordException is the one that lives in org.apache.kafka.common in 2.5.
    expect(javaClassOf(new KafkaApiError('INVALID_RECORD'))).toBe('org.apache.kafka.common.InvalidRecordException');
    // An AdminOperationException carried as UNKNOWN_SERVER_ERROR keeps its own class.
    expect(javaClassOf(new KafkaApiError('UNKNOWN_SERVER_ERROR', 'x', 'AdminOperationException'))).toBe(
      'kafka.admin.AdminOperationException',
    );
  });

  it('prints a KeeperException under the subclass KeeperException.create gives its code', () => {
    expect(throwableToString(new KeeperException(Code.NONODE, '/brokers/ids/3'))).toBe(
      'org.apache.zookeeper.KeeperException$NoNodeException: KeeperErrorCode = NoNode for /brokers/ids/3',
    );
    expect(throwableToString(new KeeperException(Code.NODEEXISTS, '/controller'))).toBe(
      'org.apache.zookeeper.KeeperException$NodeExistsException: KeeperErrorCode = NodeExists for /controller',
    );
    expect(javaClassOf(new KeeperException(Code.CONNECTIONLOSS))).toBe('org.apache.zookeeper.KeeperException$ConnectionLossException');
    expect(javaClassOf(new KeeperException(Code.SESSIONEXPIRED))).toBe('org.apache.zookeeper.KeeperException$SessionExpiredException');
    expect(javaClassOf(new MultiException(Code.BADVERSION, '/a', undefined, []))).toBe(
      'org.apache.zookeeper.KeeperException$BadVersionException',
    );
  });

  it('names an error with no Java counterpart as each text chose: JS name, RuntimeException, or the Kafka errors package', () => {
    const bug = new TypeError('x is undefined');
    const znode = new ZnodeFormatError('/admin/reassign_partitions', 'Expected JSON object', 'throws');
    expect(javaClassOf(bug)).toBeNull();
    expect(throwableToString(bug)).toBe('TypeError: x is undefined');
    expect(throwableToString(bug, JS_NAME)).toBe('TypeError: x is undefined');
    expect(throwableToString(bug, RUNTIME_EXCEPTION)).toBe('java.lang.RuntimeException: x is undefined');
    expect(throwableToString(znode, KAFKA_ERRORS_PACKAGE)).toBe(
      'org.apache.kafka.common.errors.ZnodeFormatError: /admin/reassign_partitions: Expected JSON object',
    );
    // A Java class always wins over the policy.
    expect(throwableToString(new IllegalStateException('s'), RUNTIME_EXCEPTION)).toBe('java.lang.IllegalStateException: s');
  });

  it('prints a thrown value that is no Error as itself, unless the text names everything RuntimeException', () => {
    expect(throwableToString('boom')).toBe('boom');
    expect(throwableToString(42, KAFKA_ERRORS_PACKAGE)).toBe('42');
    expect(throwableToString('boom', RUNTIME_EXCEPTION)).toBe('java.lang.RuntimeException: boom');
  });

  it('keeps a message that spans lines as it is', () => {
    expect(throwableToString(new IOException('line 1\nline 2'))).toBe('java.io.IOException: line 1\nline 2');
  });
});

describe('stackTrace (the exception lines log4j prints under a line)', () => {
  it('follows the causes with Caused by:', () => {
    const io = new FileSystemError('read file', '/d/replication-offset-checkpoint', 'EIO', 'i/o error');
    const e = new IOException('Error while reading checkpoint file /d/replication-offset-checkpoint', { cause: io });
    expect(stackTraceLines(e)).toEqual([
      'java.io.IOException: Error while reading checkpoint file /d/replication-offset-checkpoint',
      'Caused by: FileSystemError: Cannot read file /d/replication-offset-checkpoint: i/o error (EIO)',
    ]);
    expect(stackTrace(e)).toBe(stackTraceLines(e).join('\n'));
    expect(stackTraceLines(e, RUNTIME_EXCEPTION)[1]).toBe(
      'Caused by: java.lang.RuntimeException: Cannot read file /d/replication-offset-checkpoint: i/o error (EIO)',
    );
  });

  it('is one line for an exception without a cause', () => {
    expect(stackTraceLines(new KeeperException(Code.NOAUTH, '/x'))).toEqual([
      'org.apache.zookeeper.KeeperException$NoAuthException: KeeperErrorCode = NoAuth for /x',
    ]);
  });

  it('stops after 8 causes, so a cycle of causes ends', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    const lines = stackTraceLines(a);
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe('Error: a');
    expect(lines[1]).toBe('Caused by: Error: b');
    expect(lines[8]).toBe('Caused by: Error: a');
  });
});

describe('errorMessage and toError', () => {
  it("gives an Error's message and any other value's String", () => {
    expect(errorMessage(new IllegalStateException('not running'))).toBe('not running');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(undefined)).toBe('undefined');
  });

  it('keeps an Error and wraps anything else', () => {
    const e = new TypeError('t');
    expect(toError(e)).toBe(e);
    const wrapped = toError('boom');
    expect(wrapped).toBeInstanceOf(Error);
    expect(wrapped.message).toBe('boom');
  });
});
