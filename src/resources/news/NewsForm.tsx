import { SimpleForm, TextInput } from 'react-admin';
import { DateInput } from '../../common/DateTimeInputs';
import { FormToolbar } from '../../common/FormLayout';
import { LIMITS } from '../../domain/constants';
import { rc } from '../../domain/messages';
import { NEWS_TITLE_MAX } from '../../domain/schemas/news';
import { validateNewsForm, type NewsFormValues } from './newsFormValues';

const f = rc.news.fields;

/**
 * The news edit fields of spec §2 (date, title, news text: line breaks kept, at most 2000
 * characters) with the spec §5 news messages on their fields; Save and Back (to `backTo`).
 */
export function NewsForm({ backTo, defaultValues }: { backTo: string; defaultValues?: NewsFormValues }) {
  return (
    <SimpleForm validate={(v: Record<string, unknown>) => validateNewsForm(v as NewsFormValues)} toolbar={<FormToolbar backTo={backTo} />} defaultValues={defaultValues}>
      <DateInput source="dateEntered" label={f.dateEntered} />
      <TextInput source="shortDesc" label={f.shortDesc} fullWidth slotProps={{ htmlInput: { maxLength: NEWS_TITLE_MAX } }} />
      <TextInput source="newsText" label={f.newsText} multiline minRows={6} fullWidth slotProps={{ htmlInput: { maxLength: LIMITS.NEWS_TEXT } }} />
    </SimpleForm>
  );
}
