import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Create, Edit, useNotify } from 'react-admin';
import { PageHeading } from '../../common/PageHeading';
import { RequirePermission } from '../../common/NotPermitted';
import { formCardSx } from '../../common/FormLayout';
import { useActor } from '../../common/useActor';
import { rc } from '../../domain/messages';
import type { UploadMeta } from '../../providers/dataProvider';
import { UploadForm } from './UploadForm';
import { newUploadDefaults, toUploadBody, type UploadFormValues } from './uploadFormValues';
import { parseUploadQuery, uploadBackTo } from './uploadQuery';

const t = rc.uploads.titles;

/**
 * /UploadEdit (add) and /UploadEdit/{id} (edit), level 9+ (spec §2 Uploads, §6; below it the
 * not-permitted page). Sent as multipart (a file part and a jsonBodyData part) with a progress
 * bar; 'Upload saved.' and back to the list it came from (its query kept), or to /Forms for a
 * Forms page document. A refusal (e.g. a file whose bytes are not a PDF or Word document, or one
 * over the size limit) shows the server's message and stays on the form.
 */
export function UploadEdit() {
  return (
    <RequirePermission action="upload:write">
      <UploadEditPage />
    </RequirePermission>
  );
}

function UploadEditPage() {
  const { id } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { today } = useActor();
  const [progress, setProgress] = useState<number | null>(null);
  const query = parseUploadQuery(search);
  const backTo = uploadBackTo(query);
  const meta: UploadMeta = { onProgress: setProgress };
  const mutationOptions = {
    meta,
    onSuccess: () => {
      setProgress(null);
      notify(rc.uploads.saved, { type: 'info' });
      navigate(backTo);
    },
    onError: (error: Error) => {
      setProgress(null);
      notify(error.message, { type: 'error' });
    },
  };
  const transform = (values: UploadFormValues) => toUploadBody(values);
  if (id) {
    return (
      <>
        <PageHeading>{t.edit}</PageHeading>
        <Edit resource="uploads" id={id} title={false} sx={formCardSx} mutationMode="pessimistic" mutationOptions={mutationOptions} transform={transform}>
          <UploadForm backTo={backTo} progress={progress} />
        </Edit>
      </>
    );
  }
  return (
    <>
      <PageHeading>{t.add}</PageHeading>
      <Create resource="uploads" title={false} sx={formCardSx} mutationOptions={mutationOptions} transform={transform}>
        <UploadForm backTo={backTo} progress={progress} defaultValues={newUploadDefaults(query.uploadTypeId, today)} />
      </Create>
    </>
  );
}
