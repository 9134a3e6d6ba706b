/** Every API one broker answers, each going through the same core paths as the UI. */
import type { KafkaServer } from '../../core/broker/kafka-server';
import type { Time } from '../../core/platform/scheduler';
import { fetchHandler } from './handlers/fetch-handler';
import { listOffsetsHandler } from './handlers/list-offsets-handler';
import { metadataHandler } from './handlers/metadata-handler';
import { produceHandler } from './handlers/produce-handler';
import { KafkaApis } from './kafka-apis';
import { FETCH } from './messages/fetch';
import { LIST_OFFSETS } from './messages/list-offsets';
import { METADATA } from './messages/metadata';
import { PRODUCE } from './messages/produce';

/** `time` is the broker's clock (MaxWait of a parked Fetch runs on it). */
export function brokerApis(broker: KafkaServer, time: Time): KafkaApis {
  const apis = new KafkaApis();
  apis.register(PRODUCE, produceHandler(broker));
  apis.register(FETCH, fetchHandler(broker, time));
  apis.register(LIST_OFFSETS, listOffsetsHandler(broker));
  apis.register(METADATA, metadataHandler(broker));
  return apis;
}
