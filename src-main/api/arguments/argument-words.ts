/**
 * The words of the argument check's refusals (argument-check.ts), in English and 简体中文: what a
 * schema expects, what was given instead, and the sentences around them. Paths, field names, JSON
 * values and the method's signature are code, the same in both languages.
 */
import type { IntegerRange, SchemaNode } from './argument-schema';
import type { LocalizedText } from '../localized-text';

export type Language = keyof LocalizedText;

/** One text in both languages, built by the same function for each. */
export function inBoth(build: (lang: Language) => string): LocalizedText {
  return { en: build('en'), 'zh-CN': build('zh-CN') };
}

const IDEOGRAPH = /[\u3400-\u9fff]/;
// Any printable ASCII: code, numbers and the brackets around them.
const LATIN = /[!-~]/;

/**
 * A Chinese sentence with code in it: a space wherever an ideograph meets Latin text at an
 * interpolation (as Chinese technical writing sets them), none beside full-width punctuation.
 */
export function zh(strings: TemplateStringsArray, ...values: readonly (string | number)[]): string {
  let out = strings[0];
  values.forEach((v, i) => {
    const value = String(v);
    const next = strings[i + 1];
    out += spaced(out.at(-1), value.at(0)) + value + spaced(value.at(-1), next.at(0)) + next;
  });
  return out;
}

function spaced(before: string | undefined, after: string | undefined): string {
  if (before === undefined || after === undefined) return '';
  return (IDEOGRAPH.test(before) && LATIN.test(after)) || (LATIN.test(before) && IDEOGRAPH.test(after)) ? ' ' : '';
}

const MAX_SHOWN_CHARS = 40;

/** The value as a refusal shows it: its kind, and short values themselves. */
export function shown(value: unknown, lang: Language): string {
  const en = lang === 'en';
  if (value === null) return 'null';
  if (value === undefined) return en ? 'nothing' : '空值';
  if (Array.isArray(value)) return en ? 'an array' : '数组';
  switch (typeof value) {
    case 'string': {
      const quoted = JSON.stringify(value.length > MAX_SHOWN_CHARS ? `${value.slice(0, MAX_SHOWN_CHARS)}…` : value);
      return en ? `the string ${quoted}` : zh`字符串${quoted}`;
    }
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return en ? 'an object' : '对象';
    default:
      return en ? `a ${typeof value}` : zh`${typeof value}类型的值`;
  }
}

function rangeText(range: IntegerRange, lang: Language): string {
  return lang === 'en'
    ? `an integer from ${range.min} to ${range.max} (Kafka's ${range.kafkaType})`
    : zh`${range.min}到${range.max}之间的整数（Kafka 的${range.kafkaType}）`;
}

const quotedList = (values: readonly (string | number)[], separator: string): string =>
  values.map((v) => JSON.stringify(v)).join(separator);

/** What a schema expects, in a few words. */
export function describeSchema(node: SchemaNode, lang: Language): string {
  const en = lang === 'en';
  switch (node.type) {
    case 'string':
      return en ? 'a string' : '字符串';
    case 'number':
      if (node.range) return rangeText(node.range, lang);
      return node.integer ? (en ? 'an integer' : '整数') : en ? 'a number' : '数字';
    case 'boolean':
      return en ? 'true or false' : 'true 或 false';
    case 'enum':
      return en ? `one of ${quotedList(node.values, ', ')}` : zh`${quotedList(node.values, '、')}之一`;
    case 'nullable':
      return en ? `${describeSchema(node.inner, lang)} or null` : zh`${describeSchema(node.inner, lang)}或 null`;
    case 'array':
      return en ? `an array of ${plural(node.items, lang)}` : `由${plural(node.items, lang)}组成的数组`;
    case 'record':
      return en ? `an object of ${plural(node.values, lang)}` : `值为${plural(node.values, lang)}的对象`;
    case 'object': {
      const fields = `{${Object.entries(node.fields)
        .map(([name, f]) => `${name}${f.optional ? '?' : ''}`)
        .join(', ')}}`;
      return en ? `an object ${fields}` : zh`对象${fields}`;
    }
    case 'union': {
      const variants = Object.keys(node.variants);
      return en ? `an object with ${node.tag} ${quotedList(variants, ', ')}` : zh`${node.tag}为${quotedList(variants, '、')}之一的对象`;
    }
  }
}

function plural(node: SchemaNode, lang: Language): string {
  const en = lang === 'en';
  switch (node.type) {
    case 'string':
      return en ? 'strings' : '字符串';
    case 'number':
      return node.integer ? (en ? 'integers' : '整数') : en ? 'numbers' : '数字';
    case 'array':
      return en ? 'arrays' : '数组';
    default:
      return en ? 'objects' : '对象';
  }
}

export function mustBe(path: string, node: SchemaNode, value: unknown, lang: Language): string {
  return lang === 'en'
    ? `${path} must be ${describeSchema(node, lang)}, not ${shown(value, lang)}.`
    : zh`${path}必须是${describeSchema(node, lang)}，而不是${shown(value, lang)}。`;
}

export function notAField(path: string, key: string, fields: readonly string[], lang: Language): string {
  if (lang === 'en') return `${path}.${key} is not a field of ${path}${fields.length > 0 ? ` (its fields: ${fields.join(', ')})` : ''}.`;
  return zh`${`${path}.${key}`}不是${path}的字段${fields.length > 0 ? zh`（它的字段：${fields.join(', ')}）` : ''}。`;
}

export function fieldMissing(fieldPath: string, node: SchemaNode, lang: Language): string {
  return lang === 'en'
    ? `${fieldPath} is missing: it must be ${describeSchema(node, lang)}.`
    : zh`缺少${fieldPath}：它必须是${describeSchema(node, lang)}。`;
}

export function tagMustBe(tagPath: string, variants: readonly string[], tag: unknown, lang: Language): string {
  return lang === 'en'
    ? `${tagPath} must be one of ${quotedList(variants, ', ')}, not ${shown(tag, lang)}.`
    : zh`${tagPath}必须是${quotedList(variants, '、')}之一，而不是${shown(tag, lang)}。`;
}

/** `method(a, b?)` takes at most / exactly / no arguments, but got `given`. */
export function tooManyArguments(signature: string, params: number, anyOptional: boolean, given: number, lang: Language): string {
  if (lang === 'en') {
    const count = params === 1 ? '1 argument' : `${params} arguments`;
    const takes = params === 0 ? 'no arguments' : anyOptional ? `at most ${count}` : count;
    return `${signature} takes ${takes}, not ${given}.`;
  }
  if (params === 0) return zh`${signature}不接受参数，却收到了${given}个。`;
  return anyOptional
    ? zh`${signature}最多接受${params}个参数，却收到了${given}个。`
    : zh`${signature}接受${params}个参数，却收到了${given}个。`;
}

/** `argument 2 (options)`. */
export function position(index: number, name: string, lang: Language): string {
  return lang === 'en' ? `argument ${index + 1} (${name})` : zh`第${index + 1}个参数（${name}）`;
}

export function argumentMissing(signature: string, at: string, node: SchemaNode, lang: Language): string {
  return lang === 'en'
    ? `${signature}: ${at} is missing: it must be ${describeSchema(node, lang)}.`
    : zh`${signature}：缺少${at}：它必须是${describeSchema(node, lang)}。`;
}
