/**
 * DescribeConfigs and AlterConfigs, as Kafka 2.5's KafkaApis and AdminManager answer them on any
 * broker: a topic's configs as this broker sees them (the same `describeTopicConfig` as the topic
 * view), this broker's configs (`describeBrokerConfig`, the same as the broker view) or the
 * cluster-wide dynamic default (resource ""), AlterConfigs replacing a topic's or a broker's whole
 * override set, the broker's checked as 2.5 checks it and written to `/config/brokers/<id|<default>>`.
 * IncrementalAlterConfigs applies per-key operations to the overrides in ZooKeeper, then the same.
 * A resource type KafkaApis does not expect fails the whole request, every resource with it.
 */
import { resourceNameToBrokerId } from '../../../core/admin/broker-config-alter';
import { describeBrokerConfig, describeDefaultBrokerConfig } from '../../../core/admin/broker-config-entries';
import { ConfigSource, type ConfigSynonym } from '../../../core/admin/config-synonyms';
import { Errors, KafkaApiError } from '../../../core/common/kafka-errors';
import { javaHashMapPutOrder } from '../../../core/common/jvm-hash-order';
import { CloseConnection, type ApiHandler } from '../kafka-apis';
import type { AlterConfigsRequest, AlterConfigsResponse } from '../messages/alter-configs';
import type { IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse } from '../messages/incremental-alter-configs';
import { opTypeForId } from '../../../core/admin/incremental-config-ops';
import {
  RESOURCE_TYPE,
  type DescribeConfigsRequest,
  type DescribeConfigsResponse,
  type DescribeConfigsResult,
  type DescribedConfig,
} from '../messages/describe-configs';
import type { BrokerApiDeps } from './broker-api-deps';
import { errorMessage } from '../../../core/common/throwable';

/** `ConfigResource.Type.forId`: an id Kafka does not know is UNKNOWN (0). */
const TYPE_NAMES = new Map<number, 'TOPIC' | 'BROKER' | 'BROKER_LOGGER'>([
  [RESOURCE_TYPE.TOPIC, 'TOPIC'],
  [RESOURCE_TYPE.BROKER, 'BROKER'],
  [RESOURCE_TYPE.BROKER_LOGGER, 'BROKER_LOGGER'],
]);

function resourceTypeId(type: number): number {
  return TYPE_NAMES.has(type) ? type : RESOURCE_TYPE.UNKNOWN;
}

/**
 * The request's resources as 2.5's request classes hold them: a `HashMap` by ConfigResource, so a
 * resource named twice is answered once, with the last entry's contents. (Kafka then answers in
 * that map's order, which hangs on enum identity hash codes; here the request's order is kept.)
 */
function distinctResources<R extends { resourceType: number; resourceName: string }>(resources: readonly R[]): R[] {
  const byKey = new Map<string, R>();
  for (const r of resources) byKey.set(`${resourceTypeId(r.resourceType)}\u0000${r.resourceName}`, r);
  return [...byKey.values()];
}

/** `ApiError.fromThrowable`: Kafka's code, the message unless it is the error's default one. */
function apiError(e: unknown): { errorCode: number; errorMessage: string | null } {
  if (e instanceof KafkaApiError) return { errorCode: e.code, errorMessage: e.apiMessage };
  return { errorCode: Errors.UNKNOWN_SERVER_ERROR.code, errorMessage: errorMessage(e) };
}

interface ConfigEntryView {
  readonly name: string;
  readonly value: string | null;
  readonly source: keyof typeof ConfigSource;
  readonly isSensitive: boolean;
  readonly isReadOnly: boolean;
  readonly synonyms: readonly ConfigSynonym[];
}

function described(e: ConfigEntryView, includeSynonyms: boolean): DescribedConfig {
  return {
    name: e.name,
    value: e.value,
    readOnly: e.isReadOnly,
    isDefault: e.source === 'DEFAULT_CONFIG',
    configSource: ConfigSource[e.source],
    isSensitive: e.isSensitive,
    synonyms: includeSynonyms ? e.synonyms.map((s) => ({ name: s.name, value: s.value, source: ConfigSource[s.source] })) : [],
  };
}

export function describeConfigsHandler({ broker, admin }: BrokerApiDeps): ApiHandler<DescribeConfigsRequest, DescribeConfigsResponse> {
  return async (request) => {
    const resources = distinctResources(request.resources);
    const unexpected = resources.find((r) => !TYPE_NAMES.has(r.resourceType));
    if (unexpected !== undefined) {
      const error = {
        errorCode: Errors.INVALID_REQUEST.code,
        errorMessage: `Unexpected resource type UNKNOWN for resource ${unexpected.resourceName}`,
      };
      return {
        throttleTimeMs: 0,
        results: resources.map((r) => ({
          ...error,
          resourceType: resourceTypeId(r.resourceType),
          resourceName: r.resourceName,
          configs: [],
        })),
      };
    }
    const includeSynonyms = request.includeSynoyms === true;
    const results: DescribeConfigsResult[] = [];
    for (const { resourceType, resourceName, configurationKeys } of resources) {
      const wanted = (e: ConfigEntryView) => configurationKeys === null || configurationKeys.includes(e.name);
      try {
        let entries: readonly ConfigEntryView[];
        if (resourceType === RESOURCE_TYPE.TOPIC) {
          entries = await admin.describeTopicConfig(resourceName, broker);
        } else if (resourceType === RESOURCE_TYPE.BROKER) {
          if (resourceName === '') entries = describeDefaultBrokerConfig(broker.dynamicConfig);
          else if (resourceNameToBrokerId(resourceName) === broker.id) entries = describeBrokerConfig(broker.dynamicConfig);
          else
            throw new KafkaApiError(
              'INVALID_REQUEST',
              `Unexpected broker id, expected ${broker.id} or empty string, but received ${resourceName}`,
            );
        } else {
          if (resourceName === '') throw new KafkaApiError('INVALID_REQUEST', 'Broker id must not be empty');
          if (resourceNameToBrokerId(resourceName) !== broker.id)
            throw new KafkaApiError('INVALID_REQUEST', `Unexpected broker id, expected ${broker.id} but received ${resourceName}`);
          entries = []; // log4j loggers are not emulated
        }
        // `createResponseConfig` filters into another HashMap: its order is that map's.
        const kept = new Map(entries.filter(wanted).map((e) => [e.name, e]));
        const configs = javaHashMapPutOrder(kept.keys()).map((name) => described(kept.get(name)!, includeSynonyms));
        results.push({ errorCode: Errors.NONE.code, errorMessage: null, resourceType, resourceName, configs });
      } catch (e) {
        results.push({ ...apiError(e), resourceType, resourceName, configs: [] });
      }
    }
    return { throttleTimeMs: 0, results };
  };
}

/** KafkaApis' check of every resource before any is handled: the message the whole request fails with, or null. */
function unexpectedAlterResource(resources: AlterConfigsRequest['resources']): string | null {
  for (const { resourceType } of resources) {
    if (resourceType === RESOURCE_TYPE.BROKER_LOGGER)
      return 'AlterConfigs is deprecated and does not support the resource type BROKER_LOGGER';
    if (!TYPE_NAMES.has(resourceType)) return 'Unexpected resource type UNKNOWN';
  }
  return null;
}

export function alterConfigsHandler({ broker, admin }: BrokerApiDeps): ApiHandler<AlterConfigsRequest, AlterConfigsResponse> {
  return async (request) => {
    // 2.5's AlterConfigsRequest.ConfigEntry requires a value: the request does not parse.
    const nullValue = request.resources.flatMap((r) => r.configs).find((c) => c.value === null);
    if (nullValue !== undefined)
      throw new CloseConnection(`Error getting request for apiKey: AlterConfigs: value of ${nullValue.name} is null`);
    const entries = (r: AlterConfigsRequest['resources'][number]) => r.configs.map((c) => ({ name: c.name, value: c.value as string }));
    const resources = distinctResources(request.resources);
    const unexpected = unexpectedAlterResource(resources);
    if (unexpected !== null) {
      const error = { errorCode: Errors.INVALID_REQUEST.code, errorMessage: unexpected };
      return {
        throttleTimeMs: 0,
        responses: resources.map((r) => ({ ...error, resourceType: resourceTypeId(r.resourceType), resourceName: r.resourceName })),
      };
    }
    const responses = [];
    for (const resource of resources) {
      const { resourceType, resourceName } = resource;
      if (resourceType === RESOURCE_TYPE.TOPIC) {
        const configs = Object.fromEntries(entries(resource).map((c) => [c.name, c.value]));
        const result = await admin.alterTopicConfig(resourceName, configs, request.validateOnly, broker);
        responses.push({ errorCode: result.errorCode, errorMessage: result.errorMessage, resourceType, resourceName });
      } else {
        const configs = Object.fromEntries(entries(resource).map((c) => [c.name, c.value]));
        const result = await admin.alterBrokerConfig(resourceName, configs, request.validateOnly, broker);
        responses.push({ errorCode: result.errorCode, errorMessage: result.errorMessage, resourceType, resourceName });
      }
    }
    return { throttleTimeMs: 0, responses };
  };
}

export function incrementalAlterConfigsHandler({
  broker,
  admin,
}: BrokerApiDeps): ApiHandler<IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse> {
  return async (request) => {
    const resources = distinctResources(request.resources);
    const unexpected = resources.find((r) => !TYPE_NAMES.has(r.resourceType));
    if (unexpected !== undefined) {
      const error = { errorCode: Errors.INVALID_REQUEST.code, errorMessage: 'Unexpected resource type UNKNOWN' };
      return {
        throttleTimeMs: 0,
        responses: resources.map((r) => ({ ...error, resourceType: resourceTypeId(r.resourceType), resourceName: r.resourceName })),
      };
    }
    const responses = [];
    for (const { resourceType, resourceName, configs } of resources) {
      const ops = configs.map((c) => ({ name: c.name, value: c.value, opType: opTypeForId(c.configOperation) }));
      const result = await admin.incrementalAlterConfigs(
        { type: TYPE_NAMES.get(resourceType)!, name: resourceName },
        ops,
        request.validateOnly,
        broker,
      );
      responses.push({ errorCode: result.errorCode, errorMessage: result.errorMessage, resourceType, resourceName });
    }
    return { throttleTimeMs: 0, responses };
  };
}
