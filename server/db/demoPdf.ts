import PDFDocument from 'pdfkit';

/**
 * A small one-page PDF (US Letter, Helvetica) with a title and lines of text, made by pdfkit:
 * the demo organisation's forms, 159s and LOSAP notices, and the uploads the tests send.
 * (title, lines) -> the PDF's bytes. pdfkit writes to a stream; with nothing reading it, every
 * chunk waits in the stream's buffer once end() returns, so the bytes are read at once and the
 * seed stays synchronous.
 */
export function minimalPdf(title: string, lines: readonly string[]): Buffer {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: title } });
  doc.font('Helvetica').fontSize(18).text(title).moveDown(0.6).fontSize(11);
  for (const line of lines) doc.text(line);
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk: Buffer | null = doc.read(); chunk !== null; chunk = doc.read()) chunks.push(chunk);
  return Buffer.concat(chunks);
}
