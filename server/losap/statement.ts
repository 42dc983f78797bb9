/**
 * The year-end LOSAP statement of one officer as a PDF, made with pdfkit and its built-in
 * Helvetica (no font file to ship; see docs/decisions/023-losap-statements.md). The figures are
 * officerFigures' (the same computation as the progress card and report), never computed here.
 */
import PDFDocument from 'pdfkit';
import type { Db } from '../db/client';
import { flaggedTickets, officerFigures, type FlaggedTicket, type OfficerFigures, type StoredRules } from '../db/repositories/losap';
import { format, rc } from '../../src/domain/messages';
import { fromInstant } from '../../src/domain/dates';
import { qualifies, round2 } from '../../src/domain/losap';
import { officerCode } from '../../src/domain/officerLabel';
import { attestationStatusOf, figuresKey, type AttestationStatus } from '../../src/domain/losapYearEnd';
import { readAttestation, readYearState, type AttestationRow, type YearStateRow } from '../db/repositories/losapYearEnd';

const m = rc.losap.statement;
const figureFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A figure as the statement prints it: 2 decimals, thousands separators (1,234.50). */
const figure = (n: number) => figureFormat.format(n);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Everything one statement prints. */
export interface StatementData {
  orgName: string;
  officer: { officerId: number; lastName: string; firstName: string };
  rules: StoredRules;
  figures: OfficerFigures;
  flagged: FlaggedTicket[];
  /** His attestation of the year: its status (attestationStatusOf his figures now) and when he attested. */
  attestation: { status: AttestationStatus; attestedAt: Date | null };
  /** The year's certification (null while not certified): when and by whom ("Last, First"). */
  certified: { at: Date; by: string } | null;
  tz: string;
  /** When the statement is made (printed in the footer, org time zone). */
  now: Date;
}

/** The file name of an officer's statement: 'losap-statement-2026-A0101.pdf'. */
export const statementFileName = (year: number, officerId: number) => format(m.fileName, { year, code: officerCode(officerId) });

/**
 * Reads what officer `officer`'s statement of `rules.year` prints: officerFigures (total,
 * categories with caps, months), his flagged tickets, his attestation and the year's
 * certification. Four to six queries, on `db`; `known` passes what the caller has read already
 * for many statements at once (the ZIP: the year's state once, the attestations a page at a time),
 * so those are not read again for each officer.
 */
export async function statementData(
  db: Db,
  base: Pick<StatementData, 'orgName' | 'officer' | 'rules' | 'tz' | 'now'>,
  known?: { yearState: YearStateRow | null; attestation: AttestationRow | null },
): Promise<StatementData> {
  const sc = { rules: base.rules, tz: base.tz, officerId: base.officer.officerId };
  const [figures, flagged, stored, year] = await Promise.all([
    officerFigures(db, sc),
    flaggedTickets(db, sc),
    known ? known.attestation : readAttestation(db, base.rules.year, base.officer.officerId),
    known ? known.yearState : readYearState(db, base.rules.year),
  ]);
  const status = attestationStatusOf(stored, figuresKey(figures.total, figures.byCategory));
  return {
    ...base,
    figures,
    flagged,
    attestation: { status, attestedAt: stored?.attestedAt ?? null },
    certified: year?.state === 'certified' && year.certifiedAt ? { at: year.certifiedAt, by: year.certifiedByName ?? '' } : null,
  };
}

/**
 * The statement as a pdfkit document (a Readable of the PDF's bytes, ended): organisation,
 * officer name and id (A0101), year and rule, each month's hours, each category (caps applied),
 * the flagged tickets left out with their 10-41 dates (MM/DD/YYYY, org time zone), the total and
 * the verdict against the threshold, his attestation ('Attested 02/01/2027', or its status:
 * 'Not attested', 'Disputed', ...), the year's certification ('Certified on 03/01/2027 by
 * Chase, Carl' or 'Not certified'), and signature lines for member and chief.
 */
export function statementPdf(d: StatementData): PDFKit.PDFDocument {
  const { figures: f, rules, officer } = d;
  const unit = rules.rule === 'points' ? rc.losap.units.points : rc.losap.units.hours;
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `${m.title} ${rules.year}`, Author: d.orgName } });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const heading = (text: string) => doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(text).font('Helvetica').fontSize(10).moveDown(0.2);
  /** A two-column line: label left, value right-aligned. */
  const row = (label: string, value: string) => {
    // both columns on one page: a new page first when the line would not fit
    if (doc.y + doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.text(label, left, y, { width: width * 0.6 });
    doc.text(value, left + width * 0.6, y, { width: width * 0.4, align: 'right' });
    doc.x = left;
  };

  doc.font('Helvetica-Bold').fontSize(16).text(d.orgName);
  doc.fontSize(13).text(m.title).moveDown(0.5);
  doc.font('Helvetica').fontSize(10);
  doc.text(format(m.officer, { name: [officer.lastName, officer.firstName].filter(Boolean).join(', '), code: officerCode(officer.officerId) }));
  doc.text(format(m.year, { year: rules.year }));
  doc.text(format(m.rule, { rule: rules.rule === 'points' ? rc.losap.rules.points : rc.losap.rules.hours, threshold: figure(rules.threshold), unit }));

  heading(m.months);
  f.byMonth.forEach((mo) => row(`${MONTHS[mo.month - 1]} ${rules.year}`, figure(mo.hours)));

  heading(m.categories);
  if (!f.byCategory.length) doc.text(m.noCategories);
  f.byCategory.forEach((c) => row(c.name, c.capped && c.cap !== null ? format(m.categoryCapped, { value: figure(c.value), cap: figure(c.cap) }) : figure(c.value)));

  heading(format(m.flagged, { hours: figure(round2(f.atRiskHours)) }));
  if (!d.flagged.length) doc.text(m.noFlagged);
  d.flagged.forEach((t) => doc.text(format(m.flaggedLine, { date: fromInstant(t.startAt, d.tz).date, hours: figure(t.hours) })));

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12);
  doc.text(format(m.total, { total: figure(f.total), unit, threshold: figure(rules.threshold) }));
  doc.text(qualifies(f.total, rules.threshold) ? m.qualifies : m.doesNotQualify);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  // as the year-end workflow recorded them (decision 024)
  const statuses = rc.losap.yearEnd.statuses;
  const { status, attestedAt } = d.attestation;
  const attested = status === 'attested' && attestedAt ? format(statuses.attested, { date: fromInstant(attestedAt, d.tz).date }) : status === 'none' ? m.notAttested : statuses[status];
  doc.text(format(m.attestation, { state: attested }));
  const certified = d.certified ? format(rc.losap.yearEnd.states.certified, { date: fromInstant(d.certified.at, d.tz).date, name: d.certified.by }) : m.notCertified;
  doc.text(format(m.certification, { state: certified }));

  doc.moveDown(2.5);
  for (const who of [m.memberSignature, m.chiefSignature]) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
    const y = doc.y;
    doc.moveTo(left, y).lineTo(left + width * 0.6, y).moveTo(left + width * 0.7, y).lineTo(left + width, y).stroke();
    doc.text(who, left, y + 4, { width: width * 0.6 });
    doc.text(m.date, left + width * 0.7, y + 4, { width: width * 0.3 });
    doc.x = left;
    doc.moveDown(2.5);
  }
  const made = fromInstant(d.now, d.tz);
  doc.fontSize(8).fillColor('#555').text(format(m.generated, { date: made.date, time: made.time }), left);
  doc.end();
  return doc;
}
