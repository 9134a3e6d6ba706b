/** What the alter wizard's replica panels (add partitions, reassign) take and tell. */
import type { TopicDefaultsDto, TopicDetailDto } from '../../../api/types';

export interface ReplicaPanelProps {
  /** The topic as it is now. */
  readonly detail: TopicDetailDto;
  /** The live brokers replicas may go to. */
  readonly brokers: TopicDefaultsDto['liveBrokers'];
}

/** `changed`: the panel wrote something; the wizard reads the topic again. */
export interface ReplicaPanelEmits {
  (e: 'changed'): void;
}
