import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A PDF's text as a reader extracts it (pdf.js): each page's text items in reading order,
 * trimmed, empty ones dropped. bytes -> one array of lines per page.
 */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[][] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    pages.push(content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str.trim()] : [])));
  }
  await doc.destroy();
  return pages;
}
