import fs from 'node:fs/promises';
import yauzl from 'yauzl';
import { DOCUMENT_TYPES, documentKindOfName, type DocumentKind } from '../../src/domain/schemas/uploads';
import { format, rc } from '../../src/domain/messages';
import { HttpError } from '../errors';

/** Magic numbers of the accepted documents (spec §5 Upload: PDF, DOC, DOCX). */
const PDF = Buffer.from('%PDF-', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The main part every Word document package (DOCX) holds. */
const DOCX_MAIN_PART = 'word/document.xml';
/** A DOCX has a few dozen entries; a central directory far larger than this is not one. */
const MAX_ZIP_ENTRIES = 10_000;
const MIB = 1024 * 1024;
/**
 * Most times an entry may unpack to its packed size. Word's XML deflates about ten to one, a very
 * repetitive document a few dozen; deflating one byte over and over (the stuff of ZIP bombs)
 * reaches a thousand.
 */
export const MAX_PACKING_RATIO = 200;
/** Entries smaller than this unpacked are never judged by their ratio: they cannot hurt, and tiny XML parts pack tightly. */
const RATIO_GRACE_BYTES = MIB;

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

/** What a ZIP file's central directory says about its entries. */
interface ZipDirectory {
  /** It lists word/document.xml. */
  wordDocument: boolean;
  /** The sizes its entries declare unpacked, added up (bytes). */
  unpackedBytes: number;
  /** The highest unpacked-to-packed ratio of an entry of at least RATIO_GRACE_BYTES unpacked (0: none that large). */
  worstRatio: number;
}

/**
 * Reads a ZIP file's central directory with yauzl (nothing unpacked). Null for a broken or hostile
 * ZIP (no end record, bad offsets, more than MAX_ZIP_ENTRIES entries).
 */
function readZipDirectory(filePath: string): Promise<ZipDirectory | null> {
  return new Promise((resolve) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true, strictFileNames: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return resolve(null);
      const directory: ZipDirectory = { wordDocument: false, unpackedBytes: 0, worstRatio: 0 };
      let seen = 0;
      let settled = false;
      const finish = (result: ZipDirectory | null) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve(result);
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        seen++;
        if (seen > MAX_ZIP_ENTRIES) return finish(null);
        if (entry.fileName === DOCX_MAIN_PART) directory.wordDocument = true;
        directory.unpackedBytes += entry.uncompressedSize;
        if (entry.uncompressedSize >= RATIO_GRACE_BYTES) {
          directory.worstRatio = Math.max(directory.worstRatio, entry.uncompressedSize / Math.max(entry.compressedSize, 1));
        }
        zip.readEntry();
      });
      zip.on('end', () => finish(directory));
      zip.on('error', () => finish(null));
      zip.readEntry();
    });
  });
}

/** True when the ZIP file's central directory lists word/document.xml; a broken or hostile ZIP is false. */
async function zipHoldsWordDocument(filePath: string): Promise<boolean> {
  return (await readZipDirectory(filePath))?.wordDocument ?? false;
}

/**
 * Refuses a Word document (DOCX, a ZIP package) that would unpack to too much in the hands of
 * whoever opens it (a "ZIP bomb"), judged by what its central directory declares, nothing
 * unpacked: 413 'The Word document unpacks to more than the {max} MB limit.' when its entries add
 * up to more than `maxUnpackedMb` MiB (UPLOAD_MAX_UNPACKED_MB), 413 'The Word document unpacks to
 * more than {ratio} times its packed size…' when an entry of 1 MiB or more unpacked is packed more
 * tightly than MAX_PACKING_RATIO. A file that is not a readable ZIP passes (the document kind
 * check refuses it).
 */
export async function refuseOversizedDocx(filePath: string, maxUnpackedMb: number): Promise<void> {
  const directory = await readZipDirectory(filePath);
  if (!directory) return;
  if (directory.unpackedBytes > maxUnpackedMb * MIB) throw new HttpError(413, format(rc.uploads.validation.unpackedTooLarge, { max: maxUnpackedMb }));
  if (directory.worstRatio > MAX_PACKING_RATIO) throw new HttpError(413, format(rc.uploads.validation.packedTooTightly, { ratio: MAX_PACKING_RATIO }));
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
 * Judges an uploaded file by its name AND its bytes (spec §5 Upload): both must say the
 * same accepted kind (a PNG named notice.pdf, an executable named form.docx, a DOCX renamed .pdf are
 * all refused). Returns the content type to store, or null ('Only PDF or Word Docs permitted!').
 */
export async function acceptedContentType(filename: string, filePath: string, size: number): Promise<string | null> {
  const byName = documentKindOfName(filename);
  if (!byName || size === 0) return null;
  const byBytes = await documentKindOfBytes(filePath);
  return byBytes === byName ? DOCUMENT_TYPES[byName] : null;
}
