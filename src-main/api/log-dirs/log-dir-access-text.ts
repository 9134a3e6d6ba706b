/**
 * The log dir browser's refusal of a path (core/platform/read-only-folder.ts) as a person reads
 * it: the core's English, unchanged, and 简体中文. An I/O error's cause is the system's own words.
 */
import type { LogDirAccessError, LogDirAccessProblem } from '../../core/platform/read-only-folder';
import type { LocalizedText } from '../localized-text';

const OUTSIDE = '日志目录浏览器不会读取给定文件夹之外的任何内容。';
const ACTION = { read: '读取', list: '列出', open: '打开' } as const;

function chinese(problem: LogDirAccessProblem): string {
  switch (problem.kind) {
    case 'nul-in-path':
      return '路径中含有 NUL 字符。';
    case 'root-not-absolute':
      return `${problem.path} 不是绝对路径。`;
    case 'no-root-directory':
      return `不存在目录 ${problem.path}。`;
    case 'not-a-directory':
      return `${problem.path} 不是目录。`;
    case 'absolute-path':
      return `${problem.path} 是绝对路径：请给出相对于 ${problem.root} 的路径。`;
    case 'outside-root':
      return `${problem.path} 在 ${problem.root} 之外：${OUTSIDE}`;
    case 'link-outside-root':
      return `${problem.path} 通过符号链接指向 ${problem.root} 之外：${OUTSIDE}`;
    case 'not-found':
      return `${problem.root} 中不存在 ${problem.path === '' ? problem.root : problem.path}。`;
    case 'not-a-file':
      return `${problem.path} 不是文件。`;
    case 'io-error':
      return `无法${ACTION[problem.action]} ${problem.path}：${problem.cause}`;
  }
}

export function logDirAccessText(error: LogDirAccessError): LocalizedText {
  return { en: error.message, 'zh-CN': chinese(error.problem) };
}
