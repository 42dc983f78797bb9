import fs from 'node:fs/promises';
import yauzl from 'yauzl';
import { DOCUMENT_TYPES, documentKindOfName, type DocumentKind } from '../../src/domain/schemas/uploads';

/** Magic numbers of the accepted documents (spec §5 Upload: PDF, DOC, DOCX). */
const PDF = Buffer.from('%PDF-', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The main part every Word document package (DOCX) holds. */
const DOCX_MAIN_PART = 'word/document.xml';
/** A DOCX has a few dozen entries; a central directory far larger than this is not one. */
const MAX_ZIP_ENTRIES = 10_000;

async function readHead(filePath: string, length: number): Promise<Buffer> {
  const handle = await fs.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * True when the ZIP file's central directory (read with yauzl, nothing unpacked) lists
 * word/document.xml. A broken or hostile ZIP (no end record, bad offsets, too many entries) is false.
 */
function zipHoldsWordDocument(filePath: string): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true, strictFileNames: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return resolve(false);
      let seen = 0;
      let settled = false;
      const finish = (ok: boolean) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve(ok);
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        seen++;
        if (entry.fileName === DOCX_MAIN_PART) return finish(true);
        if (seen >= MAX_ZIP_ENTRIES) return finish(false);
        zip.readEntry();
      });
      zip.on('end', () => finish(false));
      zip.on('error', () => finish(false));
      zip.readEntry();
    });
  });
}

/** The document kind a file's bytes show: '%PDF-', the OLE2 header (DOC), or a ZIP holding word/document.xml (DOCX); else null. */
export async function documentKindOfBytes(filePath: string): Promise<DocumentKind | null> {
  const head = await readHead(filePath, 8);
  if (head.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (head.equals(OLE2)) return 'doc';
  if (head.subarray(0, ZIP.length).equals(ZIP) && (await zipHoldsWordDocument(filePath))) return 'docx';
  return null;
}

/**
 * Judges an uploaded file by its name AND its bytes (spec §5 Upload, issue 8): both must say the
 * same accepted kind (a PNG named notice.pdf, an executable named form.docx, a DOCX renamed .pdf are
 * all refused). Returns the content type to store, or null ('Only PDF or Word Docs permitted!').
 */
export async function acceptedContentType(filename: string, filePath: string, size: number): Promise<string | null> {
  const byName = documentKindOfName(filename);
  if (!byName || size === 0) return null;
  const byBytes = await documentKindOfBytes(filePath);
  return byBytes === byName ? DOCUMENT_TYPES[byName] : null;
}
