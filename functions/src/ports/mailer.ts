import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Env } from '../env.ts';
import { tracedClient } from './tracer.ts';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Outgoing e-mail: SES v2 in AWS, aws-ses-v2-local on the local host. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const sesMailer = (env: Env<'AWS_REGION' | 'MAIL_FROM' | 'SES_ENDPOINT'>): Mailer => {
  const client = tracedClient(
    () =>
      new SESv2Client({
        region: env.AWS_REGION,
        ...(env.SES_ENDPOINT ? { endpoint: env.SES_ENDPOINT } : {}),
      }),
  );
  return {
    async send({ to, subject, html, text }) {
      await client().send(
        new SendEmailCommand({
          FromEmailAddress: env.MAIL_FROM,
          Destination: { ToAddresses: [to] },
          Content: {
            Simple: {
              Subject: { Data: subject, Charset: 'UTF-8' },
              Body: { Html: { Data: html, Charset: 'UTF-8' }, Text: { Data: text, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    },
  };
};
