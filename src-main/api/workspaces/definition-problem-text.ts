/**
 * A cluster definition's problem (core/cluster/cluster-definition.ts) as a person reads it, in
 * English (the core's words, unchanged for the API's scripts) and 简体中文.
 */
import { definitionProblemMessage, type DefinitionProblem } from '../../core/cluster/cluster-definition';
import type { LocalizedText } from '../localized-text';

function chinese(problem: DefinitionProblem): string {
  switch (problem.kind) {
    case 'broker-id-not-non-negative':
      return `broker id ${problem.brokerId} 必须是非负整数。`;
    case 'broker-id-twice':
      return `broker id ${problem.brokerId} 被定义了两次。`;
    case 'no-log-dir':
      return `broker ${problem.brokerId} 至少需要一个日志目录。`;
    case 'log-dir-name':
      return `broker ${problem.brokerId} 的日志目录名“${problem.logDir}”只能使用字母、数字、'.'、'_' 和 '-'。`;
    case 'client-port':
      return `ZooKeeper clientPort ${problem.port} 必须是端口号（0 到 65535）。`;
  }
}

/** The English has no final period (as the core writes it); the Chinese is a whole sentence. */
export function definitionProblemText(problem: DefinitionProblem): LocalizedText {
  return { en: definitionProblemMessage(problem), 'zh-CN': chinese(problem) };
}
