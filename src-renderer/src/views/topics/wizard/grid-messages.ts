/** The manual grid's problems as sentences (the form shows them next to the grid). */
import type { GridProblem } from '../../../lib/topics/assignment-grid';

type Translate = (key: string, params: Record<string, unknown>) => string;

export function gridProblemText(t: Translate, problem: GridProblem): string {
  switch (problem.code) {
    case 'no-partitions':
      return t('grid.problems.noPartitions', {});
    case 'partition-count':
      return t('grid.problems.partitionCount', { expected: problem.expected, actual: problem.actual });
    case 'replica-count':
      return t('grid.problems.replicaCount', { partition: problem.partition, expected: problem.expected, actual: problem.actual });
    case 'duplicate-broker':
      return t('grid.problems.duplicateBroker', { partition: problem.partition, broker: problem.broker });
    case 'unknown-broker':
      return t('grid.problems.unknownBroker', { partition: problem.partition, broker: problem.broker });
  }
}

/** At most `max` sentences, then how many more there are. */
export function gridProblemsText(t: Translate, problems: readonly GridProblem[], max = 5): string[] {
  const lines = problems.slice(0, max).map((p) => gridProblemText(t, p));
  if (problems.length > max) lines.push(t('grid.problems.more', { n: problems.length - max }));
  return lines;
}

export function badPartitions(problems: readonly GridProblem[]): number[] {
  return problems.flatMap((p) => ('partition' in p ? [p.partition] : []));
}
