import { copyLine, type BulkLoader } from './copy';
import { activeOn, type SeedContext, type SeedOfficer } from './context';
import { minimalPdf } from '../demoPdf';
import { ACCESS, EXEMPT_OFFICER_IDS, UPLOAD_TYPE } from '../../../src/domain/constants';

const DAY_MS = 86_400_000;

const SUBJECTS = ['Summer uniform', 'Winter uniform', 'Radio call signs', 'Detail sign-up procedure', 'Vehicle inspection checklist', 'Reflective vests on traffic posts',
  'Court appearance notifications', 'Equipment return', 'Holiday deployment', 'Storm preparedness', 'Memo book entries', 'Annual qualification schedule',
  'Social media policy', 'Parking at headquarters', 'Injury reporting', 'Naloxone kits', 'Body-worn lights', 'Lost property procedure'];

const NEWS = [
  { title: 'Details posted for {month}', text: 'The {month} details are posted under Events > Details.\nSign up early: posts fill quickly.' },
  { title: 'Training calendar for {month}', text: 'Classes this month are listed under Events > Training. Annual training is mandatory for every officer.' },
  { title: 'Welcome to our new recruits', text: 'Please welcome the officers of the latest recruit class. Field training starts next week in each precinct.' },
  { title: 'Commendation: {name}', text: '{name} of the {precinct} is commended for quick action at a collision on patrol. Well done.' },
  { title: 'Uniform inspection in the {precinct}', text: 'Uniform and equipment inspection at the next staff meeting. Bring your ID card and memo book.' },
  { title: 'Blood drive at Headquarters', text: 'The annual blood drive is at Headquarters this month. Volunteers for the sign-in table are welcome.' },
  { title: 'Radio maintenance', text: 'The radio system will be down for maintenance one night this month. Use the backup channel and call the desk by phone.' },
  { title: 'LOSAP hours reminder', text: 'Log every tour within 30 days. Flagged tickets do not count toward LOSAP hours until corrected.' },
];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const PRECINCT_NAMES = ['1st Precinct', '2nd Precinct', '3rd Precinct', '4th Precinct', '5th Precinct', '6th Precinct', '7th Precinct', '8th Precinct'];

const UPLOAD_COLUMNS = ['upload_id', 'upload_type_id', 'date_entered', 'description', 'filename', 'content_type', 'file', 'entered_by'];

/** Days (index) of the month days `dates` (1..31) from day 0 to today. */
function monthDays(ctx: SeedContext, dates: readonly number[]): number[] {
  const out: number[] = [];
  for (let day = 0; day <= ctx.today; day++) if (dates.includes(Number(ctx.clock.isoDate(day).slice(8)))) out.push(day);
  return out;
}

/**
 * The board: two 159s a month (1st and 15th) and two LOSAP notices a year (January and July),
 * each a small PDF, entered by an administrator; loaded with COPY. Then the 159 sign-offs: most
 * officers read a 159 within days of its date (or of their appointment), laggards leave recent
 * ones unread, restricted and exempt officers have no 159 board, and the demo logins have read
 * every one (so they still land on their time tickets). Returns the numbers of uploads and sign-offs.
 */
export async function seedBoard(
  ctx: SeedContext, loader: BulkLoader, opts: { firstId: number; officers: SeedOfficer[]; enteredBy: number | null },
): Promise<{ uploads: number; signoffs: number; board: number[] }> {
  const r = ctx.rng;
  const lines: string[] = [];
  const board: Array<{ uploadId: number; day: number }> = [];
  let id = opts.firstId;
  for (const day of monthDays(ctx, [1, 15])) {
    const iso = ctx.clock.isoDate(day);
    const number = `159-${iso.slice(2, 4)}-${String(board.filter((b) => ctx.clock.isoDate(b.day).slice(0, 4) === iso.slice(0, 4)).length + 1).padStart(2, '0')}`;
    const subject = r.pick(SUBJECTS);
    const pdf = minimalPdf(`${number} ${subject}`, ['All officers are to read and sign off this 159.', `Subject: ${subject}.`, `Dated ${iso}.`]);
    board.push({ uploadId: id, day });
    lines.push(copyLine([id++, UPLOAD_TYPE.BOARD_159, iso, `${number}: ${subject}`, `${number.toLowerCase()}.pdf`, 'application/pdf', pdf, opts.enteredBy]));
  }
  for (const day of monthDays(ctx, [10])) {
    const iso = ctx.clock.isoDate(day);
    const month = Number(iso.slice(5, 7));
    if (month !== 1 && month !== 7) continue;
    const year = Number(iso.slice(0, 4));
    const title = month === 1 ? `LOSAP ${year - 1} annual hours statement` : `LOSAP ${year} mid-year hours reminder`;
    const pdf = minimalPdf(title, ['Hours from time tickets count toward the annual LOSAP total.', 'Flagged tickets do not count until corrected.']);
    lines.push(copyLine([id++, UPLOAD_TYPE.LOSAP_NOTICES, iso, title, `losap-${year}-${month === 1 ? 'annual' : 'midyear'}.pdf`, 'application/pdf', pdf, opts.enteredBy]));
  }
  const uploads = await loader.copy('upload', UPLOAD_COLUMNS, lines);

  const signoffs: string[] = [];
  for (const o of opts.officers) {
    if (o.accessTypeId === ACCESS.RESTRICTED || EXEMPT_OFFICER_IDS.includes(o.officerId)) continue;
    for (const b of board) {
      let at: number;
      if (o.demo) at = Math.min(ctx.nowMs, (ctx.clock.instant(b.day, 9 * 60) ?? ctx.nowMs) + DAY_MS);
      else {
        const from = Math.max(b.day, o.appointedDay);
        const recent = b.day > ctx.today - 120;
        if (o.laggard && r.chance(recent ? 0.6 : 0.1)) continue;
        const day = from + (r.chance(0.5) ? r.int(0, 2) : r.int(3, 25));
        if (day > ctx.today || !activeOn(o, day)) continue;
        const when = ctx.clock.instant(day, r.int(7 * 60, 23 * 60));
        if (when === null || when > ctx.nowMs) continue;
        at = when;
      }
      signoffs.push(copyLine([b.uploadId, o.officerId, new Date(at)]));
    }
  }
  const signed = await loader.copy('upload_signoff', ['upload_id', 'officer_id', 'signoff_timestamp'], signoffs);
  return { uploads, signoffs: signed, board: board.map((b) => b.uploadId) };
}

/** News: two items a month (the 5th and the 20th) from day 0 to today, newest last; returns their number. */
export async function seedNews(ctx: SeedContext, loader: BulkLoader, opts: { officers: SeedOfficer[]; enteredBy: number | null }): Promise<number> {
  const r = ctx.rng;
  const lines = monthDays(ctx, [5, 20]).map((day) => {
    const iso = ctx.clock.isoDate(day);
    const officer = r.pick(opts.officers);
    const fill = (s: string) => s.replace(/\{month\}/g, MONTHS[Number(iso.slice(5, 7)) - 1]).replace(/\{name\}/g, `Officer ${officer.firstName} ${officer.lastName}`)
      .replace(/\{precinct\}/g, r.pick(PRECINCT_NAMES));
    const item = r.pick(NEWS);
    const text = fill(item.text);
    return copyLine([iso, fill(item.title).slice(0, 200), text.slice(0, 2000), opts.enteredBy, new Date(Math.min(ctx.nowMs, (ctx.clock.instant(day, 10 * 60) ?? ctx.nowMs)))]);
  });
  return loader.copy('news', ['date_entered', 'short_desc', 'news_text', 'entered_by', 'updated_timestamp'], lines);
}
