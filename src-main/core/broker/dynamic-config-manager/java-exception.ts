import { JavaThrowable } from '../../common/java-lang';
import type { ZnodeFormatError } from '../../kafka-zk/znode-format-error';

/** A `java.lang` exception Kafka's code runs into here (`String.substring`, an array index). */
export class JavaException extends JavaThrowable {
  constructor(
    readonly javaClass: string,
    message: string,
  ) {
    super(message);
  }
}

/** What Kafka's own decoding of a malformed config change notification throws, from the problem found. */
export function notificationFormatException(e: ZnodeFormatError): JavaException {
  const reason = e.reason;
  // Decoding `entity_path` without a '/': `substring(0, -1)` fails before Kafka's own check.
  if (reason.startsWith('String index out of range: -1'))
    return new JavaException('java.lang.StringIndexOutOfBoundsException', 'String index out of range: -1');
  if (/^(Config change notification|Version [12] config change notification)/.test(reason))
    return new JavaException('java.lang.IllegalArgumentException', reason);
  // Kafka's JsonValue conversions (`js("version").to[Int]`, `v.to[String]`).
  return new JavaException('com.fasterxml.jackson.databind.JsonMappingException', reason);
}
