/**
 * DescribeConfigs and AlterConfigs, as AdminManager answers them on any broker: a topic's configs
 * with their sources and synonyms (the same `effectiveTopicConfig` as the topic view), this
 * broker's static configs, and AlterConfigs replacing a topic's whole override set. Broker configs
 * are static here (read-only); altering them is refused.
 */
import { describeBrokerConfig } from '../../../core/admin/broker-config-entries';
import { ConfigSource } from '../../../core/admin/topic-configs';
import { Errors, KafkaApiError } from '../../../core/common/kafka-errors';
import type { ApiHandler } from '../kafka-apis';
import type { AlterConfigsRequest } from '../messages/alter-configs';
import { RESOURCE_TYPE, type DescribeConfigsRequest, type DescribeConfigsResult, type DescribedConfig } from '../messages/describe-configs';
import type { BrokerApiDeps } from './broker-api-deps';

function errorResult(resourceType: number, resourceName: string, e: unknown): DescribeConfigsResult {
  const error = e instanceof KafkaApiError ? e : new KafkaApiError('UNKNOWN_SERVER_ERROR', e instanceof Error ? e.message : String(e));
  return { errorCode: error.code, errorMessage: error.message, resourceType, resourceName, configs: [] };
}

export function describeConfigsHandler({ broker, admin }: BrokerApiDeps): ApiHandler {
  return async (message) => {
    const request = message as unknown as DescribeConfigsRequest;
    const results: DescribeConfigsResult[] = [];
    for (const resource of request.resources) {
      const { resourceType, resourceName } = resource;
      const wanted = (name: string) => resource.configurationKeys === null || resource.configurationKeys.includes(name);
      try {
        let configs: DescribedConfig[];
        if (resourceType === RESOURCE_TYPE.TOPIC) {
          configs = (await admin.describeTopicConfig(resourceName)).filter((e) => wanted(e.name)).map((e) => ({
            name: e.name,
            value: e.value,
            readOnly: false,
            isDefault: e.source === 'DEFAULT_CONFIG',
            configSource: ConfigSource[e.source],
            isSensitive: false,
            synonyms: request.includeSynoyms ? e.synonyms.map((s) => ({ name: s.name, value: s.value, source: ConfigSource[s.source] })) : [],
          }));
        } else if (resourceType === RESOURCE_TYPE.BROKER) {
          if (resourceName === '') {
            configs = []; // no dynamic cluster-wide defaults are ever set here
          } else if (resourceName === String(broker.id)) {
            configs = describeBrokerConfig(broker.config).filter((e) => wanted(e.name)).map((e) => ({
              name: e.name,
              value: e.value,
              readOnly: true,
              isDefault: e.source === 'DEFAULT_CONFIG',
              configSource: ConfigSource[e.source],
              isSensitive: e.isSensitive,
              synonyms: request.includeSynoyms ? [{ name: e.name, value: e.value, source: ConfigSource[e.source] }] : [],
            }));
          } else {
            throw new KafkaApiError('INVALID_REQUEST', `Unexpected broker id, expected ${broker.id} or empty string, but received ${resourceName}`);
          }
        } else if (resourceType === RESOURCE_TYPE.BROKER_LOGGER) {
          configs = [];
        } else {
          throw new KafkaApiError('INVALID_REQUEST', `Unsupported resource type: ${resourceType}`);
        }
        results.push({ errorCode: Errors.NONE.code, errorMessage: null, resourceType, resourceName, configs });
      } catch (e) {
        results.push(errorResult(resourceType, resourceName, e));
      }
    }
    return { throttleTimeMs: 0, results };
  };
}

export function alterConfigsHandler({ admin }: BrokerApiDeps): ApiHandler {
  return async (message) => {
    const request = message as unknown as AlterConfigsRequest;
    const responses = [];
    for (const resource of request.resources) {
      const { resourceType, resourceName } = resource;
      const refuse = (message: string) => ({ errorCode: Errors.INVALID_REQUEST.code, errorMessage: message, resourceType, resourceName });
      if (resourceType === RESOURCE_TYPE.TOPIC) {
        const nullValue = resource.configs.find((c) => c.value === null);
        if (nullValue) {
          responses.push(refuse(`Null value not supported for : ${nullValue.name}`));
          continue;
        }
        const result = await admin.alterTopicConfig(resourceName, Object.fromEntries(resource.configs.map((c) => [c.name, c.value as string])), request.validateOnly);
        responses.push({ errorCode: result.errorCode, errorMessage: result.errorMessage, resourceType, resourceName });
      } else if (resourceType === RESOURCE_TYPE.BROKER) {
        responses.push(refuse(`Cannot update these configs dynamically: Set(${resource.configs.map((c) => c.name).join(', ')})`));
      } else {
        responses.push(refuse(`Unsupported resource type: ${resourceType}`));
      }
    }
    return { throttleTimeMs: 0, responses };
  };
}
