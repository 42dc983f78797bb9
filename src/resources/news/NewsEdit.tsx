import { useNavigate, useParams } from 'react-router-dom';
import { Create, Edit, useNotify } from 'react-admin';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { formCardSx } from '../../common/FormLayout';
import { useActor } from '../../common/useActor';
import { rc } from '../../domain/messages';
import { NewsForm } from './NewsForm';
import { newNewsDefaults, toNewsBody, type NewsFormValues } from './newsFormValues';

const t = rc.news.titles;
const backTo = '/NewsBrowse';

/**
 * /NewsEdit (add) and /NewsEdit/{id} (edit), level 9+ (spec §2 News, §6; docs/decisions.md; below
 * it the not-permitted page). Save ('News saved.') and Back return to /NewsBrowse.
 */
export function NewsEdit() {
  return (
    <RequirePermission action="news:write">
      <NewsEditPage />
    </RequirePermission>
  );
}

function NewsEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { today } = useActor();
  const mutationOptions = {
    onSuccess: () => {
      notify(rc.news.saved, { type: 'info' });
      navigate(backTo);
    },
  };
  const transform = (values: NewsFormValues) => toNewsBody(values);
  if (id) {
    return (
      <>
        <PageHeading>{t.edit}</PageHeading>
        <Edit resource="news" id={id} title={false} sx={formCardSx} mutationMode="pessimistic" mutationOptions={mutationOptions} transform={transform}>
          <NewsForm backTo={backTo} />
        </Edit>
      </>
    );
  }
  return (
    <>
      <PageHeading>{t.add}</PageHeading>
      <Create resource="news" title={false} sx={formCardSx} mutationOptions={mutationOptions} transform={transform}>
        <NewsForm backTo={backTo} defaultValues={newNewsDefaults(today)} />
      </Create>
    </>
  );
}
