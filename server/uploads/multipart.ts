import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { format, rc } from '../../src/domain/messages';
import { HttpError, badRequest, decodeUtf8, fieldError, firstUnstorable } from '../errors';
import { hasNoBidiControls } from '../../src/domain/validators';

const MIB = 1024 * 1024;
/** Largest jsonBodyData part, in bytes (the upload record is a few hundred bytes). */
export const JSON_PART_MAX = 64 * 1024;
/** What a request may carry besides the file (multipart framing, part headers, jsonBodyData). */
const FRAMING_ALLOWANCE = MIB;

/**
 * @fastify/multipart limits (server/app.ts): the file at most `maxMb` MiB (UPLOAD_MAX_MB), a
 * `file` part and a `jsonBodyData` part (sent as a field or as a Blob, which is a file part).
 */
export function multipartLimits(maxMb: number) {
  return { fileSize: maxMb * MIB, files: 2, fields: 2, parts: 4, fieldSize: JSON_PART_MAX, headerPairs: 100 };
}

/** The `file` part, spooled to a private temporary file while it streams. */
export interface SpooledFile {
  /** The client's file name without any folder part or control characters. */
  filename: string;
  path: string;
  /** Bytes */
  size: number;
}

export interface UploadParts {
  /** The parsed jsonBodyData part; undefined when it was not sent. */
  json: unknown;
  /** The file part; null when none was sent (or an empty file input). */
  file: SpooledFile | null;
  /** Removes the temporary file. Always call it. */
  cleanup(): Promise<void>;
}

const tooLarge = (maxMb: number) => new HttpError(413, format(rc.uploads.validation.fileTooLarge, { max: maxMb }));

/** The client's file name reduced to a plain name: no folders, no control characters, at most 255 characters keeping the extension. */
export function cleanFilename(raw: string): string {
  const base = [...path.posix.basename(raw.replace(/\\/g, '/'))].filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\x7f' && hasNoBidiControls(c)).join('').trim();
  if (base.length <= 255) return base;
  const ext = path.extname(base).slice(0, 16);
  return base.slice(0, 255 - ext.length) + ext;
}

async function readJsonStream(stream: Readable): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > JSON_PART_MAX) throw badRequest(rc.uploads.validation.jsonBodyData);
    chunks.push(chunk as Buffer);
  }
  const { text, valid } = decodeUtf8(Buffer.concat(chunks));
  return parseJson(text, valid);
}

/**
 * jsonBodyData as a value; 400 when it is not JSON, and the field-level 400 the JSON body parser
 * gives (server/app.ts) when it holds a value PostgreSQL cannot store. `valid`: false when the
 * bytes were not UTF-8 (their U+FFFD then counts as broken text).
 */
function parseJson(text: string, valid: boolean): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(rc.uploads.validation.jsonBodyData);
  }
  return storable(value, valid);
}

/** The value as it is, or the field-level 400 naming its first value PostgreSQL cannot store. */
function storable(value: unknown, valid: boolean): unknown {
  const problem = firstUnstorable(value, !valid) ?? (valid ? undefined : { path: [], message: rc.validation.invalidText });
  if (problem) throw fieldError(problem.path, problem.message);
  return value;
}

/**
 * The request's parts. A failure of the body itself (cut off, no boundary, a boundary it does not
 * use, garbage) comes out as the answer the client gets, told apart from failures of this server
 * (a full disk), which stay 500s.
 */
async function* partsOf(request: FastifyRequest, maxMb: number) {
  try {
    yield* request.parts();
  } catch (err) {
    throw bodyError(err, maxMb);
  }
}

/**
 * Writes the file part to `target`; 413 the moment it passes `maxBytes` (busboy's 'limit'). The
 * part ending early (a body cut off or garbled) is the client's 400; a failing disk stays an error.
 */
async function spool(file: Readable & { truncated?: boolean }, target: string, maxMb: number): Promise<number> {
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  const onLimit = () => out.destroy(tooLarge(maxMb));
  file.once('limit', onLimit);
  try {
    await pipeline(file, out);
  } catch (err) {
    // The file on disk fails only with a system error (ENOSPC, EIO: they carry `syscall`) or the
    // 413 above; any other error came from the part itself (busboy found the body cut off).
    throw err instanceof HttpError || (err as NodeJS.ErrnoException).syscall ? err : bodyError(err, maxMb);
  } finally {
    file.off('limit', onLimit);
  }
  if (file.truncated) throw tooLarge(maxMb);
  return out.bytesWritten;
}

/** Maps @fastify/multipart's errors to the answers a user sees; any other error is returned as it is. */
function multipartError(err: unknown, maxMb: number): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxMb);
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return badRequest(rc.uploads.validation.jsonBodyData);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return badRequest(rc.uploads.validation.multipartRequired);
  }
  return err;
}

/**
 * An error reading the body itself: a limit or a known refusal as multipartError answers it, and
 * anything else (busboy's 'Unexpected end of form', 'Multipart: Boundary not found', 'Malformed
 * part header', a part terminated early) 400 'The upload arrived incomplete or garbled.'.
 */
function bodyError(err: unknown, maxMb: number): unknown {
  const known = multipartError(err, maxMb);
  return known === err ? badRequest(rc.uploads.validation.multipartBroken) : known;
}

/**
 * Reads a multipart upload (spec §7 uploads insert/update): a `file` part and a `jsonBodyData`
 * part, in any order. The file streams to a temporary file (mode 0600) and never sits in memory;
 * it is refused with 413 "The file is larger than the {n} MB limit." as soon as it passes
 * `maxMb` MiB, or at once when Content-Length already says so. Other parts, a second file, or
 * jsonBodyData that is not JSON (at most 64 KiB) get 400, and so does a body cut off or garbled
 * ('The upload arrived incomplete or garbled.'); jsonBodyData holding a value PostgreSQL cannot
 * store gets the field-level 400 naming it; a request that is not multipart/form-data 415. On any failure reading stops, the answer goes out, and only then is the
 * rest of the request body read and discarded, so the client gets the answer while it is still
 * sending and the connection stays usable.
 */
export async function readUploadParts(request: FastifyRequest, reply: FastifyReply, maxMb: number): Promise<UploadParts> {
  if (!request.isMultipart()) throw new HttpError(415, rc.uploads.validation.multipartRequired);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxMb * MIB + FRAMING_ALLOWANCE) throw tooLarge(maxMb);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rollcall-upload-'));
  const cleanup = () => fs.rm(dir, { recursive: true, force: true });
  let json: unknown;
  let file: SpooledFile | null = null;
  try {
    for await (const part of partsOf(request, maxMb)) {
      if (part.type === 'field') {
        if (part.fieldname !== 'jsonBodyData') throw badRequest(format(rc.uploads.validation.unknownPart, { name: part.fieldname }));
        json = typeof part.value === 'string' ? parseJson(part.value, true) : storable(part.value, true);
      } else if (part.fieldname === 'jsonBodyData') {
        json = await readJsonStream(part.file);
      } else if (part.fieldname === 'file' && !file) {
        const target = path.join(dir, 'file');
        const size = await spool(part.file, target, maxMb);
        const filename = cleanFilename(part.filename ?? '');
        if (size > 0 || filename) file = { filename, path: target, size };
      } else {
        throw badRequest(format(rc.uploads.validation.unknownPart, { name: part.fieldname }));
      }
    }
  } catch (err) {
    request.raw.unpipe();
    const discardRest = () => request.raw.resume();
    reply.raw.once('finish', discardRest);
    reply.raw.once('close', discardRest);
    await cleanup();
    throw multipartError(err, maxMb);
  }
  return { json, file, cleanup };
}
