import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Create, Edit, useNotify } from 'react-admin';
import { rc } from '../../domain/messages';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { formCardSx } from '../../common/FormLayout';
import { OfficerForm } from './OfficerForm';
import { newOfficerDefaults, toOfficerBody, type OfficerFormValues } from './officerFormValues';

const t = rc.officers.titles;

/**
 * /OfficerEdit (add) and /OfficerEdit/{id} (edit), level 10 (spec §2 Officer edit, §6; below it the
 * not-permitted page). Submit ('Officer saved.') and Back return to /OfficerBrowse with the roster's
 * filter (the page's own query, e.g. ?excludeSeparated=Y). A refusal (409 duplicate id or login,
 * 400 with a §5 alert) shows the server's message and keeps the form open (spec §8).
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
  const backTo = `/OfficerBrowse${search}`;
  const mutationOptions = {
    onSuccess: () => {
      notify(rc.officers.saved, { type: 'info' });
      navigate(backTo);
    },
    onError: (e: unknown) => notify(e instanceof Error ? e.message : String(e), { type: 'error' }),
  };
  const transform = (values: OfficerFormValues) => toOfficerBody(values);
  if (id) {
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
      <Create resource="officer" title={false} sx={formCardSx} mutationOptions={mutationOptions} transform={transform}>
        <OfficerForm backTo={backTo} isNew defaultValues={newOfficerDefaults} />
      </Create>
    </>
  );
}
