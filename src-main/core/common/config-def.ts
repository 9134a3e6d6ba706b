/**
 * Kafka's `ConfigDef` reduced to what topic and broker configs use: typed keys with a default, a
 * validator, an importance and a line of documentation; parsing of values with
 * `ConfigDef.parseType`'s rules (a string is parsed, a typed value must have the key's type); and
 * `ConfigException`'s message format `Invalid value X for configuration Y: reason`.
 *
 * Parsed values: INT/SHORT/DOUBLE as number, LONG as bigint (Long.MAX_VALUE must survive),
 * BOOLEAN as boolean, STRING/CLASS/PASSWORD as string, LIST as string[].
 */
import {
  INT_MAX,
  INT_MIN,
  javaDoubleToString,
  javaListToString,
  JavaThrowable,
  LONG_MAX,
  LONG_MIN,
  parseJavaDouble,
  parseJavaInt,
  parseJavaLong,
  parseJavaShort,
  SHORT_MAX,
  SHORT_MIN,
} from './java-lang';

export type ConfigType = 'BOOLEAN' | 'STRING' | 'INT' | 'SHORT' | 'LONG' | 'DOUBLE' | 'LIST' | 'CLASS' | 'PASSWORD';
export type Importance = 'HIGH' | 'MEDIUM' | 'LOW';
export type ConfigValue = boolean | string | number | bigint | readonly string[] | null;

/** `ConfigDef.NO_DEFAULT_VALUE`: the key is required. */
export const NO_DEFAULT_VALUE: unique symbol = Symbol('NO_DEFAULT_VALUE');

/** `org.apache.kafka.common.config.ConfigException`. */
export class ConfigException extends JavaThrowable {
  override readonly name = 'ConfigException';
  readonly javaClass = 'org.apache.kafka.common.config.ConfigException';
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
    min === null && max === null ? '[...]' : min === null ? `[...,${max}]` : max === null ? `[${min},...]` : `[${min},...,${max}]`;
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

/** `ConfigDef.parseType`: a string is trimmed and parsed; a NumberFormatException becomes "Not a number of type X". */
function parseString(name: string, value: string, type: ConfigType): ConfigValue {
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

/** `value.getClass().getName()` of the Java object a typed value stands for. */
function javaClassName(value: Exclude<ConfigValue, null | string>): string {
  if (typeof value === 'boolean') return 'java.lang.Boolean';
  if (typeof value === 'bigint') return 'java.lang.Long';
  if (typeof value === 'number')
    return !Number.isInteger(value) ? 'java.lang.Double' : value >= INT_MIN && value <= INT_MAX ? 'java.lang.Integer' : 'java.lang.Long';
  return 'java.util.ArrayList';
}

/** The ConfigException for a typed value that is not of the key's type. */
function typeMismatch(name: string, value: Exclude<ConfigValue, null | string>, type: ConfigType): ConfigException {
  const printed = printValue(value, typeof value === 'number' && !Number.isInteger(value) ? 'DOUBLE' : type);
  const expected = (what: string) => `Expected value to be ${what}, but it was a ${javaClassName(value)}`;
  switch (type) {
    case 'BOOLEAN':
      return ConfigException.invalidValue(name, printed, 'Expected value to be either true or false');
    case 'LIST':
      return ConfigException.invalidValue(name, printed, 'Expected a comma separated list.');
    case 'INT':
      return ConfigException.invalidValue(name, printed, expected('a 32-bit integer'));
    case 'SHORT':
      return ConfigException.invalidValue(name, printed, expected('a 16-bit integer'));
    case 'LONG':
      return ConfigException.invalidValue(name, printed, expected('a 64-bit integer'));
    case 'DOUBLE':
      return ConfigException.invalidValue(name, printed, expected('a double'));
    default:
      return ConfigException.invalidValue(name, printed, expected('a string'));
  }
}

/** `value` as a whole number in [min, max], or null. */
function integralIn(value: ConfigValue, min: bigint, max: bigint): bigint | null {
  const v = typeof value === 'bigint' ? value : typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : null;
  return v !== null && v >= min && v <= max ? v : null;
}

const INT_RANGE = [BigInt(INT_MIN), BigInt(INT_MAX)] as const;
const SHORT_RANGE = [BigInt(SHORT_MIN), BigInt(SHORT_MAX)] as const;

/**
 * `ConfigDef.parseType`: null stays null, a string is parsed as {@link parseString} does, and a typed
 * value (a default, or a value a broker hands over already typed) must be of the key's type. An
 * integral number or bigint serves for any integral type whose range holds it; a LONG comes back
 * as a bigint, an INT or SHORT as a number.
 */
export function parseType(name: string, value: ConfigValue, type: ConfigType): ConfigValue {
  if (value === null) return null;
  if (typeof value === 'string') return parseString(name, value, type);
  let parsed: ConfigValue | undefined;
  switch (type) {
    case 'BOOLEAN':
      if (typeof value === 'boolean') parsed = value;
      break;
    case 'INT':
    case 'SHORT': {
      if (
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= (type === 'INT' ? INT_MIN : SHORT_MIN) &&
        value <= (type === 'INT' ? INT_MAX : SHORT_MAX)
      )
        parsed = value;
      else {
        const v = integralIn(value, ...(type === 'INT' ? INT_RANGE : SHORT_RANGE));
        if (v !== null) parsed = Number(v);
      }
      break;
    }
    case 'LONG': {
      const v = integralIn(value, LONG_MIN, LONG_MAX);
      if (v !== null) parsed = v;
      break;
    }
    case 'DOUBLE':
      if (typeof value === 'number' || typeof value === 'bigint') parsed = Number(value);
      break;
    case 'LIST':
      if (Array.isArray(value)) parsed = value;
      break;
  }
  if (parsed === undefined) throw typeMismatch(name, value, type);
  return parsed;
}

/** `ConfigDef.parseValue`: the given value (parsed; `undefined` when not given) or the default, then the validator. */
export function parseValue(key: ConfigKey, value: ConfigValue | undefined): ConfigValue {
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
