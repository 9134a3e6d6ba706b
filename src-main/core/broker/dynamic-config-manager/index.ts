export { DynamicConfigManager } from './dynamic-config-manager';
export type { DynamicConfigManagerDeps } from './dynamic-config-manager';
export type { DynamicConfigZkClient } from './dynamic-config-zk-client';
export type { ConfigHandler } from './config-handler';
export { TopicConfigHandler } from './topic-config-handler';
export type { TopicConfigHandlerDeps } from './topic-config-handler';
export { CONFIG_CHANGE_EXPIRATION_MS, ZkNodeChangeNotificationListener } from './zk-node-change-notification-listener';
export type { NotificationHandler } from './zk-node-change-notification-listener';
