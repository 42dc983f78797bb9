import { zodFormErrors } from '../../common/zodFormErrors';
import { rc } from '../../domain/messages';
import { officerContactSchema } from '../../domain/schemas/officers';
import { toOfficerBody, type OfficerFormValues } from '../officers/officerFormValues';

/**
 * The field messages of My Profile: the spec §5 officer field messages of the contact fields only
 * (address, city, state, postal code, phone, mobile, e-mails: the rules PUT /api/officer/update
 * runs on an officer's own record below level 10, officerContactSchema), since the other fields
 * show read-only and the officer cannot mend them. With `withCurrentPassword` (he gives himself a
 * new e-mail address) a blank Current Password says what the server would ('Enter your current
 * password to change your e-mail address.').
 */
export function validateProfileForm(values: OfficerFormValues, superUserId: number, withCurrentPassword: boolean): Record<string, unknown> {
  const body = toOfficerBody(values, { isNew: false, withCurrentPassword });
  const errors = zodFormErrors(officerContactSchema({ isNew: false, superUserId, wording: 'field' }), body);
  if (withCurrentPassword && !values.currentPassword) errors.currentPassword = rc.auth.email.currentPasswordRequired;
  return errors;
}
