/**
 * DescribeConfigs (key 32), valid versions 0–2, no flexible version; this broker speaks 0–2.
 *
 *   Request:
 *     Resources: [ResourceType: int8, ResourceName: string, ConfigurationKeys: [string] (nullable)]
 *     IncludeSynoyms: bool             v1+ (sic)
 *   Response:
 *     ThrottleTimeMs: int32
 *     Results: [ErrorCode: int16, ErrorMessage: string (nullable), ResourceType: int8, ResourceName: string,
 *               Configs: [Name: string, Value: string (nullable), ReadOnly: bool, IsDefault: bool (v0 only),
 *                         ConfigSource: int8 (v1+, default −1), IsSensitive: bool,
 *                         Synonyms: [Name: string, Value: string (nullable), Source: int8] (v1+)]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { CONFIG_RESOURCE_RESULT_FIELDS } from './common-structs';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const RESOURCE_TYPE = { UNKNOWN: 0, ANY: 1, TOPIC: 2, GROUP: 3, BROKER: 4, BROKER_LOGGER: 8 } as const;

export const DESCRIBE_CONFIGS = apiMessages({
  apiKey: 32,
  name: 'DescribeConfigs',
  minVersion: 0,
  maxVersion: 2,
  request: [
    field(
      'Resources',
      arrayOf(
        struct(
          field('ResourceType', 'int8', '0+'),
          field('ResourceName', 'string', '0+'),
          field('ConfigurationKeys', arrayOf('string'), '0+', { nullableVersions: '0+' }),
        ),
      ),
      '0+',
    ),
    field('IncludeSynoyms', 'bool', '1+'),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field(
      'Results',
      arrayOf(
        struct(
          ...CONFIG_RESOURCE_RESULT_FIELDS,
          field(
            'Configs',
            arrayOf(
              struct(
                field('Name', 'string', '0+'),
                field('Value', 'string', '0+', { nullableVersions: '0+' }),
                field('ReadOnly', 'bool', '0+'),
                field('IsDefault', 'bool', '0'),
                field('ConfigSource', 'int8', '1+', { default: -1 }),
                field('IsSensitive', 'bool', '0+'),
                field(
                  'Synonyms',
                  arrayOf(
                    struct(
                      field('Name', 'string', '1+'),
                      field('Value', 'string', '1+', { nullableVersions: '0+' }),
                      field('Source', 'int8', '1+'),
                    ),
                  ),
                  '1+',
                ),
              ),
            ),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
  ],
});

export type DescribeConfigsRequest = RequestOf<typeof DESCRIBE_CONFIGS>;
export type DescribedConfig = DescribeConfigsResult['configs'][number];
export type DescribeConfigsResult = ResponseOf<typeof DESCRIBE_CONFIGS>['results'][number];
export type DescribeConfigsResponse = ResponseOf<typeof DESCRIBE_CONFIGS>;
