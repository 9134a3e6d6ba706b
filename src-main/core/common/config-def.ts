/**
 * Kafka's `ConfigDef` reduced to what topic and broker configs use: typed keys with a default, a
 * validator, an importance and a line of documentation; parsing of string values with
 * `ConfigDef.parseType`'s rules; and `ConfigException`'s message format
 * `Invalid value X for configuration Y: reason`.
 *
 * Parsed values: INT/SHORT/DOUBLE as number, LONG as bigint (Long.MAX_VALUE must survive),
 * BOOLEAN as boolean, STRING/CLASS/PASSWORD as string, LIST as string[].
 */
import {
  javaDoubleToString,
  javaListToString,
  parseJavaDouble,
  parseJavaInt,
  parseJavaLong,
  parseJavaShort,
} from './java-lang';

export type ConfigType = 'BOOLEAN' | 'STRING' | 'INT' | 'SHORT' | 'LONG' | 'DOUBLE' | 'LIST' | 'CLASS' | 'PASSWORD';
export type Importance = 'HIGH' | 'MEDIUM' | 'LOW';
export type ConfigValue = boolean | string | number | bigint | readonly string[] | null;

/** `ConfigDef.NO_DEFAULT_VALUE`: the key is required. */
export const NO_DEFAULT_VALUE: unique symbol = Symbol('NO_DEFAULT_VALUE');

/** `org.apache.kafka.common.config.ConfigException`. */
export class ConfigException extends Error {
  override readonly name = 'ConfigException';
  /** The configuration the error is about, when Kafka's message names one. */
  readonly configName: string | null;

  constructor(message: string, configName: string | null = null) {
    super(message);
    this.configName = configName;
  }

  /** `new ConfigException(name, value, message)`; `value` already printed as Java prints it. */
  static invalidValue(configName: string, printedValue: string, reason?: string): ConfigException {
    const suffix = reason === undefined ? '' : `: ${reason}`;
    return new ConfigException(`Invalid value ${printedValue} for configuration ${configName}${suffix}`, configName);
  }
}

/** `ConfigDef.Validator`; `description` is its `toString()`, the "Valid Values" column. */
export interface Validator {
  ensureValid(name: string, value: ConfigValue, type: ConfigType): void;
  readonly description: string;
}

export interface ConfigKey {
  readonly name: string;
  readonly type: ConfigType;
  readonly defaultValue: ConfigValue | typeof NO_DEFAULT_VALUE;
  readonly validator: Validator | null;
  readonly importance: Importance;
  readonly documentation: string;
}

/** `String.valueOf(parsedValue)` for a value of the given type, as ConfigException prints it. */
export function printValue(value: ConfigValue, type: ConfigType): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return javaListToString(value);
  if (type === 'DOUBLE' && typeof value === 'number') return javaDoubleToString(value);
  if (type === 'PASSWORD') return '[hidden]';
  return String(value);
}

/** `ConfigDef.convertToString`: what DescribeConfigs reports (lists joined with ",", no spaces). */
export function convertToString(value: ConfigValue, type: ConfigType): string | null {
  if (value === null) return null;
  if (Array.isArray(value)) return value.join(',');
  return printValue(value, type);
}

function asNumber(value: ConfigValue): number {
  return typeof value === 'bigint' ? Number(value) : (value as number);
}

/** `ConfigDef.Range`: compared as doubles, printed as the Java literal Kafka wrote. */
function range(min: number | null, max: number | null): Validator {
  const description =
    min === null && max === null
      ? '[...]'
      : min === null
        ? `[...,${max}]`
        : max === null
          ? `[${min},...]`
          : `[${min},...,${max}]`;
  return {
    description,
    ensureValid(name, value, type) {
      if (value === null) throw ConfigException.invalidValue(name, 'null', 'Value must be non-null');
      const n = asNumber(value);
      if (min !== null && n < min) throw ConfigException.invalidValue(name, printValue(value, type), `Value must be at least ${min}`);
      if (max !== null && n > max) throw ConfigException.invalidValue(name, printValue(value, type), `Value must be no more than ${max}`);
    },
  };
}

export function atLeast(min: number): Validator {
  return range(min, null);
}

export function between(min: number, max: number): Validator {
  return range(min, max);
}

/** `ConfigDef.ValidString.in(...)`: exact, case-sensitive match. */
export function validString(...validStrings: string[]): Validator {
  return {
    description: `[${validStrings.join(', ')}]`,
    ensureValid(name, value) {
      if (typeof value !== 'string' || !validStrings.includes(value)) {
        throw ConfigException.invalidValue(name, String(value), `String must be one of: ${validStrings.join(', ')}`);
      }
    },
  };
}

/** `ConfigDef.ValidList.in(...)`: every element must be one of the strings (the element is reported). */
export function validList(...validStrings: string[]): Validator {
  const element = validString(...validStrings);
  return {
    description: element.description,
    ensureValid(name, value, type) {
      for (const item of (value as readonly string[] | null) ?? []) element.ensureValid(name, item, type);
    },
  };
}

export function define(
  name: string,
  type: ConfigType,
  defaultValue: ConfigValue | typeof NO_DEFAULT_VALUE,
  validator: Validator | null,
  importance: Importance,
  documentation: string,
): ConfigKey {
  return Object.freeze({ name, type, defaultValue, validator, importance, documentation });
}

const COMMA_WITH_WHITESPACE = /\s*,\s*/;

/** `ConfigDef.parseType` for a string value; a NumberFormatException becomes "Not a number of type X". */
export function parseType(name: string, value: string, type: ConfigType): ConfigValue {
  const trimmed = value.trim();
  try {
    switch (type) {
      case 'BOOLEAN':
        if (trimmed.toLowerCase() === 'true') return true;
        if (trimmed.toLowerCase() === 'false') return false;
        throw ConfigException.invalidValue(name, value, 'Expected value to be either true or false');
      case 'STRING':
      case 'CLASS':
      case 'PASSWORD':
        return trimmed;
      case 'INT':
        return parseJavaInt(trimmed);
      case 'SHORT':
        return parseJavaShort(trimmed);
      case 'LONG':
        return parseJavaLong(trimmed);
      case 'DOUBLE':
        return parseJavaDouble(trimmed);
      case 'LIST':
        return trimmed.length === 0 ? [] : trimmed.split(COMMA_WITH_WHITESPACE);
    }
  } catch (e) {
    if (e instanceof ConfigException) throw e;
    throw ConfigException.invalidValue(name, value, `Not a number of type ${type}`);
  }
}

/** `ConfigDef.parseValue`: the given value (parsed) or the default, then the validator. */
export function parseValue(key: ConfigKey, value: string | undefined): ConfigValue {
  let parsed: ConfigValue;
  if (value !== undefined) {
    parsed = parseType(key.name, value, key.type);
  } else if (key.defaultValue === NO_DEFAULT_VALUE) {
    throw new ConfigException(`Missing required configuration "${key.name}" which has no default value.`, key.name);
  } else {
    parsed = key.defaultValue;
  }
  key.validator?.ensureValid(key.name, parsed, key.type);
  return parsed;
}

export interface ParsedConfigs {
  readonly values: ReadonlyMap<string, ConfigValue>;
  /** One per failing key, in definition order; the first is the one Kafka throws. */
  readonly errors: readonly ConfigException[];
}

/** `ConfigDef.parse`, except that it keeps going after a failure so a UI can show every problem. */
export function parseConfigs(keys: readonly ConfigKey[], props: Readonly<Record<string, string>>): ParsedConfigs {
  const values = new Map<string, ConfigValue>();
  const errors: ConfigException[] = [];
  for (const key of keys) {
    const raw = Object.prototype.hasOwnProperty.call(props, key.name) ? props[key.name] : undefined;
    try {
      values.set(key.name, parseValue(key, raw));
    } catch (e) {
      if (!(e instanceof ConfigException)) throw e;
      errors.push(e);
    }
  }
  return { values, errors };
}
