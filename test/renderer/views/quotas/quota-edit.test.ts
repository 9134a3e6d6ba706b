import { describe, expect, it } from 'vitest';
import type { ClientQuotaRowDto } from '../../../../src-renderer/src/api/types';
import {
  describeEntity,
  inEffectFor,
  kafkaConfigsCommand,
  quotaEdit,
  quotaValueError,
} from '../../../../src-renderer/src/views/quotas/quota-edit';

describe('quota entities and edits, as kafka-configs has them', () => {
  it('names entities as ConfigCommand.ConfigEntity.toString does, defaults included', () => {
    expect(describeEntity({ user: 'alice', clientId: null })).toBe("user-principal 'alice'");
    expect(describeEntity({ user: null, clientId: 'billing' })).toBe("client-id 'billing'");
    expect(describeEntity({ user: 'alice', clientId: '<default>' })).toBe("user-principal 'alice', default client-id");
    expect(describeEntity({ user: '<default>', clientId: null })).toBe('default user-principal');
    expect(describeEntity({ user: null, clientId: '<default>' })).toBe('default client-id');
  });

  it('checks values as ConfigDef.parse: LONG for the byte rates, DOUBLE for request_percentage, in Kafka’s words', () => {
    expect(quotaValueError('producer_byte_rate', ' 1048576 ')).toBeNull();
    expect(quotaValueError('producer_byte_rate', 'fast')).toBe(
      'Invalid value fast for configuration producer_byte_rate: Not a number of type LONG',
    );
    expect(quotaValueError('consumer_byte_rate', '1.5')).toBe(
      'Invalid value 1.5 for configuration consumer_byte_rate: Not a number of type LONG',
    );
    // Long.MAX_VALUE + 1 overflows Long.parseLong.
    expect(quotaValueError('consumer_byte_rate', '9223372036854775808')).toContain('Not a number of type LONG');
    expect(quotaValueError('request_percentage', '12.5')).toBeNull();
    expect(quotaValueError('request_percentage', '1e2')).toBeNull();
    expect(quotaValueError('request_percentage', '50%')).toBe(
      'Invalid value 50% for configuration request_percentage: Not a number of type DOUBLE',
    );
  });

  it('diffs an edit against the znode’s configs: set what is added or changed, delete what was emptied', () => {
    const edit = quotaEdit(
      { producer_byte_rate: '1024', consumer_byte_rate: '2048' },
      {
        producer_byte_rate: '4096',
        consumer_byte_rate: ' ',
        request_percentage: '25',
      },
    );
    expect(edit.changes.map((c) => [c.name, c.kind, c.before, c.after])).toEqual([
      ['consumer_byte_rate', 'removed', '2048', null],
      ['producer_byte_rate', 'changed', '1024', '4096'],
      ['request_percentage', 'added', null, '25'],
    ]);
    expect(edit.set).toEqual({ producer_byte_rate: '4096', request_percentage: '25' });
    expect(edit.remove).toEqual(['consumer_byte_rate']);
    expect(quotaEdit({ producer_byte_rate: '1024' }, { producer_byte_rate: '1024' }).changes).toEqual([]);
  });

  it('writes the equivalent kafka-configs --zookeeper command, --entity-default for <default>', () => {
    expect(
      kafkaConfigsCommand(
        '127.0.0.1:2181',
        { user: 'alice', clientId: '<default>' },
        { set: { producer_byte_rate: '1024', request_percentage: '25' }, remove: ['consumer_byte_rate'] },
      ),
    ).toBe(
      'kafka-configs --zookeeper 127.0.0.1:2181 --alter --entity-type users --entity-name alice --entity-type clients --entity-default --add-config producer_byte_rate=1024,request_percentage=25 --delete-config consumer_byte_rate',
    );
    expect(kafkaConfigsCommand('127.0.0.1:2181', { user: null, clientId: 'my app' }, { set: {}, remove: ['producer_byte_rate'] })).toBe(
      "kafka-configs --zookeeper 127.0.0.1:2181 --alter --entity-type clients --entity-name 'my app' --delete-config producer_byte_rate",
    );
  });

  it('lists the connected clients an entity supplies quotas to, by the source path the backend found', () => {
    const clients: ClientQuotaRowDto[] = [
      {
        brokerId: 0,
        user: 'ANONYMOUS',
        clientId: 'billing',
        quotas: [
          { key: 'producer_byte_rate', quota: 1024, source: 'clients/billing', observedRate: 0, throttleTimeAvgMs: null },
          { key: 'consumer_byte_rate', quota: 2048, source: 'clients/<default>', observedRate: 0, throttleTimeAvgMs: null },
          { key: 'request_percentage', quota: null, source: null, observedRate: 0, throttleTimeAvgMs: null },
        ],
      },
    ];
    const entity = (path: string) => ({ user: null, clientId: 'x', path, configs: {} });
    expect(inEffectFor(entity('clients/billing'), clients)).toEqual(['billing @ 0: producer_byte_rate']);
    expect(inEffectFor(entity('clients/<default>'), clients)).toEqual(['billing @ 0: consumer_byte_rate']);
    expect(inEffectFor(entity('users/alice'), clients)).toEqual([]);
  });
});
