import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import type { Config } from './config';
import type { App } from './appType';
import type { SecondFactorStage } from '../src/domain/secondFactor';
import { lockDataDir, openDatabase, type Database, type Db } from './db/client';
import { ensureSuperUser, loadReferenceData } from './db/seed';
import { seedDemoOrganisation } from './db/demoOrganisation';
import { createMailer, type Mailer } from './mail';
import { verifyToken } from './auth/tokens';
import { loadTotpKey } from './auth/secondFactor';
import { useSession } from './db/repositories/sessions';
import type { Actor } from '../src/domain/access';
import { errorHandler } from './errorHandler';
import { frameworkErrors, MAX_PARAM_LENGTH } from './frameworkErrors';
import { decodeUtf8, fieldError, firstUnstorable } from './errors';
import { answerUnroutedApiRequests } from './routeMethods';
import { declareErrorStatuses } from './openapi/errorStatuses';
import { contractTransform, contractTransformObject } from './openapi/transform';
import { auditDeniedRequests } from './deniedRequests';
import { rc } from '../src/domain/messages';
import { apiRoutes } from './routes';
import { multipartLimits } from './uploads/multipart';
import { setUpRateLimit } from './auth/rateLimit';
import { registerCompression, registerStaticApp } from './staticApp';
import { createAnswers, type Answers } from './answers';
import { keepVersionsInMemory } from './db/dataVersion';
import { todayFollowing } from '../src/domain/dates';
import { startReminderScheduler } from './reminders';
import { configuredClock } from './clock';

export interface AppContext {
  db: Db;
  /**
   * Where the reports across many officers read (summary by officer, footer totals of all
   * officers, statistics, training compliance, 159 compliance): DATABASE_REPLICA_URL when set,
   * else `db`. A replica may lag its primary by moments, so nothing that must show a write just
   * made reads here.
   */
  reportDb: Db;
  dbKind: Database['kind'];
  config: Config;
  /**
   * The server's clock (server/clock.ts): what every business decision reads as "now". Real time,
   * unless an API test passes its own (BuildOptions.now) or a test process sets TEST_CLOCK_START.
   */
  now: () => Date;
  /** Finished answers kept while the database's versions of what they show stand (server/answers). */
  answers: Answers;
  jwtSecret: Uint8Array;
  /** The key that seals TOTP secrets (32 bytes; TOTP_KEY or DATA_DIR/totp-key), loaded once. */
  totpKey: Buffer;
  mailer: Mailer;
  /** Set on the very first start when the super-user password was generated (print it once). */
  generatedAdminPassword: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    actor: Actor | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Route answers without a session (sign-in, reset, health, docs). */
    public?: boolean;
    /**
     * The two-step sign-in stages in which this route still answers (decision 029). A session
     * waiting for its second factor gets 403 'Finish the two-step sign-in first.' from every
     * route that does not list its stage: deny by default.
     */
    secondFactorStep?: readonly SecondFactorStage[];
  }
}

/** The app's Fastify type, defined in appType.ts (which imports nothing back) and re-exported for callers of buildApp. */
export type { App };

export interface BuildOptions {
  /** The app's clock, for tests that move time (tests/server/helpers.ts TestClock); unset: configuredClock(config). */
  now?: () => Date;
  /** Folder of the built browser app; served under /secure/ when it holds index.html. */
  staticDir?: string;
  /** Seed the demo organisation with this password. */
  demoPassword?: string;
  logger?: boolean | object;
  mailer?: Mailer;
  /**
   * Extra routes registered inside the /api plugin, behind the same session check as every
   * spec route (the benchmark's from-memory reference route). Never set by server/main.ts.
   */
  extraApiRoutes?: (api: App) => void | Promise<void>;
  /**
   * Start this process's reminder scheduler (server/reminders), stopped when the app closes.
   * server/main.ts sets it from REMINDER_SCHEDULER; off unless given, so tests tick it themselves.
   */
  reminderScheduler?: boolean;
}

/** Trusts the first `hops` proxies in front of the server (X-Forwarded-For). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

function loadJwtSecret(config: Config): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

/**
 * The JSON body parser. The spec's client sends `Content-Type: application/json` on every call,
 * also on body-less ones such as `PUT /api/updateLastLoginDate/{id}` (spec §7). Fastify's JSON
 * parser refuses an empty body ('Body cannot be empty when content-type is set to
 * application/json'); this one reads an empty or all-blank body as no body (undefined) and leaves
 * every other body to Fastify's own parser (same limits, same prototype-poisoning rules, same 400
 * for bad JSON). A route that needs a body still answers 400 from its schema.
 * The body is read as bytes so that bytes which are not UTF-8 are noticed (a lenient decoder would
 * store U+FFFD in their place without a word). A parsed body holding a value PostgreSQL cannot
 * store (text that is not valid Unicode, NUL, a number past its integer) answers the field-level
 * 400 naming the first one (server/errors.ts firstUnstorable), before any route runs.
 */
function acceptEmptyJsonBodies(app: App) {
  const json = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const { text, valid } = decodeUtf8(body as Buffer);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    json(request, text, (err, parsed) => {
      if (err) return done(err, undefined);
      const problem = firstUnstorable(parsed, !valid) ?? (valid ? undefined : { path: [], message: rc.validation.invalidText });
      if (problem) return done(fieldError(problem.path, problem.message), undefined);
      done(null, parsed);
    });
  });
}

/**
 * Builds the Roll Call server: takes the DATA_DIR lock (embedded database only), opens and migrates the
 * database, loads reference data, creates the super user on an empty database, and registers
 * the API under /api (OpenAPI at /api/docs) and the browser app under /secure/.
 * Used by server/main.ts and by every API test. Closing the app closes the database and the lock.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  // The embedded database allows one process per DATA_DIR; PostgreSQL needs no data-dir lock
  // (several app processes share it), so none is taken there.
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const release = config.DATABASE_URL ? async () => {} : await lockDataDir(config.DATA_DIR);
  let database: Database;
  try {
    database = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, replicaUrl: config.DATABASE_REPLICA_URL });
    // the embedded database tells this process of every version change: versions come from memory
    if (database.listen) await keepVersionsInMemory(database.db, database.listen);
  } catch (err) {
    await release();
    throw err;
  }
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL, redact: ['req.headers.authorization', '*.password', '*.newPassword'] },
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Unique across processes and restarts: the correlation id of 5xx answers and their log lines.
    genReqId: () => randomUUID(),
    // A long path parameter (414) or an address that does not decode (400) answers in the shared error shape.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // No /api answer may be kept by a browser or proxy cache: tokens, officers' records, lists
  // Registered first, so it covers errors, 401s, 404s and 429s too.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      reply.header('cache-control', 'no-store');
      reply.header('x-request-id', request.id);
    }
    return payload;
  });
  app.addHook('onClose', async () => {
    await database.close();
    await release();
  });

  await loadReferenceData(database.db);
  const su = await ensureSuperUser(database.db, { superUserId: config.SUPER_USER_ID, adminPassword: config.ADMIN_PASSWORD });
  // the one clock of the app (server/clock.ts): the caller's (API tests), TEST_CLOCK_START's, or real time
  const now = opts.now ?? configuredClock(config);
  if (opts.demoPassword) {
    // the demo's dates ('three days ahead', 'last month') follow the app's clock too
    await seedDemoOrganisation(database.db, { password: opts.demoPassword, now: now(), tz: config.ORG_TIMEZONE });
  }

  app.decorate('ctx', {
    db: database.db,
    reportDb: database.reportDb,
    dbKind: database.kind,
    config,
    now,
    answers: createAnswers({ maxMiB: config.ANSWER_CACHE_MB, today: todayFollowing(config.ORG_TIMEZONE, now) }),
    jwtSecret: loadJwtSecret(config),
    totpKey: loadTotpKey(config),
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log: app.log }),
    generatedAdminPassword: su.generatedPassword,
  });
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionId', null);

  acceptEmptyJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // the installable app: its service worker (/secure/sw.js, which imports its Workbox file)
        // and its manifest come from this origin only (default-src says so too; named for clarity)
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await registerCompression(app);
  const limits = await setUpRateLimit(config, app.log);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, limits.options);
  await app.register(multipart, { limits: multipartLimits(config.UPLOAD_MAX_MB) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Roll Call API', version: '1.0.0', description: 'Every /api call of the product specification §7.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    // The zod schemas become the document; 204s without content, text/plain, empty query values.
    transform: contractTransform,
    transformObject: contractTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  // Every /api route: session check, then 401 for routes that are not public (spec §2 guard).
  // The hooks live inside the /api plugin, so they follow Fastify's routing rather than the raw URL.
  await app.register(
    async (api) => {
      api.decorateRequest('sessionUser', null);
      answerUnroutedApiRequests(api);
      declareErrorStatuses(api);
      api.addHook('onRequest', async (request) => {
        const header = request.headers.authorization;
        if (!header?.startsWith('Bearer ')) return;
        const now = app.ctx.now();
        const claims = await verifyToken(app.ctx.jwtSecret, header.slice(7).trim(), now);
        if (!claims) return;
        const live = await useSession(app.ctx.db, claims.sessionId, claims.officerId, now, config.ORG_TIMEZONE);
        if (live) {
          request.actor = live.actor;
          request.sessionUser = live.user;
          request.sessionId = claims.sessionId;
        }
      });
      api.addHook('preValidation', async (request, reply) => {
        if (request.is404 || request.routeOptions.config?.public || request.actor) return;
        // No token at all: 'Please sign in first.'; a token whose session expired or was revoked:
        // 'Your session has ended. Please sign in again.'.
        const message = request.headers.authorization ? rc.errors.notAuthenticated : rc.errors.signInRequired;
        return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message });
      });
      // A session that waits for its second factor reaches only the routes that finish or leave that
      // step, whatever its access level (decision 029).
      api.addHook('preValidation', async (request, reply) => {
        const stage = request.actor?.secondFactor;
        if (!stage || request.is404 || request.routeOptions.config?.public) return;
        if (request.routeOptions.config?.secondFactorStep?.includes(stage)) return;
        return reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: rc.secondFactor.errors.stepPending });
      });
      // Every refused request (403) is recorded in the audit log with its route and message;
      // identical refusals of one session within a minute become one entry with their count.
      auditDeniedRequests(api);
      await api.register(apiRoutes);
      if (opts.extraApiRoutes) await api.register(async (extra) => opts.extraApiRoutes!(extra as App));
    },
    { prefix: '/api' },
  );

  await registerStaticApp(app, opts.staticDir);
  if (opts.reminderScheduler) {
    const scheduler = startReminderScheduler(app);
    // before the database closes (onClose), so a tick in progress finishes first
    app.addHook('preClose', () => scheduler.stop());
  }
  return app;
}
