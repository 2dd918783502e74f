import type { Hop } from './types.js';

/**
 * The codes of the core's errors, each with what it means in words (`hoplens explain CODE` prints them): a bad input,
 * or a hop that could not be completed. The faces (service, CLI) declare codes of their own beside these, and each
 * maps the union of both in one table.
 */
export const ERROR_CODE_WORDS = Object.freeze({
  // input
  INVALID_URL: 'The URL is missing, cannot be parsed, or is not http or https.',
  INVALID_OPTION: 'An option is out of range or malformed: the message names it, what it must be and what was given.',
  BLOCKED_DESTINATION:
    'The host is in blocked address space (loopback, a private network, link-local...), so no connection was made: ' +
    'the service and the library refuse such addresses unless allowed (allowNetworks, HOPLENS_ALLOW_NETWORKS).',
  // network, per hop
  DNS_ERROR: 'The host name does not resolve.',
  CONNECTION_REFUSED: 'The server refused the connection: nothing listens on that port.',
  CONNECTION_RESET: 'The connection was closed before a complete response.',
  TLS_ERROR:
    'The certificate or the TLS handshake failed: expired, self-signed, for another host, untrusted, or plain HTTP ' +
    'on an https:// URL. The message says which.',
  PROTOCOL_ERROR: 'The server answered malformed HTTP.',
  RESPONSE_TOO_LARGE: 'The response headers are over 64 KiB.',
  TIMEOUT: 'No response headers came within the timeout.',
  NETWORK_ERROR: 'Another network failure.',
  ABORTED: "The caller's signal aborted the analysis (the command line aborts only on Ctrl-C).",
  // rendering
  RENDER_UNAVAILABLE:
    'Rendering was asked for and no Chromium could be started: install chromium or set HOPLENS_CHROMIUM.',
});

/** A code of the core's errors. */
export type ErrorCode = keyof typeof ERROR_CODE_WORDS;

/** The codes of the core's errors, in the order of {@link ERROR_CODE_WORDS}. */
export const ERROR_CODES: readonly ErrorCode[] = Object.freeze(Object.keys(ERROR_CODE_WORDS) as ErrorCode[]);

/** Extra, code-specific facts carried by an error (the option at fault, the TLS reason...). */
export interface HoplensErrorDetails {
  /** `INVALID_OPTION`: the core option at fault (`maxHops`, `userAgent`...). A face names its own parameter. */
  option?: string;
  /** `INVALID_OPTION`: what the option must be, as a phrase: `must be an integer from 1 to 20`. */
  requirement?: string;
  /** `INVALID_OPTION`: the value that was given, as JSON text (`50`, `"HEAD!"`), when one was. */
  got?: string;
  /** The URL being requested when the error happened. */
  url?: string;
  /**
   * `TLS_ERROR`: why, for programs: `self-signed`, `expired`, `not-yet-valid`, `wrong-host`, `untrusted`, `revoked`,
   * `bad-signature` (the certificate), `plain-http` (the server answered in plain HTTP) or `handshake` (anything else).
   * The message says it in words.
   */
  reason?: string;
  /**
   * `TLS_ERROR`, `PROTOCOL_ERROR`: the underlying error's own code and text (OpenSSL's, llhttp's), for debugging. The
   * message never quotes it; it is not shown to people and its wording is not stable.
   */
  raw?: string;
  /** The hops completed before the failure. */
  chain?: Hop[];
}

/**
 * The one error class of hoplens. `code` is stable and meant for programs; `message` is for people. The core raises
 * only {@link ErrorCode}s; a face raises its own codes with the same class, widening `Code` (and `Details`).
 */
export class HoplensError<
  Code extends string = ErrorCode,
  Details extends HoplensErrorDetails = HoplensErrorDetails,
> extends Error {
  override readonly name = 'HoplensError';
  readonly code: Code;
  /** Hops completed before the failure (empty when it failed before the first response). */
  readonly chain: Hop[];
  readonly details: Omit<Details, 'chain'>;

  constructor(code: Code, message: string, details: Details = {} as Details, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    const { chain = [], ...rest } = details;
    this.chain = chain;
    this.details = rest;
  }

  /** A copy of this error with the partial chain attached. */
  withChain(chain: Hop[]): HoplensError<Code, Details> {
    return new HoplensError(this.code, this.message, { ...this.details, chain } as Details, { cause: this.cause });
  }
}

/** Whether `value` is a {@link HoplensError} (of any face's code). */
export function isHoplensError(value: unknown): value is HoplensError<string> {
  return value instanceof HoplensError;
}

/** Whether `value` is one of the core's own errors. */
export function isCoreError(value: unknown): value is HoplensError {
  return value instanceof HoplensError && (ERROR_CODES as readonly string[]).includes(value.code);
}

/**
 * An `INVALID_OPTION` error whose requirement is data, so that a face can say it about its own parameter or flag
 * without rewriting the message.
 */
export function invalidOption(
  option: string,
  requirement: string,
  got?: unknown,
  shown: string | undefined = got === undefined ? undefined : (JSON.stringify(got) ?? String(got)),
): HoplensError {
  const message = `Invalid option "${option}": ${requirement}${shown === undefined ? '' : `, got ${shown}`}`;
  return new HoplensError('INVALID_OPTION', message, {
    option,
    requirement,
    ...(shown !== undefined && { got: shown }),
  });
}

/** The maker and guard of one face's errors: {@link defineErrors}. */
export interface ErrorKit<Code extends string, Details extends HoplensErrorDetails> {
  /** Makes an error of one of the face's codes. */
  make(code: Code, message: string, details?: Details, options?: { cause?: unknown }): HoplensError<Code, Details>;
  /** Whether `value` is a {@link HoplensError} with one of the face's codes. */
  is(value: unknown): value is HoplensError<Code, Details>;
}

/**
 * What a face (the service, the CLI) needs to raise errors of its own codes besides the core's: one maker, typed to
 * its codes and details, and one guard. `codes` lists every code the face answers with, the core's included.
 */
export function defineErrors<Code extends string, Details extends HoplensErrorDetails>(
  codes: readonly Code[],
): ErrorKit<Code, Details> {
  const known: ReadonlySet<string> = new Set(codes);
  return {
    make: (code, message, details = {} as Details, options) =>
      new HoplensError<Code, Details>(code, message, details, options),
    is: (value): value is HoplensError<Code, Details> => value instanceof HoplensError && known.has(value.code),
  };
}
