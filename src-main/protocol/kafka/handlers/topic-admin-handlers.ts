/**
 * CreateTopics, DeleteTopics and CreatePartitions, as KafkaApis hands them to AdminManager: only
 * the active controller takes them (NOT_CONTROLLER elsewhere), a topic named twice is refused
 * alone, CreateTopics v5 describes each topic it created (KIP-525), and the rest goes through `ClusterAdmin` — the checks, znodes and waiting the UI's
 * wizards use.
 */
import { Errors } from '../../../core/common/kafka-errors';
import type { CreatedTopic } from '../../../core/cluster/cluster-admin';
import type { ApiHandler } from '../kafka-apis';
import type { CreatePartitionsRequest, CreatePartitionsResponse } from '../messages/create-partitions';
import type { CreateTopicsRequest, CreateTopicsResponse } from '../messages/create-topics';
import type { DeleteTopicsRequest, DeleteTopicsResponse } from '../messages/delete-topics';
import { duplicates, isActiveController, type BrokerApiDeps } from './broker-api-deps';

type Result = { name: string; errorCode: number; errorMessage: string | null };

function notController(name: string): Result {
  return { name, errorCode: Errors.NOT_CONTROLLER.code, errorMessage: null };
}

type CreatableTopicResult = CreateTopicsResponse['topics'][number];

/** A topic's result with v5's fields at their defaults, as KafkaApis resets them when the creation failed. */
function creatableTopicResult(name: string, errorCode: number, errorMessage: string | null, created?: CreatedTopic): CreatableTopicResult {
  return {
    name,
    errorCode,
    errorMessage,
    numPartitions: created?.numPartitions ?? -1,
    replicationFactor: created?.replicationFactor ?? -1,
    configs: created ? [...created.configs] : [],
  };
}

/**
 * One result per requested topic, in request order — a name given twice has two (2.5.1 collects
 * them in a multi-collection), both refused with INVALID_REQUEST.
 */
export function createTopicsHandler({ broker, admin }: BrokerApiDeps): ApiHandler<CreateTopicsRequest, CreateTopicsResponse> {
  return async (request) => {
    const names = request.topics.map((t) => t.name);
    if (!isActiveController(broker))
      return { throttleTimeMs: 0, topics: names.map((name) => creatableTopicResult(name, Errors.NOT_CONTROLLER.code, null)) };
    const dupes = duplicates(names);
    const toCreate = request.topics.filter((t) => !dupes.has(t.name));
    const created = await admin.createTopics(
      toCreate.map((t) => ({
        name: t.name,
        numPartitions: t.numPartitions,
        replicationFactor: t.replicationFactor,
        assignments: t.assignments,
        configs: Object.fromEntries(t.configs.map((c) => [c.name, c.value])),
      })),
      { timeoutMs: request.timeoutMs, validateOnly: request.validateOnly },
    );
    const byName = new Map(created.map((r) => [r.name, r]));
    const topics = names.map((name) => {
      if (dupes.has(name)) return creatableTopicResult(name, Errors.INVALID_REQUEST.code, 'Found multiple entries for this topic.');
      const r = byName.get(name);
      if (r === undefined) return creatableTopicResult(name, Errors.UNKNOWN_SERVER_ERROR.code, null);
      return creatableTopicResult(name, r.errorCode, r.errorMessage, r.errorCode === Errors.NONE.code ? r.created : undefined);
    });
    return { throttleTimeMs: 0, topics };
  };
}

export function deleteTopicsHandler({ broker, admin }: BrokerApiDeps): ApiHandler<DeleteTopicsRequest, DeleteTopicsResponse> {
  return async (request) => {
    const unique = [...new Set(request.topicNames)];
    if (!isActiveController(broker))
      return { throttleTimeMs: 0, responses: unique.map((name) => ({ name, errorCode: Errors.NOT_CONTROLLER.code })) };
    const results = await admin.deleteTopics(unique, request.timeoutMs);
    return { throttleTimeMs: 0, responses: results.map((r) => ({ name: r.name, errorCode: r.errorCode })) };
  };
}

export function createPartitionsHandler({ broker, admin }: BrokerApiDeps): ApiHandler<CreatePartitionsRequest, CreatePartitionsResponse> {
  return async (request) => {
    const names = request.topics.map((t) => t.name);
    const unique = [...new Set(names)];
    if (!isActiveController(broker)) return { throttleTimeMs: 0, results: unique.map(notController) };
    const dupes = duplicates(names);
    const results = await admin.createPartitions(
      request.topics
        .filter((t) => !dupes.has(t.name))
        .map((t) => ({ topic: t.name, count: t.count, assignments: t.assignments?.map((a) => a.brokerIds) ?? null })),
      { timeoutMs: request.timeoutMs, validateOnly: request.validateOnly },
    );
    const byName = new Map(results.map((r) => [r.name, r]));
    return {
      throttleTimeMs: 0,
      results: unique.map((name): Result => {
        if (dupes.has(name)) return { name, errorCode: Errors.INVALID_REQUEST.code, errorMessage: 'Duplicate topic in request.' };
        const r = byName.get(name);
        return { name, errorCode: r?.errorCode ?? Errors.UNKNOWN_SERVER_ERROR.code, errorMessage: r?.errorMessage ?? null };
      }),
    };
  };
}
