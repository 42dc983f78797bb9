import { z } from 'zod';
import { offline } from '../messages/offline';

/**
 * An idempotency key (the Idempotency-Key header of POST /api/timeTickets/insert, src/domain/offline.ts)
 * as the browser makes it (crypto.randomUUID(), 36 characters) and the server accepts it: 16 to 64
 * letters, digits, '-' or '_'. Anything else in the header is a 400 with rc.offline.server.keyMalformed.
 * It lives apart from src/domain/offline.ts, which the sign-in page's download reads for the header
 * name, so that download never carries zod.
 */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: offline.server.keyMalformed });
