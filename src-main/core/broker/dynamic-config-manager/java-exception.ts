import { JavaThrowable } from '../../common/java-lang';

/** A `java.lang` exception Kafka's code runs into here (`String.substring`, an array index). */
export class JavaException extends JavaThrowable {
  constructor(
    readonly javaClass: string,
    message: string,
  ) {
    super(message);
  }
}
