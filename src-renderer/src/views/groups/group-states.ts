// The coordinator's group states (Kafka's names, never translated) and how the page colours them.
import type { GroupStateDto } from '../../api/types';

export const GROUP_STATES: readonly GroupStateDto[] = ['Stable', 'PreparingRebalance', 'CompletingRebalance', 'Empty', 'Dead'];

export function stateTagType(state: GroupStateDto): 'success' | 'warning' | 'info' | 'danger' {
  if (state === 'Stable') return 'success';
  if (state === 'Empty') return 'info';
  if (state === 'Dead') return 'danger';
  return 'warning';
}
