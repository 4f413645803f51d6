import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly description: string;
  /** Sends the message; returns where it went (the outbox file, or the SMTP message id). */
  send(mail: Mail): Promise<string>;
}

const MAIL_FROM = 'uk-lmi <no-reply@uk-lmi.invalid>';

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to an outbox
 * folder in the data folder, so the embedded default needs no mail server.
 */
export function createMailer(config: Config): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl) : outboxMailer(path.join(config.dataDir, 'outbox'));
}

function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    description: `SMTP ${new URL(url).host}`,
    async send(mail) {
      const info = await transport.sendMail({ from: MAIL_FROM, ...mail });
      return String(info.messageId);
    },
  };
}

function outboxMailer(folder: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `outbox ${folder}`,
    async send(mail) {
      const info = await transport.sendMail({ from: MAIL_FROM, ...mail });
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const file = path.join(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return file;
    },
  };
}
