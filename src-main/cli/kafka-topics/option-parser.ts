/**
 * The parts of joptsimple (the parser behind every Kafka 2.5 tool) that kafka-topics relies on:
 * `--name value`, `--name=value`, a single leading hyphen for long names, no abbreviations (Kafka's
 * tools turn them off: `--bootstrap` is not `--bootstrap-server`), `--` ending the options, arguments that are not options
 * collected and ignored. Values stay strings until asked for, as joptsimple converts them when
 * `valueOf` is called — so a bad `--partitions` surfaces where TopicCommand first reads it.
 */

export interface OptionSpec {
  readonly name: string;
  readonly description: string;
  /** Options taking a required argument: its type and description, as the help shows them. */
  readonly argument?: {
    /** A value type, or a converter's value pattern (`[PREFERRED,UNCLEAN]`) as the help shows it. */
    readonly type: 'String' | 'Integer' | 'Long' | `[${string}]`;
    /** Absent: the help shows just the type (`<String>`). */
    readonly describedAs?: string;
    /** `withValuesSeparatedBy`: one occurrence gives several values. */
    readonly valuesSeparatedBy?: string;
    /** `defaultsTo`, as the help shows it. */
    readonly defaultValue?: string;
  };
}

/** A joptsimple exception, raised by the parser; the tool dies with `Exception in thread "main" …`. */
export class OptionException extends Error {
  constructor(
    readonly exceptionClass: string,
    message: string,
  ) {
    super(message);
    this.name = exceptionClass;
  }
}

export class ParsedOptions {
  constructor(
    private readonly specs: ReadonlyMap<string, OptionSpec>,
    private readonly values: ReadonlyMap<string, readonly string[]>,
    readonly nonOptionArguments: readonly string[],
    /** `OptionSet.specs()`: the option of each occurrence, in command-line order. */
    readonly detectedSpecs: readonly string[] = [],
  ) {}

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** `valueOf`: the one value (converted), or undefined when absent. */
  valueOf(name: string): string | undefined {
    const values = this.values.get(name);
    if (!values || values.length === 0) return undefined;
    if (values.length > 1) {
      throw new OptionException(
        'joptsimple.MultipleArgumentsForOptionException',
        `Found multiple arguments for option ${name}, but you asked for only one`,
      );
    }
    return values[0];
  }

  intValueOf(name: string): number | undefined {
    const raw = this.valueOf(name);
    if (raw === undefined) return undefined;
    if (!/^[+-]?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) > 2147483647 || Number(raw) < -2147483648) {
      throw new OptionException('joptsimple.OptionArgumentConversionException', `Cannot parse argument '${raw}' of option ${name}`);
    }
    return Number(raw);
  }

  valuesOf(name: string): readonly string[] {
    return this.values.get(name) ?? [];
  }

  spec(name: string): OptionSpec | undefined {
    return this.specs.get(name);
  }
}

export function parseOptions(specs: readonly OptionSpec[], args: readonly string[]): ParsedOptions {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const values = new Map<string, string[]>();
  const nonOptions: string[] = [];
  const detected: string[] = [];
  // Kafka's CommandDefaultOptions builds `new OptionParser(allowAbbreviations = false)`: exact names only.
  const resolve = (name: string): OptionSpec | undefined => byName.get(name);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      nonOptions.push(...args.slice(i + 1));
      break;
    }
    const isLong = arg.startsWith('--');
    if (!isLong && !(arg.startsWith('-') && arg.length > 1)) {
      nonOptions.push(arg);
      continue;
    }
    const body = arg.slice(isLong ? 2 : 1);
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    const spec = resolve(name);
    if (!spec) {
      // A single hyphen that is not a long name reads as short options; joptsimple names the first.
      const shown = isLong ? name : name.charAt(0);
      throw new OptionException('joptsimple.UnrecognizedOptionException', `${shown} is not a recognized option`);
    }
    const list = values.get(spec.name) ?? [];
    values.set(spec.name, list);
    detected.push(spec.name);
    if (!spec.argument) {
      if (eq >= 0) throw new OptionException('joptsimple.UnrecognizedOptionException', `${spec.name} does not take an argument`);
      continue;
    }
    let value: string;
    if (eq >= 0) value = body.slice(eq + 1);
    else if (i + 1 < args.length) value = args[++i];
    else throw new OptionException('joptsimple.OptionMissingRequiredArgumentException', `Option ${spec.name} requires an argument`);
    const separator = spec.argument.valuesSeparatedBy;
    list.push(...(separator === undefined ? [value] : value.split(separator)));
  }
  return new ParsedOptions(byName, values, nonOptions, detected);
}
