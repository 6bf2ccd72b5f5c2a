// A real SMTP server on a random local port for tests (smtp-server), optionally refusing every recipient.
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  messages: { from: string; to: string[]; raw: string }[];
  close: () => Promise<void>;
}

export async function startSmtp(options: { rejectRecipients?: boolean } = {}): Promise<TestSmtp> {
  const messages: TestSmtp['messages'] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'prueba' }),
    onRcptTo: (address, _session, callback) => {
      if (options.rejectRecipients) {
        const error = new Error(`Buzón ${address.address} rechazado`) as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://prueba:secreta@127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
