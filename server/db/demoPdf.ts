/** PDF string escapes: backslash and parentheses (spec'd by ISO 32000 §7.3.4.2); text is ASCII. */
const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A small valid one-page PDF (US Letter, Helvetica) with a title and lines of text, assembled by
 * hand: catalog, page tree, page, font and content stream, with a byte-exact cross-reference
 * table, so the server's %PDF- check and every PDF reader accept it. ASCII text only.
 */
export function minimalPdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT',
    '/F1 18 Tf',
    '72 720 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf',
    '0 -28 Td',
    ...lines.flatMap((l) => [`(${pdfText(l)}) Tj`, '0 -16 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
