import { sql } from 'drizzle-orm';
import type { Db } from './client';
import * as s from './schema';
import { dayjs } from '../../src/domain/dates';
import { UPLOAD_TYPE } from '../../src/domain/constants';
import { FORM_UPLOAD_TYPE } from '../../src/domain/schemas/uploads';
import { minimalPdf } from './demoPdf';

interface DemoDocument {
  uploadTypeId: number;
  /** Days before today (ORG_TIMEZONE) it was entered. */
  daysAgo: number;
  description: string;
  /** A PDF by file name, title and lines, or a plain link (Forms page groups only). */
  pdf?: { filename: string; title: string; lines: string[] };
  linkUrl?: string;
}

/** The demo organisation's documents: two 159s, a LOSAP notice and a few documents in each Forms page group. */
export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  {
    uploadTypeId: UPLOAD_TYPE.BOARD_159, daysAgo: 12, description: '159-01: Summer uniform in effect',
    pdf: { filename: '159-01-summer-uniform.pdf', title: '159-01 Summer Uniform', lines: ['Effective immediately the summer uniform is authorized.', 'Short-sleeve shirt, no tie. Reflective vest on all traffic posts.', 'Sign off on the 159 Board once read.'] },
  },
  {
    uploadTypeId: UPLOAD_TYPE.BOARD_159, daysAgo: 4, description: '159-02: Radio procedure reminder',
    pdf: { filename: '159-02-radio-procedure.pdf', title: '159-02 Radio Procedure', lines: ['Use plain language for emergencies.', 'Give your 10-41 and 10-42 to the desk on every tour.', 'Keep transmissions short: 10-3 when asked.'] },
  },
  {
    uploadTypeId: UPLOAD_TYPE.LOSAP_NOTICES, daysAgo: 20, description: 'LOSAP points: how annual hours are counted',
    pdf: { filename: 'losap-points.pdf', title: 'LOSAP Points', lines: ['Hours from time tickets count toward the annual LOSAP total.', 'Flagged tickets do not count until corrected.'] },
  },
  {
    uploadTypeId: FORM_UPLOAD_TYPE.DEPARTMENTAL_FORMS, daysAgo: 60, description: '12L: Time ticket correction request',
    pdf: { filename: '12L-ticket-correction.pdf', title: 'Form 12L - Time Ticket Correction', lines: ['Officer name and ID:', 'Date of tour:', 'Correction requested and reason:', 'Submit to an auditor.'] },
  },
  {
    uploadTypeId: FORM_UPLOAD_TYPE.DEPARTMENTAL_FORMS, daysAgo: 45, description: 'Equipment request',
    pdf: { filename: 'equipment-request.pdf', title: 'Equipment Request', lines: ['Item:', 'Size:', 'Reason:', 'Supervisor approval:'] },
  },
  {
    uploadTypeId: FORM_UPLOAD_TYPE.TEAM_FORMS, daysAgo: 30, description: 'Team roster sheet',
    pdf: { filename: 'team-roster-sheet.pdf', title: 'Team Roster Sheet', lines: ['Team:', 'Team leader:', 'Members (name, ID, mobile):'] },
  },
  {
    uploadTypeId: FORM_UPLOAD_TYPE.REFERENCE_DOCUMENTS, daysAgo: 90, description: 'Ten codes quick reference',
    pdf: { filename: 'ten-codes.pdf', title: 'Ten Codes', lines: ['10-1 Receiving poorly', '10-4 Acknowledged', '10-8 In service', '10-20 Location', '10-41 Beginning tour of duty', '10-42 Ending tour of duty'] },
  },
  { uploadTypeId: FORM_UPLOAD_TYPE.REFERENCE_DOCUMENTS, daysAgo: 90, description: 'New York State Vehicle and Traffic Law', linkUrl: 'https://www.nysenate.gov/legislation/laws/VAT' },
  {
    uploadTypeId: FORM_UPLOAD_TYPE.FIELD_TRAINING_FORMS, daysAgo: 75, description: 'Field training checklist',
    pdf: { filename: 'field-training-checklist.pdf', title: 'Field Training Checklist', lines: ['Radio procedure', 'Traffic post', 'Foot patrol', 'Report writing'] },
  },
  {
    uploadTypeId: FORM_UPLOAD_TYPE.HOLIDAY_DEPLOYMENT_FORMS, daysAgo: 15, description: 'Holiday deployment availability',
    pdf: { filename: 'holiday-deployment.pdf', title: 'Holiday Deployment Availability', lines: ['Dates available:', 'Preferred post:', 'Mobile:'] },
  },
];

/** Demo news items, oldest first (the first is item 1, which cannot be removed). */
const DEMO_NEWS = [
  { daysAgo: 40, shortDesc: 'Welcome to Roll Call', newsText: 'Log your time tickets, sign up for details and read your 159s here.\nQuestions: contact the Auxiliary Support Services Detachment.' },
  { daysAgo: 2, shortDesc: 'Holiday deployment', newsText: 'Holiday details are posted under Events > Details.\n\nSign up early: posts fill quickly.\nThe availability form is on the Forms page.' },
];

/**
 * Seeds the demo organisation's documents and news, dated relative to `now` in `tz`:
 * the sample PDFs above (generated here, no files shipped) and a reference link, entered by the
 * demo administrator (109) when he exists. The demo officers have already signed off the 159s,
 * so each demo login still lands where it did (home step 4 counts unread 159s); a new 159 shows
 * the board's flow. Runs only when there are no uploads yet, so it is idempotent.
 */
export async function seedDemoDocuments(db: Db, now: Date, tz: string): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.upload);
  if (Number(n) > 0) return;
  const today = dayjs(now).tz(tz);
  const isoDay = (daysAgo: number) => today.subtract(daysAgo, 'day').format('YYYY-MM-DD');
  const officers = new Set((await db.select({ id: s.officer.officerId }).from(s.officer)).map((o) => o.id));
  const enteredBy = officers.has(109) ? 109 : null;
  const uploads = await db
    .insert(s.upload)
    .values(
      DEMO_DOCUMENTS.map((d) => ({
        uploadTypeId: d.uploadTypeId,
        dateEntered: isoDay(d.daysAgo),
        description: d.description,
        filename: d.pdf?.filename ?? null,
        contentType: d.pdf ? 'application/pdf' : null,
        file: d.pdf ? minimalPdf(d.pdf.title, d.pdf.lines) : null,
        linkUrl: d.linkUrl ?? null,
        enteredBy,
        updatedTimestamp: now,
      })),
    )
    .returning({ uploadId: s.upload.uploadId, uploadTypeId: s.upload.uploadTypeId });
  const readers = [101, 105, 109, 110].filter((id) => officers.has(id));
  const signoffs = uploads.filter((u) => u.uploadTypeId === UPLOAD_TYPE.BOARD_159).flatMap((u) => readers.map((officerId) => ({ uploadId: u.uploadId, officerId, signoffTimestamp: now })));
  if (signoffs.length) await db.insert(s.uploadSignoff).values(signoffs).onConflictDoNothing();
  const [{ items }] = await db.select({ items: sql<number>`count(*)::int` }).from(s.news);
  if (Number(items) === 0) {
    await db.insert(s.news).values(DEMO_NEWS.map((x) => ({ dateEntered: isoDay(x.daysAgo), shortDesc: x.shortDesc, newsText: x.newsText, enteredBy, updatedTimestamp: now })));
  }
}
