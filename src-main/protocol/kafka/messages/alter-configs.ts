/**
 * AlterConfigs (key 33), valid versions 0–1, no flexible version; this broker speaks 0–1. It
 * replaces the resource's whole override set (not incremental).
 *
 *   Request:
 *     Resources: [ResourceType: int8, ResourceName: string, Configs: [Name: string, Value: string (nullable)]]
 *     ValidateOnly: bool
 *   Response:
 *     ThrottleTimeMs: int32
 *     Responses: [ErrorCode: int16, ErrorMessage: string (nullable), ResourceType: int8, ResourceName: string]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { CONFIG_RESOURCE_RESULT_FIELDS } from './common-structs';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const ALTER_CONFIGS = apiMessages({
  apiKey: 33,
  name: 'AlterConfigs',
  minVersion: 0,
  maxVersion: 1,
  request: [
    field(
      'Resources',
      arrayOf(
        struct(
          field('ResourceType', 'int8', '0+'),
          field('ResourceName', 'string', '0+'),
          field(
            'Configs',
            arrayOf(struct(field('Name', 'string', '0+'), field('Value', 'string', '0+', { nullableVersions: '0+' }))),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
    field('ValidateOnly', 'bool', '0+'),
  ],
  response: [field('ThrottleTimeMs', 'int32', '0+'), field('Responses', arrayOf(struct(...CONFIG_RESOURCE_RESULT_FIELDS)), '0+')],
});

export type AlterConfigsRequest = RequestOf<typeof ALTER_CONFIGS>;
export type AlterConfigsResponse = ResponseOf<typeof ALTER_CONFIGS>;
