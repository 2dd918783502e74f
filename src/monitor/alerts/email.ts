import nodemailer, { type Transporter, type TransportOptions } from 'nodemailer';
import type { AlertChannel } from '../monitor.js';
import type { AlertSummary } from './chat-bodies.js';

/** The instance's e-mail settings: `HOPLENS_SMTP_URL`, `HOPLENS_ALERT_EMAIL_FROM`, `HOPLENS_ALERT_EMAIL_TO`. */
export interface EmailSettings {
  /** `smtp://user:password@host:587` or `smtps://...:465`: nodemailer's connection URL. Never logged or answered. */
  smtpUrl?: string | undefined;
  emailFrom?: string | undefined;
  emailTo?: readonly string[] | undefined;
  publicUrl: string;
}

/** What the outbox keeps of an e-mail: the envelope and the text, sent as they are. */
interface StoredEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** The sender when neither the monitor nor the instance names one: `hoplens@` the instance's host name. */
function defaultFrom(settings: EmailSettings): string {
  return `hoplens@${new URL(settings.publicUrl).hostname}`;
}

/**
 * An alert as an e-mail: its recipients as a `mailto:` (the outbox's `url`) and the message as JSON (its `body`);
 * undefined when nobody is named, by the channel or by the instance.
 */
export function emailMessage(
  channel: Extract<AlertChannel, { type: 'email' }>,
  summary: AlertSummary,
  settings: EmailSettings,
): { url: string; body: string } | undefined {
  const to = [...(channel.to ?? settings.emailTo ?? [])];
  if (to.length === 0) return undefined;
  const email: StoredEmail = {
    from: channel.from ?? settings.emailFrom ?? defaultFrom(settings),
    to,
    subject: `[hoplens] ${summary.headline}`,
    text: [summary.headline, '', ...summary.changes.map((change) => `- ${change}`), '', summary.link, ''].join('\n'),
  };
  return { url: `mailto:${to.join(',')}`, body: JSON.stringify(email) };
}

const transports = new Map<string, Transporter>();

/** One transport per SMTP URL; nodemailer opens a connection per message (no pool), so nothing is left open. */
function transportFor(smtpUrl: string, timeoutMs: number): Transporter {
  let transport = transports.get(smtpUrl);
  if (transport === undefined) {
    transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      // No logging of the SMTP dialogue: it would carry the AUTH exchange.
      logger: false,
      debug: false,
    } as TransportOptions);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** A message nodemailer's error gives, with anything that looks like the SMTP URL's credentials taken out. */
function safeMessage(error: unknown, smtpUrl: string): string {
  let message = error instanceof Error ? error.message : String(error);
  const { username, password } = new URL(smtpUrl);
  for (const secret of [password, decodeURIComponent(password), username, decodeURIComponent(username)]) {
    if (secret.length > 0) message = message.split(secret).join('***');
  }
  return message;
}

/** Sends a stored e-mail over `smtpUrl`; resolves with an error message, or undefined once the server took it. */
export async function sendEmail(body: string, smtpUrl: string | undefined, timeoutMs: number) {
  if (smtpUrl === undefined) return 'HOPLENS_SMTP_URL is not set';
  const email = JSON.parse(body) as StoredEmail;
  try {
    await transportFor(smtpUrl, timeoutMs).sendMail({
      from: email.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
    });
    return undefined;
  } catch (error) {
    return safeMessage(error, smtpUrl);
  }
}
