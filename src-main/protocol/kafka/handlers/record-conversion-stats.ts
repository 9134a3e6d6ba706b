/**
 * `KafkaApis.updateRecordConversionStats`: a partition's records converted between message formats
 * mark the topic's and all topics' Produce/FetchMessageConversionsPerSec, and set the request's
 * conversion time and temporary memory for RequestMetrics. As in 2.5 each partition overwrites
 * what the one before set (the time only when it converted something), so a request with several
 * partitions reports its last one's.
 */
import type { TopicPartition } from '../../../core/common/topic-partition';
import type { RecordConversionStats } from '../../../core/record/records-util';
import type { BrokerTopicStats } from '../../../core/server/broker-topic-stats';
import type { RequestTimes } from '../request-metrics';

export function updateRecordConversionStats(
  api: 'Produce' | 'Fetch',
  brokerTopicStats: BrokerTopicStats | undefined,
  times: RequestTimes | undefined,
  tp: TopicPartition,
  stats: RecordConversionStats,
): void {
  if (stats.numRecordsConverted > 0) {
    brokerTopicStats?.mark(
      tp.topic,
      api === 'Produce' ? 'ProduceMessageConversionsPerSec' : 'FetchMessageConversionsPerSec',
      stats.numRecordsConverted,
    );
    if (times) times.messageConversionsTimeMs = stats.conversionTimeMs;
  }
  if (times) times.temporaryMemoryBytes = stats.temporaryMemoryBytes;
}
