/**
 * Checks a call's arguments against its schema (argument-schema.ts): how many, and each one's type,
 * required fields and enum values. The answer is a copy with only what the schema declares, or the
 * first problem: which argument (position and name), which field path, and what was expected.
 */
import type { ArgsSchema, ObjectNode, ParamNode, SchemaNode } from './argument-schema';
import type { LocalizedText } from '../localized-text';
import {
  argumentMissing,
  fieldMissing,
  inBoth,
  mustBe,
  notAField,
  position,
  tagMustBe,
  tooManyArguments,
  zh,
  type Language,
} from './argument-words';

export interface ArgumentProblem {
  /** The path of the value at fault, from the parameter's name (`request.assignment.kind`). */
  readonly field: string;
  /** The English of `text` (what the headless API's scripts read). */
  readonly message: string;
  readonly text: LocalizedText;
}

export type ArgumentCheck = { readonly ok: true; readonly args: unknown[] } | { readonly ok: false; readonly problem: ArgumentProblem };

class Violation {
  constructor(
    readonly path: string,
    readonly problem: LocalizedText,
  ) {}
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `null` and `undefined` where a value may be left out are the same as leaving it out. */
function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

function expected(node: SchemaNode, value: unknown, path: string): Violation {
  return new Violation(
    path,
    inBoth((lang) => mustBe(path, node, value, lang)),
  );
}

function checkObject(node: ObjectNode, value: Record<string, unknown>, path: string, skip?: string): Record<string, unknown> {
  for (const key of Object.keys(value)) {
    if (key !== skip && !Object.hasOwn(node.fields, key)) {
      const fields = Object.keys(node.fields).filter((f) => f !== skip);
      throw new Violation(
        `${path}.${key}`,
        inBoth((lang) => notAField(path, key, fields, lang)),
      );
    }
  }
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(node.fields)) {
    const fieldPath = `${path}.${name}`;
    const given = value[name];
    if (field.optional && field.schema.type !== 'nullable' && absent(given)) continue;
    if (field.optional && given === undefined) continue;
    if (given === undefined)
      throw new Violation(
        fieldPath,
        inBoth((lang) => fieldMissing(fieldPath, field.schema, lang)),
      );
    out[name] = checkValue(field.schema, given, fieldPath);
  }
  return out;
}

function checkValue(node: SchemaNode, value: unknown, path: string): unknown {
  switch (node.type) {
    case 'string':
      if (typeof value !== 'string') throw expected(node, value, path);
      return value;
    case 'number':
      if (typeof value !== 'number' || !(node.integer ? Number.isSafeInteger(value) : Number.isFinite(value)))
        throw expected(node, value, path);
      if (node.range && (value < node.range.min || value > node.range.max)) throw expected(node, value, path);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw expected(node, value, path);
      return value;
    case 'enum':
      if (!node.values.includes(value as string | number)) throw expected(node, value, path);
      return value;
    case 'nullable':
      if (value === null) return null;
      try {
        return checkValue(node.inner, value, path);
      } catch (error) {
        // Wrong at this very path: say that null would have done too.
        if (error instanceof Violation && error.path === path) throw expected(node, value, path);
        throw error;
      }
    case 'array':
      if (!Array.isArray(value)) throw expected(node, value, path);
      // Array.from visits the holes of a sparse array (IPC keeps them) as undefined, which fails.
      return Array.from(value, (item: unknown, i) => checkValue(node.items, item, `${path}[${i}]`));
    case 'record': {
      if (!isPlainObject(value)) throw expected(node, value, path);
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        // defineProperty, not assignment: a key `__proto__` stays a plain entry of the copy.
        Object.defineProperty(out, key, {
          value: checkValue(node.values, item, `${path}[${JSON.stringify(key)}]`),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case 'object':
      if (!isPlainObject(value)) throw expected(node, value, path);
      return checkObject(node, value, path);
    case 'union': {
      if (!isPlainObject(value)) throw expected(node, value, path);
      const tag = value[node.tag];
      const tagPath = `${path}.${node.tag}`;
      if (typeof tag !== 'string' || !Object.hasOwn(node.variants, tag)) {
        throw new Violation(
          tagPath,
          inBoth((lang) => tagMustBe(tagPath, Object.keys(node.variants), tag, lang)),
        );
      }
      return { [node.tag]: tag, ...checkObject(node.variants[tag]!, value, path, node.tag) };
    }
  }
}

function refused(field: string, text: LocalizedText): ArgumentCheck {
  return { ok: false, problem: { field, message: text.en, text } };
}

/** A problem inside argument `index`: `topics.create(request, options): argument 1 (request): …`. */
function within(sig: string, index: number, name: string, problem: LocalizedText, lang: Language): string {
  const at = position(index, name, lang);
  return lang === 'en' ? `${sig}: ${at}: ${problem.en}` : zh`${sig}：${at}：${problem['zh-CN']}`;
}

function signature(method: string, params: readonly ParamNode[]): string {
  return `${method}(${params.map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ')})`;
}

/** Checks `args` of `method` (`topics.create`, for the messages) against its schema. */
export function checkArguments(schema: ArgsSchema<readonly unknown[]>, args: readonly unknown[], method: string): ArgumentCheck {
  const { params } = schema;
  if (args.length > params.length) {
    const anyOptional = params.some((p) => p.optional);
    return refused(
      '',
      inBoth((lang) => tooManyArguments(signature(method, params), params.length, anyOptional, args.length, lang)),
    );
  }
  const out: unknown[] = [];
  try {
    params.forEach((param, i) => {
      const given = args[i];
      if (param.optional && (given === undefined || (given === null && param.schema.type !== 'nullable'))) {
        out.push(undefined);
        return;
      }
      if (given === undefined) {
        throw new Violation(
          param.name,
          inBoth((lang) => argumentMissing(signature(method, params), position(i, param.name, lang), param.schema, lang)),
        );
      }
      try {
        out.push(checkValue(param.schema, given, param.name));
      } catch (error) {
        if (error instanceof Violation)
          throw new Violation(
            error.path,
            inBoth((lang) => within(signature(method, params), i, param.name, error.problem, lang)),
          );
        throw error;
      }
    });
  } catch (error) {
    if (error instanceof Violation) return refused(error.path, error.problem);
    throw error;
  }
  // Trailing optional arguments left out stay out (a method's defaults apply as to a direct call).
  while (out.length > 0 && out[out.length - 1] === undefined) out.pop();
  return { ok: true, args: out };
}
