/**
 * The monitors API of a running hoplens service (docs/monitors.md), as `hoplens monitor` talks to it: plain HTTP with
 * the admin token. The service is the operator's own, possibly on a private address, so this is undici's plain
 * client, not the analyzer's guarded one.
 */
import { request } from 'undici';
import type { MonitorBody, MonitorInput } from '../../schemas/monitor.js';
import { type CliError, cliError } from '../errors.js';

/** Bounds of one call: the service answers from its database, so a minute is generous. */
const TIMEOUT_MS = 60_000;

/** What creating one monitor came to: the monitor, or the service's reason for refusing it. */
export type CreateOutcome = { ok: true; monitor: MonitorBody } | { ok: false; message: string };

/** A parsed answer: the status and the JSON body (undefined when there was none or it was not JSON). */
interface Answer {
  status: number;
  body: unknown;
}

/** The service's own sentence for an error body (it names the field at fault), or the bare status. */
function errorMessage(answer: Answer): string {
  const message = (answer.body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' ? message : `the service answered ${answer.status}`;
}

/** A client of `/api/monitors` at `server` (its origin, maybe with a path prefix) with `token`. */
export class MonitorServiceClient {
  readonly #base: string;
  readonly #token: string;
  readonly #signal: AbortSignal | undefined;

  constructor(server: URL, token: string, signal?: AbortSignal) {
    this.#base = server.href.endsWith('/') ? server.href : `${server.href}/`;
    this.#token = token;
    this.#signal = signal;
  }

  /** Every monitor, as `GET /api/monitors` answers. */
  async list(): Promise<MonitorBody[]> {
    const answer = await this.#call('GET', 'api/monitors');
    if (answer.status !== 200) throw this.#refused(answer);
    const monitors = (answer.body as { monitors?: unknown } | undefined)?.monitors;
    if (!Array.isArray(monitors)) throw cliError('PROTOCOL_ERROR', `${this.#base}api/monitors is not a monitors list`);
    return monitors as MonitorBody[];
  }

  /** Creates one monitor; a refused body (400) is an outcome, the service unusable is an error. */
  async create(input: MonitorInput): Promise<CreateOutcome> {
    const answer = await this.#call('POST', 'api/monitors', input);
    if (answer.status === 201) return { ok: true, monitor: answer.body as MonitorBody };
    if (answer.status === 400 || answer.status === 422) return { ok: false, message: errorMessage(answer) };
    throw this.#refused(answer);
  }

  async #call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const url = new URL(path, this.#base);
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(url, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${this.#token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
        ...(this.#signal === undefined ? {} : { signal: this.#signal }),
      });
    } catch (error) {
      if (this.#signal?.aborted) throw cliError('ABORTED', 'interrupted', {}, { cause: error });
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw cliError(
        'USAGE_ERROR',
        `cannot reach the hoplens service at ${this.#base} (${reason}): is it running? (--server)`,
        { flag: '--server' },
        { cause: error },
      );
    }
    const text = await response.body.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.statusCode, body: parsed };
  }

  /** Why the service cannot be used at all: a refused token, monitors off, or another failure. */
  #refused(answer: Answer): CliError {
    if (answer.status === 401 || answer.status === 403) {
      return cliError(
        'USAGE_ERROR',
        'the service refused the admin token (401): check --token or HOPLENS_ADMIN_TOKEN',
        {
          flag: '--token',
        },
      );
    }
    if (answer.status === 404) {
      return cliError(
        'USAGE_ERROR',
        `${this.#base} has no monitors API (404): the service turns it on with HOPLENS_ADMIN_TOKEN`,
        { flag: '--server' },
      );
    }
    return cliError('PROTOCOL_ERROR', `the service failed: ${errorMessage(answer)}`);
  }
}
