/** Every API one broker answers, each going through the same core paths as the UI. */
import type { KafkaServer } from '../../core/broker/kafka-server';
import { metadataHandler } from './handlers/metadata-handler';
import { KafkaApis } from './kafka-apis';
import { METADATA } from './messages/metadata';

export function brokerApis(broker: KafkaServer): KafkaApis {
  const apis = new KafkaApis();
  apis.register(METADATA, metadataHandler(broker));
  return apis;
}
