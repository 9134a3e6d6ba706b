// The sentences the confirmation shows before an election: what the controller will do to the partitions in scope.
import type { ElectionOverviewDto, ElectionPartitionDto, ElectionRequestDto, ElectionResultDto } from '../../api/types';

// vue-i18n's t: the count picks a plural form.
type Translate = (key: string, values?: Record<string, unknown>, plural?: number) => string;

export function inScope(p: ElectionPartitionDto, scope: ElectionRequestDto['scope']): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'topic') return p.topic === scope.topic;
  return p.topic === scope.topic && p.partition === scope.partition;
}

function scopeText(scope: ElectionRequestDto['scope'], t: Translate): string {
  if (scope.kind === 'all') return t('elections.scopeAll');
  if (scope.kind === 'topic') return t('elections.scopeTopic', { topic: scope.topic });
  return t('elections.scopePartition', { topic: scope.topic, partition: scope.partition });
}

const MAX_LISTED = 10;

export function electionSentences(request: ElectionRequestDto, overview: ElectionOverviewDto, t: Translate): string[] {
  const scope = scopeText(request.scope, t);
  const controller = overview.controllerId;
  if (request.electionType === 'UNCLEAN') {
    return [
      t('elections.uncleanSentences.request', { controller, scope }),
      t('elections.uncleanSentences.offline'),
      t('elections.uncleanSentences.loss'),
      t('elections.uncleanSentences.noop'),
    ];
  }
  const moving = overview.partitions.filter((p) => inScope(p, request.scope) && p.preferredElectable);
  const listed = moving.slice(0, MAX_LISTED).map((p) => `${p.topic}-${p.partition} (${p.leader} → ${p.preferredLeader})`);
  const partitions = moving.length > MAX_LISTED ? `${listed.join(', ')} …` : listed.join(', ');
  return [
    t('elections.preferredSentences.request', { controller, scope }),
    moving.length > 0
      ? t('elections.preferredSentences.moves', { count: moving.length, partitions }, moving.length)
      : t('elections.preferredSentences.nothing'),
    t('elections.preferredSentences.clients'),
  ];
}

export function resultSummary(results: readonly ElectionResultDto[], t: Translate): string {
  const elected = results.filter((r) => r.error === 'NONE').length;
  const noop = results.filter((r) => r.error === 'ELECTION_NOT_NEEDED').length;
  return t('elections.result', { elected, noop, failed: results.length - elected - noop });
}
