/**
 * IncrementalAlterConfigs (key 44), valid versions 0–1, flexible from 1; this broker speaks 0–1
 * (KIP-339: per-key operations instead of AlterConfigs' whole set).
 *
 *   Request:
 *     Resources: [ResourceType: int8, ResourceName: string,
 *                 Configs: [Name: string, ConfigOperation: int8 (0 SET, 1 DELETE, 2 APPEND, 3 SUBTRACT),
 *                           Value: string (nullable)]]
 *     ValidateOnly: bool
 *   Response:
 *     ThrottleTimeMs: int32
 *     Responses: [ErrorCode: int16, ErrorMessage: string (nullable), ResourceType: int8, ResourceName: string]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { CONFIG_RESOURCE_RESULT_FIELDS } from './common-structs';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const INCREMENTAL_ALTER_CONFIGS = apiMessages({
  apiKey: 44,
  name: 'IncrementalAlterConfigs',
  minVersion: 0,
  maxVersion: 1,
  flexibleVersions: '1+',
  request: [
    field(
      'Resources',
      arrayOf(
        struct(
          field('ResourceType', 'int8', '0+'),
          field('ResourceName', 'string', '0+'),
          field(
            'Configs',
            arrayOf(
              struct(
                field('Name', 'string', '0+'),
                field('ConfigOperation', 'int8', '0+'),
                field('Value', 'string', '0+', { nullableVersions: '0+' }),
              ),
            ),
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

export type IncrementalAlterConfigsRequest = RequestOf<typeof INCREMENTAL_ALTER_CONFIGS>;
export type IncrementalAlterConfigsResponse = ResponseOf<typeof INCREMENTAL_ALTER_CONFIGS>;
