import { Edit, Loading, useNotify } from 'react-admin';
import { PageHeading } from '../../common/PageHeading';
import { NotPermitted } from '../../common/NotPermitted';
import { formCardSx } from '../../common/FormLayout';
import { useActor } from '../../common/useActor';
import { can } from '../../domain/access';
import { rc } from '../../domain/messages';
import type { OfficerJson } from '../../domain/schemas/officers';
import { needsCurrentPassword, toOfficerBody, type OfficerFormValues } from '../officers/officerFormValues';
import { ProfileForm } from './ProfileForm';

/** Where Back goes: home, which sends the officer on to his landing page. */
const BACK_TO = '/';

/**
 * /MyProfile: the signed-in officer's own record (GET /api/officer/getSingle/{own id}) with the
 * contact fields he may change himself (can 'officer:update-contact' on his own record, every
 * level: the API's rule) and the rest read-only. Submit sends the record as read with his changes
 * (PUT /api/officer/update, the body the roster form sends, so a level-10 officer's save passes the
 * full rules too); 'Profile saved.' and the page stays open, showing the record as saved (a new
 * e-mail address he gave himself then reads 'Not confirmed yet' until he follows the link mailed
 * to it). Changing his own e-mail address sends his Current Password along. A password typed is
 * not kept once saved (the save's mutation is forgotten as soon as nothing observes it).
 */
export function MyProfile() {
  const { actor, isPending } = useActor();
  const notify = useNotify();
  if (isPending) return <Loading />;
  if (!actor || !can(actor, 'officer:update-contact', { officerId: actor.officerId })) return <NotPermitted />;
  const transform = (values: OfficerFormValues, options?: { previousData?: unknown }) =>
    toOfficerBody(values, { isNew: false, withCurrentPassword: needsCurrentPassword(values, options?.previousData as OfficerJson | undefined, actor.officerId) });
  const mutationOptions = {
    // the mutation holds the body it sent (the current password included): gone once nothing observes it
    gcTime: 0,
    onSuccess: () => notify(rc.profile.saved, { type: 'info' }),
  };
  return (
    <>
      <PageHeading>{rc.profile.title}</PageHeading>
      <Edit
        resource="officer"
        id={actor.officerId}
        title={false}
        sx={formCardSx}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={mutationOptions}
        transform={transform}
      >
        <ProfileForm backTo={BACK_TO} />
      </Edit>
    </>
  );
}
