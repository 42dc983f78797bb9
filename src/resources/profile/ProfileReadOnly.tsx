import { useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import { LabeledValues } from '../../common/LabeledValues';
import { rc } from '../../domain/messages';
import type { OfficerJson } from '../../domain/schemas/officers';
import { officerCode } from '../../domain/officerLabel';

const f = rc.officers.fields;
const p = rc.profile;

/**
 * The fields of the officer's record that only the roster administrator changes (officer id as
 * 'A0042', login, name, rank, precinct, appointment date, access level, badge and handcuff numbers,
 * drivers licence), as read-only text: PUT /api/officer/update refuses any change to them from the
 * officer himself (403), so they are not inputs.
 */
export function ProfileReadOnly() {
  const record = useRecordContext<OfficerJson>();
  if (!record) return null;
  const name = [record.firstName, record.middle, record.lastName].filter(Boolean).join(' ');
  return (
    <section aria-labelledby="profile-kept-heading">
      <Typography id="profile-kept-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {p.keptByRoster}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {p.keptByRosterHelp}
      </Typography>
      <LabeledValues
        items={[
          [f.officerId, officerCode(record.officerId)],
          [f.login, record.login],
          [p.name, name],
          [f.rank, record.rank?.description],
          [f.precinct, record.precinct?.description],
          [f.appointmentDate, record.appointmentDate],
          [f.accessType, record.accessType?.description],
          [f.badgeNumber, record.badgeNumber],
          [f.handcuffNumber, record.handcuffNumber],
          [f.soundex, record.soundex],
        ]}
      />
    </section>
  );
}
