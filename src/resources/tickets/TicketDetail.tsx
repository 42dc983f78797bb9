import { Box, Typography } from '@mui/material';
import { format, rc } from '../../domain/messages';
import { COUNT_FIELDS, type ContactOfficer } from '../../domain/tickets';
import { officerCode } from '../../domain/officerLabel';
import type { Ticket } from '../../domain/schemas/tickets';

const m = rc.tickets;

/**
 * The detail under a ticket row (spec §2): non-zero counts, the description with its line breaks,
 * and for a flagged ticket (spec §8) the banner, the auditor contact list, the EXPLANATION with
 * the audit comments and the advice (window open: delete and re-enter, or correct and notify an
 * auditor; closed: submit a 12L).
 */
export function TicketDetail({ ticket, contacts, windowOpen }: { ticket: Ticket; contacts: ContactOfficer[]; windowOpen: boolean }) {
  const counts = COUNT_FIELDS.filter((f) => ticket[f] > 0).map((f) => `${m.fields[f]}: ${ticket[f]}`);
  const flagged = ticket.flaggedBy.officerId > 0;
  return (
    <Box sx={{ py: 0.5, position: 'sticky', left: 8, maxWidth: { xs: 'calc(100vw - 48px)', md: 960 } }}>
      {counts.length > 0 && <Typography variant="body2">{counts.join(' \u00b7 ')}</Typography>}
      {ticket.description && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {ticket.description}
        </Typography>
      )}
      {flagged && (
        <Box role="alert" sx={{ mt: 1, p: 1, border: 1, borderColor: 'error.main', borderRadius: 1 }}>
          <Typography variant="body2" color="error" sx={{ fontWeight: 700 }}>
            {m.flaggedBanner}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {format(m.flaggedByLabel, { name: `${ticket.flaggedBy.firstName} ${ticket.flaggedBy.lastName}`.trim() || officerCode(ticket.flaggedBy.officerId) })}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {m.auditorContacts}
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
            {contacts.map((o) => (
              <li key={o.officerId}>
                <Typography variant="body2">
                  {[o.rank?.description, o.firstName, o.lastName, officerCode(o.officerId), o.mobile].filter(Boolean).join(' ')}
                  {o.separationDate ? ` (${format(m.separatedOn, { date: o.separationDate })})` : ''}
                </Typography>
              </li>
            ))}
          </Box>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {m.explanation}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {ticket.auditComments}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
            {windowOpen ? m.adviceOpen : m.adviceClosed}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
