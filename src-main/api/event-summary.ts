/**
 * One readable line per stored cluster event, for the timeline: a log line as log4j prints it, a
 * ZooKeeper transaction as `create /brokers/topics/orders`, a controller event, a request sent to
 * a broker, a broker's new state.
 */
import type { StoredEvent } from '../core/cluster/event-log';
import type { EventDto, LocalizedText } from './contract';
import { Significance } from '../core/cluster/timeline-index';

type Level = EventDto['level'];

interface Summary {
  readonly level: Level;
  readonly summary: string;
  /** The dojo's own words in Chinese too; absent where the line is Kafka's (the same in both). */
  readonly zh?: string;
}

function summarize(kind: string, body: Record<string, unknown>): Summary {
  switch (kind) {
    case 'log': {
      const line = body.line as { level: Level; message: string; logger: string; file: string };
      return { level: line.level, summary: `${line.message} (${line.logger})` };
    }
    case 'log-manager': {
      const e = body.event as { level: string; message: string };
      return { level: (e.level === 'FATAL' ? 'ERROR' : e.level) as Level, summary: e.message };
    }
    case 'zookeeper': {
      const e = body.event as {
        kind: string;
        op?: string;
        path?: string;
        err?: number;
        type?: number;
        message?: string;
        sessionId?: string;
      };
      if (e.kind === 'txn') {
        const op = `${e.op}${e.path ? ` ${e.path}` : ''}`;
        return { level: null, summary: `${op}${e.err ? ` (error ${e.err})` : ''}`, zh: `${op}${e.err ? `（错误 ${e.err}）` : ''}` };
      }
      if (e.kind === 'watch-fired') return { level: null, summary: `watch fired on ${e.path}`, zh: `${e.path} 上的 watch 已触发` };
      if (e.kind === 'session-expired') {
        const id = `0x${BigInt(e.sessionId ?? 0).toString(16)}`;
        return { level: 'WARN', summary: `session ${id} expired`, zh: `会话 ${id} 已过期` };
      }
      if (e.kind === 'connection-closed') return { level: 'WARN', summary: e.message ?? e.kind };
      return { level: 'ERROR', summary: e.message ?? e.kind };
    }
    case 'controller': {
      const n = body.notice as { kind: string; event: { type?: string } | string };
      const name = typeof n.event === 'string' ? n.event : (n.event?.type ?? 'event');
      const zhVerb = { 'event-started': '开始处理', 'event-finished': '处理完成', 'event-failed': '处理失败', 'event-preempted': '被抢占' }[
        n.kind
      ];
      return {
        level: n.kind === 'event-failed' ? 'ERROR' : null,
        summary: `controller ${n.kind.replace('event-', '')}: ${name}`,
        zh: `控制器${zhVerb ?? n.kind}：${name}`,
      };
    }
    case 'channel': {
      const e = body.event as { kind: string; brokerId: number; request: { apiKey?: string } | string };
      const api = typeof e.request === 'string' ? e.request : (e.request?.apiKey ?? 'request');
      const zhKind = { 'request-sent': '请求已发送', 'request-dropped': '请求被丢弃', 'response-received': '响应已收到' }[e.kind] ?? e.kind;
      return {
        level: e.kind === 'request-dropped' ? 'WARN' : null,
        summary: `${api} ${e.kind.replace('-', ' ')} (broker ${e.brokerId})`,
        zh: `${api} ${zhKind}（broker ${e.brokerId}）`,
      };
    }
    case 'broker-state':
      return {
        level: 'INFO',
        summary: `broker ${String(body.brokerId)} is ${String(body.state)}`,
        zh: `broker ${String(body.brokerId)} 状态为 ${String(body.state)}`,
      };
    case 'znode-problem': {
      // The message is ZnodeFormatError's, which already opens with the path: name it once.
      const path = String(body.path);
      const message = String(body.message);
      return { level: 'WARN', summary: message.startsWith(`${path}: `) ? message : `${path}: ${message}` };
    }
    default:
      return { level: null, summary: kind };
  }
}

export function eventDto(e: StoredEvent): EventDto {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(e.json) as Record<string, unknown>;
  } catch {
    // A row written by an older version: the kind alone still says what happened.
  }
  const { level, summary, zh } = summarize(e.kind, body);
  const text: LocalizedText = { en: summary, 'zh-CN': zh ?? summary };
  return {
    seq: e.seq,
    timeMs: e.timeMs,
    kind: e.kind,
    brokerId: e.brokerId,
    level,
    summary,
    text,
    category: e.category ?? null,
    routine: e.significance === Significance.routine,
  };
}
