import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { format, rc } from '../../src/domain/messages';
import { HttpError, badRequest } from '../errors';
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
  return parseJson(Buffer.concat(chunks).toString('utf8'));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(rc.uploads.validation.jsonBodyData);
  }
}

/** Writes the file part to `target`; 413 the moment it passes `maxBytes` (busboy's 'limit'). */
async function spool(file: Readable & { truncated?: boolean }, target: string, maxMb: number): Promise<number> {
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  const onLimit = () => out.destroy(tooLarge(maxMb));
  file.once('limit', onLimit);
  try {
    await pipeline(file, out);
  } finally {
    file.off('limit', onLimit);
  }
  if (file.truncated) throw tooLarge(maxMb);
  return out.bytesWritten;
}

/** Maps @fastify/multipart's errors to the answers a user sees. */
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
 * Reads a multipart upload (spec §7 uploads insert/update): a `file` part and a `jsonBodyData`
 * part, in any order. The file streams to a temporary file (mode 0600) and never sits in memory;
 * it is refused with 413 "The file is larger than the {n} MB limit." as soon as it passes
 * `maxMb` MiB, or at once when Content-Length already says so. Other parts, a second file, or
 * jsonBodyData that is not JSON (at most 64 KiB) get 400; a request that is not
 * multipart/form-data 415. On any failure reading stops, the answer goes out, and only then is the
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
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'jsonBodyData') throw badRequest(format(rc.uploads.validation.unknownPart, { name: part.fieldname }));
        json = typeof part.value === 'string' ? parseJson(part.value) : part.value;
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
