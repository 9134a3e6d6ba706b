/**
 * A duration as an operator reads it, in English and 简体中文: `120 ms` / `120 毫秒`, `18 s` /
 * `18 秒`, `42.3 s`, `3 min 05 s` / `3 分 05 秒`, `1 h 02 min` / `1 小时 02 分`. Pure data, so the
 * renderer imports it at run time (one implementation for the server's sentences and the views).
 */
import type { LocalizedText } from './contract';

const UNITS = {
  en: { ms: 'ms', s: 's', min: 'min', h: 'h' },
  'zh-CN': { ms: '毫秒', s: '秒', min: '分', h: '小时' },
} as const;

export function durationText(ms: number): LocalizedText {
  return { en: format(ms, UNITS.en), 'zh-CN': format(ms, UNITS['zh-CN']) };
}

function format(ms: number, u: (typeof UNITS)[keyof typeof UNITS]): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 1000) return `${Math.round(ms)} ${u.ms}`;
  const s = ms / 1000;
  if (s < 60) return `${Number.isInteger(s) ? s : s.toFixed(1)} ${u.s}`;
  const totalS = Math.floor(s);
  const h = Math.floor(totalS / 3600);
  const m = Math.floor((totalS % 3600) / 60);
  const rest = totalS % 60;
  const two = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h} ${u.h} ${two(m)} ${u.min}` : `${m} ${u.min} ${two(rest)} ${u.s}`;
}
