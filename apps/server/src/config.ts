/**
 * Every environment variable the server reads, parsed once with zod. Nothing else reads
 * `process.env`: a bad value stops the start with the variable's name.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (`10.0.0.0/8`) or one of proxy-addr's names for reserved ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_KEYWORDS.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const kind = isIP(address);
  if (kind === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (kind === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset → no proxy is trusted (the socket's address is the client's); a number →
 * that many hops of X-Forwarded-For are trusted; otherwise a comma-separated list of the proxies'
 * addresses or ranges. `true` (trust anyone) is refused on purpose.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const list = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (list.length === 0 || !list.every(isProxyAddress)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy ' +
          'addresses or ranges (e.g. 10.0.0.5,10.1.0.0/16, loopback)',
      });
      return z.NEVER;
    }
    return list;
  });

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const mb = (fallback: number) => z.coerce.number().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxy,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  STORAGE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: z.string().default('12h'),
  ADMIN_EMAIL: z.string().email().default('admin@spotzcity.local'),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: bool(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('SpotzCity <no-reply@spotzcity.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@spotzcity.local'),
  APP_NAME: z.string().default('SpotzCity'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  UPLOAD_MAX_IMAGE_MB: mb(5),
  UPLOAD_MAX_SPEND_MB: mb(100),
  UPLOAD_MAX_VIDEO_MB: mb(500),
  UPLOAD_MAX_MODULE_MB: mb(50),
  UPLOAD_MAX_SPEND_ROWS: z.coerce.number().int().positive().default(1_000_000),
  RUN_IMPORT_JOBS: bool(true),
  IMPORT_MAX_ERRORS: z.coerce.number().int().min(100).max(1_000_000).default(100_000),
  XLSX_MAX_ENTRIES: z.coerce.number().int().positive().default(1000),
  XLSX_MAX_ENTRY_MB: mb(1024),
  XLSX_MAX_UNCOMPRESSED_MB: mb(2048),
  XLSX_MAX_RATIO: z.coerce.number().min(2).default(100),
  /**
   * A workbook's shared strings, held in memory while it is checked: characters of their texts
   * together (a million-row spend file has ~7 million) and their number (~520,000).
   */
  XLSX_MAX_SHARED_STRING_CHARS: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 30)
    .default(32_000_000),
  XLSX_MAX_SHARED_STRINGS: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 28)
    .default(8_000_000),
  XLSX_WORKER_MEMORY_MB: z.coerce.number().int().min(128).default(1024),
  /** Default: 8 on either database (docs/import.md, the check's young generation). */
  XLSX_CHECKER_YOUNG_MB: z.coerce.number().int().min(4).max(256).optional(),
  /** Default: DEFAULT_PGLITE_SHARED_BUFFERS_MB in db/client.ts. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).optional(),
  XLSX_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(900),
  /** How long a request's queries may run (db/turns.ts); 0: no limit. */
  REQUEST_QUERY_LIMIT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /** The same for an export (PowerPoint, PDF, workbook). */
  EXPORT_QUERY_LIMIT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(300),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_PER_ACCOUNT_TOTAL: z.coerce.number().int().positive().default(50),
  AUTH_CODES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  AUTH_CODES_PER_ACCOUNT_TOTAL: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy); false: none. */
  trustProxy: false | number | string[];
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where files go (platform/storage.ts, openStorage); unset: the database's default. */
  storageUrl: string | undefined;
  pgliteSharedBuffersMb: number | undefined;
  /** How long a request's (and an export's) queries may run, ms; 0: no limit (db/turns.ts). */
  queryLimits: { requestMs: number; exportMs: number };
  /**
   * Whether this process runs queued import jobs (PostgreSQL; several processes share the
   * queue). On the embedded database every import runs where it was uploaded.
   */
  runImportJobs: boolean;
  jwtSecret: string | undefined;
  jwtExpiresIn: string;
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  appName: string;
  publicUrl: string | undefined;
  logLevel: string;
  webDist: string;
  limits: {
    imageBytes: number;
    spendBytes: number;
    videoBytes: number;
    moduleBytes: number;
    spendRows: number;
    /** Problems a refused import lists (all go into its error workbook) before reading stops. */
    importErrors: number;
  };
  /** How far an uploaded workbook may go (platform/xlsx/sheet.ts). */
  xlsx: {
    maxEntries: number;
    maxEntryBytes: number;
    maxTotalBytes: number;
    /** Largest inflation ratio of a part over 1 MiB (zip-guard.ts). */
    maxRatio: number;
    /** The shared string table's characters and items (xlsx/shared-strings.ts). */
    maxSharedStringChars: number;
    maxSharedStrings: number;
    workerMemoryMb: number;
    /** Young generation of each checking thread of a spend check, MB. */
    checkerYoungMb: number;
    timeoutMs: number;
  };
  authRateLimit: {
    perIp: number;
    /** Failed sign-ins of one account from one address (also code checks, password sets). */
    perAccount: number;
    /** Failed sign-ins of one account from every address, past which only known devices go on. */
    perAccountTotal: number;
    /** Recovery codes mailed to one account at the request of one address, or of a known device. */
    codesPerAccount: number;
    /** Recovery codes mailed to one account from every address, past which only known devices get one. */
    codesPerAccountTotal: number;
    windowMs: number;
  };
}

const MB = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (shells and CI often export VAR= to clear one).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    storageUrl: e.STORAGE_URL,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    queryLimits: { requestMs: e.REQUEST_QUERY_LIMIT_MS, exportMs: e.EXPORT_QUERY_LIMIT_MS },
    runImportJobs: e.RUN_IMPORT_JOBS,
    jwtSecret: e.JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    appName: e.APP_NAME,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    limits: {
      imageBytes: e.UPLOAD_MAX_IMAGE_MB * MB,
      spendBytes: e.UPLOAD_MAX_SPEND_MB * MB,
      videoBytes: e.UPLOAD_MAX_VIDEO_MB * MB,
      moduleBytes: e.UPLOAD_MAX_MODULE_MB * MB,
      spendRows: e.UPLOAD_MAX_SPEND_ROWS,
      importErrors: e.IMPORT_MAX_ERRORS,
    },
    xlsx: {
      maxEntries: e.XLSX_MAX_ENTRIES,
      maxEntryBytes: e.XLSX_MAX_ENTRY_MB * MB,
      maxTotalBytes: e.XLSX_MAX_UNCOMPRESSED_MB * MB,
      maxRatio: e.XLSX_MAX_RATIO,
      maxSharedStringChars: e.XLSX_MAX_SHARED_STRING_CHARS,
      maxSharedStrings: e.XLSX_MAX_SHARED_STRINGS,
      workerMemoryMb: e.XLSX_WORKER_MEMORY_MB,
      // The check's peak is a running server's import peak: a smaller young generation keeps it
      // lower, for more collections (on the embedded database it shares the process with the
      // database; docs/import.md).
      checkerYoungMb: e.XLSX_CHECKER_YOUNG_MB ?? 8,
      timeoutMs: e.XLSX_TIMEOUT_SECONDS * 1000,
    },
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      perAccountTotal: e.AUTH_RATE_LIMIT_PER_ACCOUNT_TOTAL,
      codesPerAccount: e.AUTH_CODES_PER_ACCOUNT,
      codesPerAccountTotal: e.AUTH_CODES_PER_ACCOUNT_TOTAL,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
  };
}
