import { describe, expect, it } from 'vitest';
import type { BrokerRegistration, EndPoint as EndPointT } from '../../../src-main/core/kafka-zk';
import { BrokerIdZNode, BrokerIdsZNode, EndPoint } from '../../../src-main/core/kafka-zk';
import { bytes, expectFormatError, expectValue, text } from './zk-test-data';

const plaintext = (host: string | null, port: number): EndPointT => ({
  host,
  port,
  listenerName: 'PLAINTEXT',
  securityProtocol: 'PLAINTEXT',
});
const broker = (over: Partial<BrokerRegistration> = {}): BrokerRegistration => ({
  id: 0,
  endpoints: [plaintext('h', 9092)],
  jmxPort: -1,
  rack: null,
  ...over,
});

describe('/brokers/ids/<id> encode', () => {
  it('builds the paths', () => {
    expect(BrokerIdsZNode.path).toBe('/brokers/ids');
    expect(BrokerIdsZNode.encode()).toBeNull();
    expect(BrokerIdZNode.path(3)).toBe('/brokers/ids/3');
  });

  it('writes the observed version 4 registration byte for byte (Scala 2.12 key order)', () => {
    expect(text(BrokerIdZNode.encode(broker(), 1614570663881))).toBe(
      '{"listener_security_protocol_map":{"PLAINTEXT":"PLAINTEXT"},"endpoints":["PLAINTEXT://h:9092"],"jmx_port":-1,"host":"h","timestamp":"1614570663881","port":9092,"version":4}',
    );
  });

  it('places rack after endpoints when broker.rack is set', () => {
    expect(text(BrokerIdZNode.encode(broker({ rack: 'dc1', jmxPort: 9999 }), 1))).toBe(
      '{"listener_security_protocol_map":{"PLAINTEXT":"PLAINTEXT"},"endpoints":["PLAINTEXT://h:9092"],"rack":"dc1","jmx_port":9999,"host":"h","timestamp":"1","port":9092,"version":4}',
    );
  });

  it('uses the first PLAINTEXT endpoint for host/port, or null/-1 without one', () => {
    const ssl: EndPointT = { host: 'a', port: 9093, listenerName: 'CLIENT', securityProtocol: 'SSL' };
    const internal: EndPointT = { host: 'b', port: 9094, listenerName: 'INTERNAL', securityProtocol: 'PLAINTEXT' };
    expect(text(BrokerIdZNode.encode(broker({ endpoints: [ssl, internal] }), 5))).toBe(
      '{"listener_security_protocol_map":{"CLIENT":"SSL","INTERNAL":"PLAINTEXT"},"endpoints":["CLIENT://a:9093","INTERNAL://b:9094"],"jmx_port":-1,"host":"b","timestamp":"5","port":9094,"version":4}',
    );
    expect(text(BrokerIdZNode.encode(broker({ endpoints: [ssl] }), 5))).toBe(
      '{"listener_security_protocol_map":{"CLIENT":"SSL"},"endpoints":["CLIENT://a:9093"],"jmx_port":-1,"host":null,"timestamp":"5","port":-1,"version":4}',
    );
  });

  it('writes version 2 without rack or protocol map', () => {
    const out = JSON.parse(text(BrokerIdZNode.encode(broker({ version: 2, rack: 'r' }), 1)) ?? '') as Record<string, unknown>;
    expect(Object.keys(out).sort()).toEqual(['endpoints', 'host', 'jmx_port', 'port', 'timestamp', 'version']);
  });

  it('writes hosts as EndPoint.connectionString does (IPv6 in brackets, no host as empty)', () => {
    expect(EndPoint.connectionString(plaintext('::1', 9092))).toBe('PLAINTEXT://[::1]:9092');
    expect(EndPoint.connectionString(plaintext(null, 9092))).toBe('PLAINTEXT://:9092');
  });
});

describe('/brokers/ids/<id> decode', () => {
  it('round-trips a registration', () => {
    const reg = broker({
      id: 4,
      rack: 'dc1',
      jmxPort: 9999,
      endpoints: [plaintext('h', 9092), { host: 'h', port: 9093, listenerName: 'SSL', securityProtocol: 'SSL' }],
    });
    expect(expectValue(BrokerIdZNode.decode(4, BrokerIdZNode.encode(reg, 77)))).toEqual({
      id: 4,
      version: 4,
      jmxPort: 9999,
      endpoints: reg.endpoints,
      rack: 'dc1',
      timestamp: '77',
    });
  });

  it('accepts version 1 (host and port only, one PLAINTEXT endpoint)', () => {
    const info = expectValue(
      BrokerIdZNode.decode(1, bytes('{"version":1,"host":"localhost","port":9092,"jmx_port":9999,"timestamp":"2233345666"}')),
    );
    expect(info.endpoints).toEqual([plaintext('localhost', 9092)]);
  });

  it('accepts versions 2 and 3 without a protocol map when listener names are protocol names', () => {
    const v2 = expectValue(
      BrokerIdZNode.decode(
        1,
        bytes('{"version":2,"host":"h","port":9092,"jmx_port":-1,"timestamp":"1","endpoints":["PLAINTEXT://h:9092","ssl://h:9093"]}'),
      ),
    );
    expect(v2.endpoints.map((e) => [e.listenerName, e.securityProtocol])).toEqual([
      ['PLAINTEXT', 'PLAINTEXT'],
      ['SSL', 'SSL'],
    ]);
    const v3 = expectValue(BrokerIdZNode.decode(1, bytes('{"version":3,"jmx_port":-1,"endpoints":["SASL_SSL://h:9094"],"rack":"r1"}')));
    expect(v3.rack).toBe('r1');
  });

  it('accepts what Kafka does not read: no host, port or timestamp in version 4, a null rack', () => {
    const info = expectValue(
      BrokerIdZNode.decode(
        2,
        bytes(
          '{"version":4,"jmx_port":-1,"endpoints":["CLIENT://:9092"],"listener_security_protocol_map":{"CLIENT":"SASL_PLAINTEXT"},"rack":null}',
        ),
      ),
    );
    expect(info).toEqual({
      id: 2,
      version: 4,
      jmxPort: -1,
      endpoints: [{ host: null, port: 9092, listenerName: 'CLIENT', securityProtocol: 'SASL_PLAINTEXT' }],
      rack: null,
      timestamp: null,
    });
  });

  it("fails with Kafka's registration parse error on broken JSON", () => {
    expectFormatError(
      BrokerIdZNode.decode(1, bytes('{"version":4,')),
      'throws',
      /^Failed to parse ZooKeeper registration for broker 1: \{"version":4, \(Unexpected end-of-input/,
    );
    expectFormatError(
      BrokerIdZNode.decode(1, null),
      'throws',
      'Failed to parse ZooKeeper registration for broker 1: null (the znode has null data)',
    );
  });

  it.each([
    ['{"jmx_port":-1,"endpoints":[]}', 'No such field exists: `version`'],
    ['{"version":4,"endpoints":["PLAINTEXT://h:1"]}', 'No such field exists: `jmx_port`'],
    ['{"version":0,"jmx_port":-1}', 'Unsupported version of broker registration: {"version":0,"jmx_port":-1}'],
    ['{"version":1,"jmx_port":-1,"port":1}', 'No such field exists: `host`'],
    ['{"version":1,"jmx_port":-1,"host":null,"port":1}', 'Expected `String` value, received null'],
    ['{"version":4,"jmx_port":-1}', 'No such field exists: `endpoints`'],
    ['{"version":4,"jmx_port":-1,"endpoints":"PLAINTEXT://h:1"}', 'Expected JSON array, received "PLAINTEXT://h:1"'],
    ['{"version":4,"jmx_port":-1,"endpoints":["h:9092"]}', 'Unable to parse h:9092 to a broker endpoint'],
    ['{"version":4,"jmx_port":-1,"endpoints":["CLIENT://h:9092"]}', 'No security protocol defined for listener CLIENT'],
    [
      '{"version":4,"jmx_port":-1,"endpoints":["CLIENT://h:9092"],"listener_security_protocol_map":{"CLIENT":"TLS"}}',
      'No enum constant org.apache.kafka.common.security.auth.SecurityProtocol.TLS',
    ],
    [
      '{"version":4,"jmx_port":-1,"endpoints":["client://h:9092"],"listener_security_protocol_map":{"client":"SSL"}}',
      'No security protocol defined for listener CLIENT',
    ],
    [
      '{"version":4,"jmx_port":-1,"endpoints":["PLAINTEXT://h:99999999999"]}',
      'Invalid port in PLAINTEXT://h:99999999999: For input string: "99999999999"',
    ],
    ['{"version":4,"jmx_port":-1,"endpoints":["PLAINTEXT://h:1"],"rack":7}', 'Expected `String` value, received 7'],
    ['[]', 'Expected JSON object, received []'],
  ])('fails on %s as Kafka does', (json, reason) => {
    expectFormatError(BrokerIdZNode.decode(1, bytes(json)), 'throws', reason);
  });

  it.each([
    [
      '{"version":5,"jmx_port":-1,"endpoints":["PLAINTEXT://h:1"]}',
      'Unknown version 5 of broker registration; Kafka 2.5 writes version 4 (it also reads 1 to 3)',
    ],
    ['{"version":4,"jmx_port":-1,"endpoints":[]}', 'The broker registers no endpoints; nobody could connect to it'],
    ['{"version":4,"jmx_port":-1,"endpoints":["PLAINTEXT://h:-1"]}', 'Invalid port -1 in PLAINTEXT://h:-1'],
    ['{"version":4,"jmx_port":-1,"endpoints":["PLAINTEXT://h:1","PLAINTEXT://g:2"]}', 'Listener PLAINTEXT is registered more than once'],
    ['{"version":4,"jmx_port":-7,"endpoints":["PLAINTEXT://h:1"]}', 'Invalid jmx_port -7: use -1 (unset) or a port 0–65535'],
    [
      '{"version":4,"jmx_port":-1,"endpoints":["PLAINTEXT://h:1"],"timestamp":5}',
      '"timestamp" must be milliseconds written as a string, received 5',
    ],
    ['{"version":4,"jmx_port":-1,"endpoints":["PLAINTEXT://h:1"],"host":1}', '"host" must be a string or null, received 1'],
    ['{"version":4,"jmx_port":-1,"endpoints":["PLAINTEXT://h:1"],"rack":""}', 'The rack is empty'],
  ])('flags %s, which Kafka would accept', (json, reason) => {
    const e = expectFormatError(BrokerIdZNode.decode(1, bytes(json)), 'accepts', reason);
    expect(e.kafkaValue?.id).toBe(1);
  });

  it('points at the offending endpoint', () => {
    const e = expectFormatError(
      BrokerIdZNode.decode(1, bytes('{"version":4,"jmx_port":-1,\n"endpoints":["PLAINTEXT://h:1","bad"]}')),
      'throws',
      'Unable to parse bad to a broker endpoint',
    );
    expect({ pointer: e.pointer, line: e.line, column: e.column }).toEqual({ pointer: '/endpoints/1', line: 2, column: 32 });
  });
});

describe('EndPoint.parse', () => {
  it('parses IPv6 hosts and empty hosts', () => {
    expect(EndPoint.parse('PLAINTEXT://[::1]:9092', null)).toEqual(plaintext('::1', 9092));
    expect(EndPoint.parse('PLAINTEXT://:9092', null)).toEqual(plaintext(null, 9092));
  });
});
