import zlib from 'node:zlib';
import type { App } from '../../server/app';
import { call } from './helpers';

/** A small but well-formed PDF. */
export function samplePdf(text = 'Board notice'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** The start of a Word 97-2003 document (OLE2 compound file header). */
export function sampleDoc(): Buffer {
  const b = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
  return b;
}

/** A PNG image header (a 1x1 picture is longer; the header is what matters). */
export function samplePng(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
}

/** The start of a Windows executable ('MZ' DOS header). */
export function sampleExe(): Buffer {
  return Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(256)]);
}

/** A ZIP entry already deflated (compression method 8): its compressed bytes, CRC-32 and unpacked size. */
export interface DeflatedEntry {
  compressed: Buffer;
  crc: number;
  size: number;
}

/**
 * `chunk` repeated `times` times, deflated as one ZIP entry. The chunk is fed to the compressor
 * one copy at a time, so an entry that unpacks to hundreds of megabytes never sits in memory.
 */
export async function deflatedEntry(chunk: Buffer, times: number): Promise<DeflatedEntry> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  for (let i = 0; i < times; i++) {
    crc = zlib.crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { compressed: Buffer.concat(out), crc, size: chunk.length * times };
}

/**
 * A ZIP archive written by hand (local headers, central directory, end record): a string entry is
 * stored uncompressed, a DeflatedEntry deflated.
 */
export function zipOf(entries: Record<string, string | DeflatedEntry>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const stored = typeof content === 'string' ? Buffer.from(content, 'utf8') : null;
    const data = stored ?? (content as DeflatedEntry).compressed;
    const crc = stored ? zlib.crc32(stored) : (content as DeflatedEntry).crc;
    const size = stored ? stored.length : (content as DeflatedEntry).size;
    const method = stored ? 0 : 8;
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A minimal Word document package (DOCX); `documentXml` replaces its main part. */
export function sampleDocx(documentXml: string | DeflatedEntry = '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'): Buffer {
  return zipOf({
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    'word/document.xml': documentXml,
  });
}

export interface Part {
  name: string;
  /** Present: a file part with this file name. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export const BOUNDARY = '----RollCallTestBoundary7MA4YWxkTrZu0gW';

/** A multipart/form-data body of the parts, and its headers. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.contentType ?? (p.filename !== undefined ? 'application/octet-stream' : undefined);
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** The jsonBodyData of an upload: a 159 dated 11/01/2026 unless told otherwise. */
export function uploadRecord(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { uploadType: { uploadTypeId: 1 }, dateEntered: '11/01/2026', description: 'Board notice 12-2026', ...over };
}

/**
 * Sends an upload insert or update as the browser does: a `file` part (when given) and a
 * `jsonBodyData` part (as a Blob file part, like FormData.append with a Blob, unless asField).
 */
export async function sendUpload(
  app: App,
  token: string,
  method: 'POST' | 'PUT',
  json: unknown,
  file?: { filename: string; data: Buffer; contentType?: string },
  opts: { asField?: boolean } = {},
) {
  const parts: Part[] = [];
  if (file) parts.push({ name: 'file', filename: file.filename, contentType: file.contentType ?? 'application/octet-stream', data: file.data });
  const text = typeof json === 'string' ? json : JSON.stringify(json);
  parts.push(opts.asField ? { name: 'jsonBodyData', contentType: 'application/json', data: text } : { name: 'jsonBodyData', filename: 'blob', contentType: 'application/json', data: text });
  const { payload, headers } = multipart(parts);
  return call(app, method, method === 'POST' ? '/api/uploads/insert' : '/api/uploads/update', { token, body: payload, headers });
}

/** Adds a 159 (or another type) with a PDF at level 9+ and returns its id. */
export async function addUpload(app: App, token: string, over: Record<string, unknown> = {}, file = { filename: 'notice.pdf', data: samplePdf() }): Promise<number> {
  const res = await sendUpload(app, token, 'POST', uploadRecord(over), file);
  if (res.status !== 201) throw new Error(`upload insert failed: ${res.status} ${res.text}`);
  return res.body.uploadId as number;
}
