/**
 * Run-time schemas of the API's arguments, as data: both transports check every call against them
 * before a service sees it (api-call.ts), and the compiler checks each schema against the
 * method's parameter types (api-arguments.ts), so the two cannot drift apart. A value that passes
 * comes back as a copy holding only the declared fields; nothing else of the input reaches a
 * service (no `__proto__`, no stray keys).
 *
 * JSON has no `undefined`: `null` where an optional value may be absent (what `JSON.stringify`
 * makes of `undefined` in an argument array) means absent.
 */

/** The type a schema accepts (a phantom: never set at run time). */
declare const ACCEPTS: unique symbol;

export type SchemaNode =
  | { readonly type: 'string' }
  | { readonly type: 'number'; readonly integer: boolean; readonly range?: IntegerRange }
  | { readonly type: 'boolean' }
  | { readonly type: 'enum'; readonly values: readonly (string | number)[] }
  | { readonly type: 'nullable'; readonly inner: SchemaNode }
  | { readonly type: 'array'; readonly items: SchemaNode }
  | { readonly type: 'record'; readonly values: SchemaNode }
  | ObjectNode
  | { readonly type: 'union'; readonly tag: string; readonly variants: Readonly<Record<string, ObjectNode>> };

export interface ObjectNode {
  readonly type: 'object';
  readonly fields: Readonly<Record<string, FieldNode>>;
}

export interface FieldNode {
  readonly schema: SchemaNode;
  readonly optional: boolean;
}

/** The values of one of Kafka's wire types (`INT16`, `INT32`): what a Kafka request could carry. */
export interface IntegerRange {
  readonly kafkaType: 'INT16' | 'INT32';
  readonly min: number;
  readonly max: number;
}

export type Schema<T> = SchemaNode & { readonly [ACCEPTS]?: T };

/** A field or argument that may be left out. */
export interface Optional<T> {
  readonly optional: true;
  readonly schema: Schema<T>;
}

type AnySchema = Schema<unknown>;
type FieldSpec = AnySchema | Optional<unknown>;
type FieldSpecs = Readonly<Record<string, FieldSpec>>;

export type Infer<S> = S extends Schema<infer T> ? T : never;

type RequiredKeys<F extends FieldSpecs> = { [K in keyof F]: F[K] extends Optional<unknown> ? never : K }[keyof F];
type OptionalKeys<F extends FieldSpecs> = { [K in keyof F]: F[K] extends Optional<unknown> ? K : never }[keyof F];
type InferFields<F extends FieldSpecs> = { readonly [K in RequiredKeys<F>]: Infer<F[K]> } & {
  readonly [K in OptionalKeys<F>]?: F[K] extends Optional<infer T> ? T : never;
};

export const string = (): Schema<string> => ({ type: 'string' });
/** Any finite number. */
export const number = (): Schema<number> => ({ type: 'number', integer: false });
/** A safe integer (ids, counts, offsets, timestamps). */
export const integer = (): Schema<number> => ({ type: 'number', integer: true });
/** A partition count or id, a broker id, a timeout: Kafka's INT32. */
export const int32 = (): Schema<number> => ({
  type: 'number',
  integer: true,
  range: { kafkaType: 'INT32', min: -(2 ** 31), max: 2 ** 31 - 1 },
});
/** A replication factor: Kafka's INT16. */
export const int16 = (): Schema<number> => ({
  type: 'number',
  integer: true,
  range: { kafkaType: 'INT16', min: -(2 ** 15), max: 2 ** 15 - 1 },
});
export const boolean = (): Schema<boolean> => ({ type: 'boolean' });

export function oneOf<const V extends readonly (string | number)[]>(...values: V): Schema<V[number]> {
  return { type: 'enum', values };
}

export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return { type: 'nullable', inner };
}

export function array<T>(items: Schema<T>): Schema<readonly T[]> {
  return { type: 'array', items };
}

/** An object of any keys, each value of `values` (configs, brokerConfig). */
export function record<T>(values: Schema<T>): Schema<Readonly<Record<string, T>>> {
  return { type: 'record', values };
}

export function optional<T>(schema: Schema<T>): Optional<T> {
  return { optional: true, schema };
}

function fieldNodes(fields: FieldSpecs): Record<string, FieldNode> {
  const out: Record<string, FieldNode> = {};
  for (const [name, spec] of Object.entries(fields)) {
    out[name] =
      'optional' in spec && spec.optional === true
        ? { schema: spec.schema, optional: true }
        : { schema: spec as SchemaNode, optional: false };
  }
  return out;
}

export function object<const F extends FieldSpecs>(fields: F): Schema<InferFields<F>> {
  return { type: 'object', fields: fieldNodes(fields) };
}

/** Objects told apart by `tag` (`kind`): each variant's fields, the tag's value its key. */
export function union<const Tag extends string, const V extends Readonly<Record<string, FieldSpecs>>>(
  tag: Tag,
  variants: V,
): Schema<{ [K in keyof V & string]: { readonly [P in Tag]: K } & InferFields<V[K]> }[keyof V & string]> {
  const nodes: Record<string, ObjectNode> = {};
  for (const [kind, fields] of Object.entries(variants)) nodes[kind] = { type: 'object', fields: fieldNodes(fields) };
  return { type: 'union', tag, variants: nodes };
}

// ---------------------------------------------------------------------------------------------
// Arguments

export interface ParamNode {
  readonly name: string;
  readonly schema: SchemaNode;
  readonly optional: boolean;
}

/** A method's parameters, in order; `A` is the tuple they accept. */
export interface ArgsSchema<A extends readonly unknown[]> {
  readonly params: readonly ParamNode[];
  readonly [ACCEPTS]?: A;
}

type ParamSpec = readonly [name: string, schema: FieldSpec];

type InferParams<P extends readonly ParamSpec[]> = P extends readonly [
  readonly [string, infer S],
  ...infer Rest extends readonly ParamSpec[],
]
  ? S extends Optional<infer T>
    ? [T?, ...InferParams<Rest>]
    : [Infer<S>, ...InferParams<Rest>]
  : [];

export function args<const P extends readonly ParamSpec[]>(...params: P): ArgsSchema<InferParams<P>> {
  return {
    params: params.map(([name, spec]) =>
      'optional' in spec && spec.optional === true
        ? { name, schema: spec.schema, optional: true }
        : { name, schema: spec as SchemaNode, optional: false },
    ),
  };
}

export type InferArgs<S> = S extends ArgsSchema<infer A> ? A : never;
