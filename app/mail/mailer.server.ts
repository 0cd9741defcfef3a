import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.server.ts";
import { newId } from "../db/ids.server.ts";
import type { Logger } from "../logger.server.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set. Otherwise each mail is written to the outbox folder
 * as JSON (and logged), so a developer offline can still follow a password-reset link.
 */
export function createMailer(config: Config, log: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
        log.info(`mail sent to ${mail.to}: ${mail.subject}`);
      },
    };
  }
  return {
    async send(mail) {
      mkdirSync(config.outboxDir, { recursive: true });
      const file = join(config.outboxDir, `${Date.now()}-${newId()}.json`);
      writeFileSync(file, JSON.stringify({ from: config.mailFrom, ...mail, date: new Date().toISOString() }, null, 2));
      log.info(`mail to ${mail.to} "${mail.subject}" written to ${file}`);
    },
  };
}
