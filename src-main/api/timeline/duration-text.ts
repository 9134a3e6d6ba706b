import type { LocalizedText } from '../contract';

/** A duration as a person reads it: `450 ms`, `19 s`, `1 min 2 s` (`450 毫秒`, `19 秒`, `1 分 2 秒`). */
export function formatDurationText(ms: number): LocalizedText {
  if (ms < 1000) return { en: `${ms} ms`, 'zh-CN': `${ms} 毫秒` };
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 60) {
    const s = Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
    return { en: `${s} s`, 'zh-CN': `${s} 秒` };
  }
  const whole = Math.round(ms / 1000);
  const min = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? { en: `${min} min`, 'zh-CN': `${min} 分` } : { en: `${min} min ${rest} s`, 'zh-CN': `${min} 分 ${rest} 秒` };
}
