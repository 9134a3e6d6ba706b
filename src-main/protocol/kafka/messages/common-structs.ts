/**
 * Grammar that several of Kafka 2.5.1's message definitions spell out field for field, at the same
 * versions: each message file still says in its header what it reads and writes, and shares a
 * piece here only where the definitions agree for every version the message has (the grammar test
 * against Kafka's own definitions holds each message to it).
 */
import { arrayOf, field, struct } from '../wire/schema';

/** A per-partition answer by topic: OffsetCommit's, TxnOffsetCommit's and OffsetDelete's response `Topics`, each WriteTxnMarkers result's. */
export const PARTITION_ERRORS_BY_TOPIC = field(
  'Topics',
  arrayOf(
    struct(
      field('Name', 'string', '0+'),
      field('Partitions', arrayOf(struct(field('PartitionIndex', 'int32', '0+'), field('ErrorCode', 'int16', '0+'))), '0+'),
    ),
  ),
  '0+',
);

/** One config resource's answer: AlterConfigs' and IncrementalAlterConfigs' `Responses`, the start of DescribeConfigs' `Results`. */
export const CONFIG_RESOURCE_RESULT_FIELDS = [
  field('ErrorCode', 'int16', '0+'),
  field('ErrorMessage', 'string', '0+', { nullableVersions: '0+', default: null }),
  field('ResourceType', 'int8', '0+'),
  field('ResourceName', 'string', '0+'),
] as const;

/** An ACL binding filter: DescribeAcls' request, each of DeleteAcls' `Filters`. */
export const ACL_FILTER_FIELDS = [
  field('ResourceTypeFilter', 'int8', '0+'),
  field('ResourceNameFilter', 'string', '0+', { nullableVersions: '0+' }),
  field('PatternTypeFilter', 'int8', '1+', { default: 3 }),
  field('PrincipalFilter', 'string', '0+', { nullableVersions: '0+' }),
  field('HostFilter', 'string', '0+', { nullableVersions: '0+' }),
  field('Operation', 'int8', '0+'),
  field('PermissionType', 'int8', '0+'),
] as const;

/** An ACL's access control entry, after its resource pattern in CreateAcls, DescribeAcls and DeleteAcls. */
export const ACL_ENTRY_FIELDS = [
  field('Principal', 'string', '0+'),
  field('Host', 'string', '0+'),
  field('Operation', 'int8', '0+'),
  field('PermissionType', 'int8', '0+'),
] as const;
