/**
 * Templates to hand-write Kafka's znodes: an example path per kind, the create mode Kafka uses and
 * the data from the znode's spec (core/kafka-zk/znode-specs.ts, the same schemas the controller's
 * decoding follows).
 */
import type { ZnodeKind } from '../../core/kafka-zk';
import { ZNODE_SPECS } from '../../core/kafka-zk';
import { specText } from './znode-spec-texts';
import type { ZnodeCreateModeDto, ZnodeTemplateDto } from './zookeeper-contract';

const EXAMPLE_PATHS: ReadonlyArray<readonly [ZnodeKind, string]> = [
  ['topic', '/brokers/topics/my-topic'],
  ['delete-topic-marker', '/admin/delete_topics/my-topic'],
  ['reassign-partitions', '/admin/reassign_partitions'],
  ['preferred-replica-election', '/admin/preferred_replica_election'],
  ['partition-state', '/brokers/topics/my-topic/partitions/0/state'],
  ['config-entity', '/config/topics/my-topic'],
  ['config-change-notification', '/config/changes/config_change_'],
  ['isr-change-notification', '/isr_change_notification/isr_change_'],
  ['log-dir-event-notification', '/log_dir_event_notification/log_dir_event_'],
  ['controller', '/controller'],
  ['controller-epoch', '/controller_epoch'],
  ['broker-registration', '/brokers/ids/9'],
  ['latest-producer-id-block', '/latest_producer_id_block'],
  ['consumer-offset', '/consumers/my-group/offsets/my-topic/0'],
];

export function znodeTemplates(): ZnodeTemplateDto[] {
  return EXAMPLE_PATHS.map(([kind, path]) => {
    const spec = ZNODE_SPECS[kind];
    const mode: ZnodeCreateModeDto = spec.createMode ?? 'persistent';
    return { kind, title: specText(spec, 'title'), path, mode, data: spec.template };
  });
}
