import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  mail: ParsedMail;
  /** The message as it came over the wire (for checking a DKIM signature). */
  raw: Buffer;
}

export interface SmtpTestServerOptions {
  /** Addresses refused for good at RCPT TO with this 5xx answer (a mailbox that does not exist). */
  refuse?: (address: string) => boolean;
}

/**
 * A real SMTP server on a free loopback port, keeping every message it accepts. `stop()` takes it down (a
 * connection is refused, as when the mail server is down) and `start()` brings it back on the same port.
 */
export async function startSmtpTestServer(options: SmtpTestServerOptions = {}) {
  const received: ReceivedMail[] = [];
  const create = () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!options.refuse?.(address.address)) return callback();
        callback(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((mail) => {
              received.push({
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                mail,
                raw,
              });
              callback();
            })
            .catch(callback);
        });
      },
    });
    // A client that drops its connection (a store instance killed by a fault scenario, or stopped at the end)
    // is the client's affair: without a listener, SMTPServer's 'error' event would end the test process.
    server.on('error', () => {});
    return server;
  };
  const listen = (server: SMTPServer, port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  let server: SMTPServer | null = create();
  await listen(server, 0);
  const { port } = server.server.address() as AddressInfo;
  const stop = async () => {
    const running = server;
    server = null;
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: stop,
    stop,
    async start() {
      if (server) return;
      server = create();
      await listen(server, port);
    },
  };
}
