import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Create, Edit, useNotify } from 'react-admin';
import { rc } from '../../domain/messages';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { formCardSx } from '../../common/FormLayout';
import { useActor } from '../../common/useActor';
import type { OfficerJson } from '../../domain/schemas/officers';
import { OfficerForm } from './OfficerForm';
import { needsCurrentPassword, newOfficerDefaults, toOfficerBody, type OfficerFormValues } from './officerFormValues';

const t = rc.officers.titles;

/**
 * /OfficerEdit (add) and /OfficerEdit/{id} (edit), level 10 (spec §2 Officer edit, §6; below it the
 * not-permitted page). Submit ('Officer saved.') and Back return to /OfficerBrowse with the roster's
 * filter (the page's own query, e.g. ?excludeSeparated=Y). A refusal (409 duplicate id or login,
 * 400 with a §5 alert) shows the server's message and keeps the form open (spec §8); a 400 on
 * Current Password shows under that field. A password sent (the new officer's, or one's own current
 * password with an e-mail change) is not kept once saved: the dataProvider never puts one in the
 * record it answers, and the save's mutation is forgotten as soon as the page leaves.
 */
export function OfficerEdit() {
  return (
    <RequirePermission action="officer:roster">
      <OfficerEditPage />
    </RequirePermission>
  );
}

function OfficerEditPage() {
  const { id } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { actor } = useActor();
  const backTo = `/OfficerBrowse${search}`;
  const mutationOptions = {
    // the mutation holds the body it sent (passwords included): gone once nothing observes it
    gcTime: 0,
    onSuccess: () => {
      notify(rc.officers.saved, { type: 'info' });
      navigate(backTo);
    },
  };
  if (id) {
    const transform = (values: OfficerFormValues, options?: { previousData?: unknown }) =>
      toOfficerBody(values, { isNew: false, withCurrentPassword: needsCurrentPassword(values, options?.previousData as OfficerJson | undefined, actor?.officerId) });
    return (
      <>
        <PageHeading>{t.edit}</PageHeading>
        <Edit resource="officer" id={id} title={false} sx={formCardSx} mutationMode="pessimistic" mutationOptions={mutationOptions} transform={transform}>
          <OfficerForm backTo={backTo} isNew={false} />
        </Edit>
      </>
    );
  }
  return (
    <>
      <PageHeading>{t.add}</PageHeading>
      <Create resource="officer" title={false} sx={formCardSx} mutationOptions={mutationOptions} transform={(values: OfficerFormValues) => toOfficerBody(values, { isNew: true })}>
        <OfficerForm backTo={backTo} isNew defaultValues={newOfficerDefaults} />
      </Create>
    </>
  );
}
