/**
 * Values generated from the API's argument schemas (src-main/api/api-arguments.ts): a valid call of
 * every method, and seeded random mutations of it for the fuzz tests.
 */
import { argumentsSchemaOf } from '../../src-main/api/api-arguments';
import type { SchemaNode } from '../../src-main/api/argument-schema';
import type { ServiceName } from '../../src-main/api/contract';

/** A valid value of `node`, every optional field given; strings carry `tag` (so calls can be told apart). */
export function sampleOf(node: SchemaNode, tag: string): unknown {
  switch (node.type) {
    case 'string':
      return tag;
    case 'number':
      return node.integer ? 42 : 1.5;
    case 'boolean':
      return true;
    case 'enum':
      return node.values[0];
    case 'nullable':
      return sampleOf(node.inner, tag);
    case 'array':
      return [sampleOf(node.items, tag)];
    case 'record':
      return { [tag]: sampleOf(node.values, tag) };
    case 'object':
      return Object.fromEntries(Object.entries(node.fields).map(([name, field]) => [name, sampleOf(field.schema, tag)]));
    case 'union': {
      const [kind, variant] = Object.entries(node.variants)[0]!;
      return { [node.tag]: kind, ...(sampleOf(variant, tag) as object) };
    }
  }
}

/** A valid argument array of `service.method`, every optional argument given. */
export function validArgs(service: ServiceName, method: string): unknown[] {
  return argumentsSchemaOf(service, method).params.map((param) => sampleOf(param.schema, `${service}.${method}`));
}
