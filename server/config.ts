import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\/.+/.test(v), {
      message: 'DATABASE_URL debe ser una URL postgresql://usuario@servidor:puerto/base',
    }),
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^rediss?:\/\/.+/.test(v), { message: 'REDIS_URL debe ser una URL redis://servidor:puerto' }),
  DATA_DIR: z.string().default('./data'),
  SESSION_DAYS: z.coerce.number().positive().default(30),
  PUBLIC_URL: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^smtps?:\/\/.+/.test(v), { message: 'SMTP_URL debe ser una URL smtp://usuario:clave@servidor:puerto' }),
  MAIL_FROM: z.string().trim().min(3).default('Comunidad <no-reply@comunidad.mx>'),
  SUPPORT_EMAIL: z.string().trim().email('SUPPORT_EMAIL debe ser un correo electrónico').default('soporte@comunidad.mx'),
  SECRETS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, { message: 'SECRETS_KEY debe tener al menos 32 caracteres' }),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'openpay']).default('sandbox'),
  PAC: z.enum(['sandbox', 'sw']).default('sandbox'),
  PAC_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^https?:\/\/.+/.test(v), { message: 'PAC_URL debe ser una URL https://servidor' }),
  PAC_USER: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  PAC_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  PAC_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  JOBS_LEASE_MS: z.coerce.number().int().min(1000).max(86_400_000).optional(),
  CHARGE_RECOVERY_DELAY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(120_000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' keeps the database in memory (tests). */
  dataDir: string;
  redisUrl?: string;
  sessionDays: number;
  publicUrl?: string;
  /** Cookies carry Secure when the public address is https. */
  secureCookies: boolean;
  seed: 'demo' | 'none';
  /** SMTP server that delivers the e-mail outbox; without it the outbox is the mailbox (/dev/mailbox). */
  smtpUrl?: string;
  mailFrom: string;
  /** Where the public contact form's messages go. */
  supportEmail: string;
  /** Seals the secrets kept in the database (server/infra/secrets.ts); without it a key is generated into dataDir. */
  secretsKey?: string;
  /** sandbox: the built-in sandbox gateway answers Openpay's API inside this app; openpay: Openpay's own API. */
  paymentGateway: 'sandbox' | 'openpay';
  /** sandbox: the built-in sandbox PAC stamps CFDI without SAT; sw: SW Sapien's API. */
  pac: 'sandbox' | 'sw';
  /** The PAC's API (sw: https://services.test.sw.com.mx by default, https://services.sw.com.mx in production). */
  pacUrl?: string;
  pacUser?: string;
  pacPassword?: string;
  /** A fixed API token instead of user and password. */
  pacToken?: string;
  /** How often this instance polls the jobs table (default 30 s; 0 in tests, which call runDue). */
  jobsPollMs?: number;
  /** How long a claimed job is its instance's before another may take it over (the first died). */
  jobsLeaseMs?: number;
  /** How long a charge without an answer waits before the gateway is asked about it (and dropped if it never arrived). */
  chargeRecoveryDelayMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.PAC === 'sw' && !e.PAC_TOKEN && !(e.PAC_USER && e.PAC_PASSWORD)) throw new ConfigError('PAC: con PAC=sw indica PAC_TOKEN, o PAC_USER y PAC_PASSWORD');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    sessionDays: e.SESSION_DAYS,
    publicUrl: e.PUBLIC_URL,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    seed: e.SEED,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    secretsKey: e.SECRETS_KEY,
    paymentGateway: e.PAYMENT_GATEWAY,
    pac: e.PAC,
    pacUrl: e.PAC_URL,
    pacUser: e.PAC_USER,
    pacPassword: e.PAC_PASSWORD,
    pacToken: e.PAC_TOKEN,
    jobsPollMs: e.JOBS_POLL_MS,
    jobsLeaseMs: e.JOBS_LEASE_MS,
    chargeRecoveryDelayMs: e.CHARGE_RECOVERY_DELAY_MS,
  };
}
