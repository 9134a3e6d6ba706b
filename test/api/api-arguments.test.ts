/**
 * The argument schemas and the contract cannot drift apart: the compiler (npm run typecheck)
 * rejects a schema that accepts anything but exactly its method's parameters. The literal types
 * below are checked by tsc; the run-time part checks every listed method has its schema.
 */
import { describe, expect, it } from 'vitest';
import { API_ARGUMENTS, argumentsSchemaOf, type MatchesParameters } from '../../src-main/api/arguments/api-arguments';
import { API_METHODS } from '../../src-main/api/api-methods';
import { args, boolean, integer, object, oneOf, optional, string } from '../../src-main/api/arguments/argument-schema';
import type { ClusterService, MessageService, ServiceName, TopicService } from '../../src-main/api/contract';

const listQuery = object({
  search: optional(string()),
  filter: optional(oneOf('all', 'internal', 'under-replicated', 'offline', 'being-deleted')),
  offset: optional(integer()),
});
const candidates = {
  events: args(['limit', integer()], ['beforeSeq', optional(integer())]),
  eventsWithoutBeforeSeq: args(['limit', integer()]),
  eventsBeforeSeqRequired: args(['limit', integer()], ['beforeSeq', integer()]),
  listWithoutLimit: args(['query', listQuery]),
  readWithFewerKinds: args([
    'request',
    object({ topic: string(), partition: integer(), from: object({ kind: oneOf('earliest') }), maxRecords: optional(integer()) }),
  ]),
  createWithoutOptions: args(['request', object({ name: string(), validateOnly: boolean() })]),
};
type C = typeof candidates;

const checks = {
  exact: true satisfies MatchesParameters<ClusterService['events'], C['events']>,
  optionalArgumentLeftOut: false satisfies MatchesParameters<ClusterService['events'], C['eventsWithoutBeforeSeq']>,
  optionalArgumentRequired: false satisfies MatchesParameters<ClusterService['events'], C['eventsBeforeSeqRequired']>,
  optionalFieldLeftOut: false satisfies MatchesParameters<TopicService['list'], C['listWithoutLimit']>,
  narrowerUnion: false satisfies MatchesParameters<MessageService['read'], C['readWithFewerKinds']>,
  otherShape: false satisfies MatchesParameters<TopicService['create'], C['createWithoutOptions']>,
};

describe('API argument schemas', () => {
  it('tell a schema that matches its method from ones that leave out or add anything (checked by tsc)', () => {
    expect(checks).toEqual({
      exact: true,
      optionalArgumentLeftOut: false,
      optionalArgumentRequired: false,
      optionalFieldLeftOut: false,
      narrowerUnion: false,
      otherShape: false,
    });
    // The run-time schemas agree: the matching one is the one declared, the others differ from it.
    expect(API_ARGUMENTS.cluster.events).toEqual(candidates.events);
    expect(API_ARGUMENTS.cluster.events).not.toEqual(candidates.eventsWithoutBeforeSeq);
    expect(API_ARGUMENTS.cluster.events).not.toEqual(candidates.eventsBeforeSeqRequired);
    expect(API_ARGUMENTS.topics.list).not.toEqual(candidates.listWithoutLimit);
    expect(API_ARGUMENTS.messages.read).not.toEqual(candidates.readWithFewerKinds);
    expect(API_ARGUMENTS.topics.create).not.toEqual(candidates.createWithoutOptions);
  });

  it('have one schema for every method of API_METHODS, and none more', () => {
    for (const service of Object.keys(API_METHODS) as ServiceName[]) {
      expect(Object.keys(API_ARGUMENTS[service]).sort(), service).toEqual([...API_METHODS[service]].sort());
      for (const method of API_METHODS[service])
        expect(argumentsSchemaOf(service, method).params, `${service}.${method}`).toBeInstanceOf(Array);
    }
  });
});
