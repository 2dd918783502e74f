import { isIP } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import {
  AddressPolicy,
  createGuardedConnector,
  describeAddress,
  isHoplensError,
  type Network,
  type Resolver,
  systemResolver,
} from '../../core/index.js';

/**
 * `HOPLENS_ALERT_BLOCK_PRIVATE`: the chat and webhook channels' URLs held to the address policy analyses run under
 * (src/core/address/policy.ts, the same allow-list, `HOPLENS_ALLOW_NETWORKS`), so that whoever holds the admin token
 * cannot make the service POST into its own network. Off, alerts go where they are told, private receivers included.
 */
export interface AlertGuardSettings {
  /** `HOPLENS_ALERT_BLOCK_PRIVATE=on`. */
  blockPrivate: boolean;
  /** `HOPLENS_ALLOW_NETWORKS`: the networks exempt from the block, as for analyses. */
  allowNetworks: readonly Network[];
  /** Host name resolution of deliveries (default the system's). */
  resolver?: Resolver | undefined;
  /** Bound on DNS lookup, TCP connect and TLS handshake, in ms. */
  connectTimeout: number;
}

/** Said of every refusal, so that the operator knows which setting refused and which one lets it through. */
const WHY = 'HOPLENS_ALERT_BLOCK_PRIVATE is on; HOPLENS_ALLOW_NETWORKS may allow its network';

/** The start of a delivery error the guard caused: such a delivery is not tried again (its address will not change). */
export const REFUSED_DELIVERY = 'refused: ';

/** The address policy of alert deliveries, when the setting is on: checked at creation and at each connection. */
export class AlertGuard {
  private readonly policy: AddressPolicy | undefined;
  /** The undici dispatcher of deliveries, connecting through the guarded connector; undefined when the guard is off. */
  readonly dispatcher: Dispatcher | undefined;

  constructor(settings: AlertGuardSettings) {
    if (!settings.blockPrivate) return;
    this.policy = new AddressPolicy({ blockPrivate: true, allowNetworks: settings.allowNetworks });
    const connect = createGuardedConnector({
      policy: this.policy,
      resolver: settings.resolver ?? systemResolver,
      connectTimeout: settings.connectTimeout,
    });
    this.dispatcher = new Agent({ connect });
  }

  /**
   * Why an alert URL is refused before any lookup (an IP literal or a localhost name outside the policy), or
   * undefined. A name that resolves to a refused address is refused when an alert is sent, at the connection.
   */
  refusal(url: string): string | undefined {
    if (this.policy === undefined) return undefined;
    const host = new URL(url).hostname;
    if (this.policy.refusesName(host)) return `${host} is a loopback name (${WHY})`;
    const literal = host.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) === 0) return undefined;
    const verdict = this.policy.check(literal);
    return verdict.allowed ? undefined : `${literal} is ${describeAddress(verdict)}, not a public address (${WHY})`;
  }

  /** A delivery error in words: a connection the policy refused is marked final ({@link REFUSED_DELIVERY}). */
  static describe(error: unknown): string {
    const message = error instanceof Error ? error.message : String(error);
    return isHoplensError(error) && error.code === 'BLOCKED_DESTINATION' ? `${REFUSED_DELIVERY}${message}` : message;
  }

  async close(): Promise<void> {
    await this.dispatcher?.close();
  }
}
