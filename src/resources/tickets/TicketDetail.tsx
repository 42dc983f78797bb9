import { Box, Typography } from '@mui/material';
import { format, rc } from '../../domain/messages';
import { COUNT_FIELDS, type ContactOfficer } from '../../domain/tickets';
import { officerCode } from '../../domain/officerLabel';
import type { Ticket } from '../../domain/schemas/tickets';

const m = rc.tickets;

/** The ticket's non-zero counts as 'Arrests: 2 · Reports: 1' ('' when there are none). */
export function nonZeroCounts(t: Pick<Ticket, (typeof COUNT_FIELDS)[number]>): string {
  return COUNT_FIELDS.filter((f) => t[f] > 0)
    .map((f) => `${m.fields[f]}: ${t[f]}`)
    .join(' \u00b7 ');
}

/**
 * One auditor of the contact list: rank, first name, last name, officer code, mobile (spec §2).
 * The mobile is a tel: link of its digits, so an officer reading the list on a phone taps to call.
 */
function ContactLine({ o }: { o: ContactOfficer }) {
  const name = [o.rank?.description, o.firstName, o.lastName, officerCode(o.officerId)].filter(Boolean).join(' ');
  return (
    <Typography component="li" variant="body2">
      {name}
      {o.mobile && (
        <>
          {' '}
          <a href={`tel:${o.mobile.replace(/\D/g, '')}`}>{o.mobile}</a>
        </>
      )}
      {o.separationDate && ` (${format(m.separatedOn, { date: o.separationDate })})`}
    </Typography>
  );
}

/**
 * The flag block of a flagged ticket (spec §8). Its owner reads the banner about YOUR annual
 * LOSAP hours, the auditor contact list, the EXPLANATION with the audit comments and the advice
 * (window open: delete and re-enter, or correct and notify an auditor; closed: submit a 12L).
 * Anybody else (a supervisor, an auditor) reads a neutral banner, who flagged it and the
 * EXPLANATION: the contact list and the advice are addressed to the owner (docs/decisions.md).
 */
export function FlagBlock({ ticket, contacts, windowOpen, owner }: { ticket: Ticket; contacts: ContactOfficer[]; windowOpen: boolean; owner: boolean }) {
  const by = ticket.flaggedBy;
  return (
    <Box role="alert" sx={{ mt: 1, p: 1, border: 1, borderColor: 'error.main', borderRadius: 1 }}>
      <Typography variant="body2" color="error" sx={{ fontWeight: 700 }}>
        {owner ? m.flaggedBanner : m.flaggedBannerOther}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {format(m.flaggedByLabel, { name: `${by.firstName} ${by.lastName}`.trim() || officerCode(by.officerId) })}
      </Typography>
      {owner && (
        <>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {m.auditorContacts}
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
            {contacts.map((o) => (
              <ContactLine key={o.officerId} o={o} />
            ))}
          </Box>
        </>
      )}
      <Typography variant="body2" sx={{ fontWeight: 700, mt: 0.5 }}>
        {m.explanation}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {ticket.auditComments}
      </Typography>
      {owner && (
        <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
          {windowOpen ? m.adviceOpen : m.adviceClosed}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The detail of a ticket (spec §2), under its row at a desk and on its card on a phone: the
 * non-zero counts, the description with its line breaks, and the flag block of a flagged ticket.
 * `counts: false` leaves the counts out (the card lists them with its figures).
 */
export function TicketDetail({ ticket, contacts, windowOpen, owner, counts = true }: {
  ticket: Ticket;
  contacts: ContactOfficer[];
  windowOpen: boolean;
  owner: boolean;
  counts?: boolean;
}) {
  const countLine = counts ? nonZeroCounts(ticket) : '';
  return (
    <Box sx={detailSx}>
      {countLine && <p>{countLine}</p>}
      {ticket.description && <p className="RcTicket-description">{ticket.description}</p>}
      {ticket.flaggedBy.officerId > 0 && <FlagBlock ticket={ticket} contacts={contacts} windowOpen={windowOpen} owner={owner} />}
    </Box>
  );
}

/** Plain paragraphs styled once by the block (rendered for every row and card of a list). */
const detailSx = {
  py: 0.5,
  minWidth: 0,
  typography: 'body2',
  '& > p': { m: 0 },
  '& > .RcTicket-description': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
} as const;
