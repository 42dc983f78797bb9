import type { ReactNode } from 'react';
import { Stack } from '@mui/material';
import { CardTitle } from '../../common/CardTitle';
import { LabeledValues } from '../../common/LabeledValues';
import { rc } from '../../domain/messages';
import type { UploadJson } from '../../domain/schemas/uploads';

const f = rc.uploads.fields;

/**
 * An upload on a phone (spec §2 Uploads): its description (`title`, a link to the compliance
 * report at level 9+), date, type (when the list mixes types), its file (`file`), the read box of
 * a 159 with its sign-off time (`read`) and the administrator's `actions` (Edit, Remove).
 */
export function UploadCard({ upload, title, file, typeName, read, actions }: {
  upload: UploadJson;
  title: ReactNode;
  file: ReactNode;
  typeName?: string;
  read?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <CardTitle>{title}</CardTitle>
      <LabeledValues
        dense
        items={[
          [f.dateEntered, upload.dateEntered],
          [f.uploadType, typeName],
          [f.file, file],
          [f.read, read],
        ]}
      />
      {actions && (
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2 }}>
          {actions}
        </Stack>
      )}
    </>
  );
}
