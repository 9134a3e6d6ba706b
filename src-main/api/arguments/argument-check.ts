/**
 * Checks a call's arguments against its schema (argument-schema.ts): how many, and each one's type,
 * required fields and enum values. The answer is a copy with only what the schema declares, or the
 * first problem: which argument (position and name), which field path, and what was expected.
 */
import type { ArgsSchema, ObjectNode, ParamNode, SchemaNode } from './argument-schema';

export interface ArgumentProblem {
  /** The path of the value at fault, from the parameter's name (`request.assignment.kind`). */
  readonly field: string;
  readonly message: string;
}

export type ArgumentCheck = { readonly ok: true; readonly args: unknown[] } | { readonly ok: false; readonly problem: ArgumentProblem };

class Violation {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {}
}

const MAX_SHOWN_CHARS = 40;

/** The value as a message shows it: its kind, and short values themselves. */
function shown(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value.length > MAX_SHOWN_CHARS ? `${value.slice(0, MAX_SHOWN_CHARS)}…` : value)}`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** What a schema expects, in a few words. */
export function describeSchema(node: SchemaNode): string {
  switch (node.type) {
    case 'string':
      return 'a string';
    case 'number':
      if (node.range) return `an integer from ${node.range.min} to ${node.range.max} (Kafka's ${node.range.kafkaType})`;
      return node.integer ? 'an integer' : 'a number';
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${node.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'nullable':
      return `${describeSchema(node.inner)} or null`;
    case 'array':
      return `an array of ${plural(node.items)}`;
    case 'record':
      return `an object of ${plural(node.values)}`;
    case 'object':
      return `an object {${Object.entries(node.fields)
        .map(([name, f]) => `${name}${f.optional ? '?' : ''}`)
        .join(', ')}}`;
    case 'union':
      return `an object with ${node.tag} ${Object.keys(node.variants)
        .map((v) => JSON.stringify(v))
        .join(', ')}`;
  }
}

function plural(node: SchemaNode): string {
  switch (node.type) {
    case 'string':
      return 'strings';
    case 'number':
      return node.integer ? 'integers' : 'numbers';
    case 'array':
      return 'arrays';
    default:
      return 'objects';
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `null` and `undefined` where a value may be left out are the same as leaving it out. */
function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

function expected(node: SchemaNode, value: unknown, path: string): Violation {
  return new Violation(path, `${path} must be ${describeSchema(node)}, not ${shown(value)}.`);
}

function checkObject(node: ObjectNode, value: Record<string, unknown>, path: string, skip?: string): Record<string, unknown> {
  for (const key of Object.keys(value)) {
    if (key !== skip && !Object.hasOwn(node.fields, key)) {
      const fields = Object.keys(node.fields).filter((f) => f !== skip);
      throw new Violation(
        `${path}.${key}`,
        `${path}.${key} is not a field of ${path}${fields.length > 0 ? ` (its fields: ${fields.join(', ')})` : ''}.`,
      );
    }
  }
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(node.fields)) {
    const fieldPath = `${path}.${name}`;
    const given = value[name];
    if (field.optional && field.schema.type !== 'nullable' && absent(given)) continue;
    if (field.optional && given === undefined) continue;
    if (given === undefined) throw new Violation(fieldPath, `${fieldPath} is missing: it must be ${describeSchema(field.schema)}.`);
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
          `${tagPath} must be one of ${Object.keys(node.variants)
            .map((v) => JSON.stringify(v))
            .join(', ')}, not ${shown(tag)}.`,
        );
      }
      return { [node.tag]: tag, ...checkObject(node.variants[tag]!, value, path, node.tag) };
    }
  }
}

function signature(method: string, params: readonly ParamNode[]): string {
  return `${method}(${params.map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ')})`;
}

/** Checks `args` of `method` (`topics.create`, for the messages) against its schema. */
export function checkArguments(schema: ArgsSchema<readonly unknown[]>, args: readonly unknown[], method: string): ArgumentCheck {
  const { params } = schema;
  if (args.length > params.length) {
    const count = params.length === 1 ? '1 argument' : `${params.length} arguments`;
    const takes = params.length === 0 ? 'no arguments' : params.some((p) => p.optional) ? `at most ${count}` : count;
    return { ok: false, problem: { field: '', message: `${signature(method, params)} takes ${takes}, not ${args.length}.` } };
  }
  const out: unknown[] = [];
  try {
    params.forEach((param, i) => {
      const given = args[i];
      const position = `argument ${i + 1} (${param.name})`;
      if (param.optional && (given === undefined || (given === null && param.schema.type !== 'nullable'))) {
        out.push(undefined);
        return;
      }
      if (given === undefined) {
        throw new Violation(
          param.name,
          `${signature(method, params)}: ${position} is missing: it must be ${describeSchema(param.schema)}.`,
        );
      }
      try {
        out.push(checkValue(param.schema, given, param.name));
      } catch (error) {
        if (error instanceof Violation) throw new Violation(error.path, `${signature(method, params)}: ${position}: ${error.problem}`);
        throw error;
      }
    });
  } catch (error) {
    if (error instanceof Violation) return { ok: false, problem: { field: error.path, message: error.problem } };
    throw error;
  }
  // Trailing optional arguments left out stay out (a method's defaults apply as to a direct call).
  while (out.length > 0 && out[out.length - 1] === undefined) out.pop();
  return { ok: true, args: out };
}
