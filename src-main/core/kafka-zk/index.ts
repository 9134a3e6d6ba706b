/** Kafka 2.5's `kafka.zk.ZkData` for the emulation: znode paths, payload codecs, recognition, schemas. */
export * from './znode-format-error';
export * from './cluster-znodes';
export * from './broker-znodes';
export * from './topic-znodes';
export * from './admin-znodes';
export * from './config-znodes';
export * from './notification-znodes';
export * from './znode-specs';
export * from './zk-data';
export { readJson, lineAndColumn } from './json-reader';
export type { JsonDocument, JsonSyntaxError, JsonReadResult } from './json-reader';
export type { JsonNode } from './json-node';
