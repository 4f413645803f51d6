import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  next(): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const waiting: Array<(mail: ReceivedMail) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  let consumed = 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next() {
      if (consumed < received.length) return Promise.resolve(received[consumed++]!);
      return new Promise((resolve) =>
        waiting.push((mail) => {
          consumed++;
          resolve(mail);
        }),
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The confirmation link in a raw message (quoted-printable soft breaks and escapes undone). */
export function confirmationLink(raw: string): string {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /https?:\/\/[^\s"<>]+\/keys\/confirm\?token=[A-Za-z0-9_%-]+/.exec(decoded);
  if (!match) throw new Error('no confirmation link in the message');
  return match[0];
}
