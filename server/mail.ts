import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mailer {
  /**
   * Sends one message: plain text, and with `html` also an HTML alternative of the same content.
   * Returns where it went: 'smtp' or the .eml file path. Throws what the transport throws.
   */
  send(msg: { to: string; subject: string; text: string; html?: string }): Promise<string>;
}

/**
 * Mail through nodemailer: SMTP_URL when set; otherwise each message is written as an .eml file
 * under DATA_DIR/outbox and its path logged (no mail server needed on a laptop).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(msg) {
        await transport.sendMail({ from: opts.from, ...msg });
        opts.log.info({ to: msg.to, subject: msg.subject }, 'mail sent');
        return 'smtp';
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(msg) {
      const info = await transport.sendMail({ from: opts.from, ...msg });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ to: msg.to, file }, 'mail written to outbox');
      return file;
    },
  };
}
