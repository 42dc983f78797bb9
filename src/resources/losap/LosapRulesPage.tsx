import { useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ArrayInput, Form, FormDataConsumer, Loading, NumberInput, RadioButtonGroupInput, SelectArrayInput, SelectInput, SimpleFormIterator, TextInput,
  ResourceContextProvider, useDataProvider, useNotify,
} from 'react-admin';
import { Alert, Box, MenuItem, TextField as MuiTextField } from '@mui/material';
import { FormCard, FormRow, FormToolbar } from '../../common/FormLayout';
import { NotPermitted } from '../../common/NotPermitted';
import { PageHeading } from '../../common/PageHeading';
import { useActor } from '../../common/useActor';
import { useLookup } from '../../common/lookups';
import { zodFormErrors } from '../../common/zodFormErrors';
import { can } from '../../domain/access';
import { LOSAP_UNITS, yearOf } from '../../domain/losap';
import { format, rc } from '../../domain/messages';
import { losapRulesSchema, type LosapRules, type LosapRulesAnswer } from '../../domain/schemas/losap';
import type { RollCallDataProvider } from '../../providers/dataProvider';
import { LOSAP_KEY, losapRulesKey, useLosapRules } from './losapQueries';
import { yearChoices } from './losapListParts';

const l = rc.losap;
const f = l.fields;

type Values = Record<string, unknown>;

/**
 * A field's label in error in the darker red: MUI's error red on the filled input's grey is
 * below the 4.5:1 contrast WCAG AA asks (axe-core finds it once a save shows the messages).
 */
const errorLabelSx = { '& .MuiFormLabel-root.Mui-error, & .MuiFormHelperText-root.Mui-error': { color: 'error.dark' } } as const;
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : v === '' || v === null || v === undefined ? fallback : Number(v));
const nullableNum = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * The form's values as the rules' body: empty numbers as the rules read them (an empty cap or
 * hours per unit: none; an empty threshold, points or minimum: 0, which the validation names).
 */
export function rulesFromForm(v: Values, year: number): LosapRules {
  const cats = Array.isArray(v.categories) ? (v.categories as Values[]) : [];
  return {
    year,
    rule: v.rule === 'points' ? 'points' : 'hours',
    threshold: num(v.threshold, 0),
    categories: cats.map((c) => ({
      name: typeof c.name === 'string' ? c.name : '',
      unit: (LOSAP_UNITS as readonly string[]).includes(c.unit as string) ? (c.unit as LosapRules['categories'][number]['unit']) : 'ticket',
      points: num(c.points, 0),
      perHours: nullableNum(c.perHours),
      minHours: num(c.minHours, 0),
      cap: nullableNum(c.cap),
      assignmentTypeIds: Array.isArray(c.assignmentTypeIds) ? (c.assignmentTypeIds as unknown[]).map(Number) : [],
      eventTypeIds: Array.isArray(c.eventTypeIds) ? (c.eventTypeIds as unknown[]).map(Number) : [],
    })),
  };
}

/**
 * /LosapRules?year=YYYY (Administrative Functions > LOSAP Rules, level 10): the organisation's
 * LOSAP rules of a year. Either the hours rule (the year qualifies at N hours) or a point
 * schedule: categories fed by assignment types and/or event types, points per ticket, per N
 * hours or per event attended, a minimum length per unit, a cap, and the yearly threshold. The
 * validation (losapRulesSchema, the server's own) shows its plain words beside each field. A
 * certified year is shown read-only with why.
 */
export function LosapRulesPage() {
  const { actor, isPending } = useActor();
  if (isPending) return <Loading />;
  if (!can(actor, 'losap:rules-write')) return <NotPermitted />;
  return <RulesPage />;
}

function RulesPage() {
  const { today } = useActor();
  const [params, setParams] = useSearchParams();
  const current = yearOf(today);
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : current;
  const { data, isPending, isError, error } = useLosapRules(year);
  return (
    <>
      <PageHeading>{l.titles.rules}</PageHeading>
      <MuiTextField
        id="losap-rules-year"
        select
        size="small"
        label={f.year}
        value={String(year)}
        onChange={(e) => setParams({ year: e.target.value }, { replace: true })}
        sx={{ minWidth: 140, my: 1 }}
      >
        {yearChoices(current).map((y) => (
          <MenuItem key={y} value={String(y)}>
            {y}
          </MenuItem>
        ))}
      </MuiTextField>
      {isPending ? <Loading /> : isError || !data ? <Alert severity="error">{error?.message}</Alert> : <RulesForm key={year} rules={data} />}
    </>
  );
}

function RulesForm({ rules }: { rules: LosapRulesAnswer }) {
  const dataProvider = useDataProvider<RollCallDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const assignmentTypes = useLookup('assignmentTypes');
  const eventTypes = useLookup('eventTypes');
  const save = useMutation({
    mutationFn: (body: LosapRules) => dataProvider.api<LosapRulesAnswer>('PUT', '/losap/rules', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(losapRulesKey(saved.year), saved);
      // every progress figure follows the new rules
      void queryClient.invalidateQueries({ queryKey: [...LOSAP_KEY, 'progress'] });
      notify(format(l.notices.saved, { year: saved.year }), { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  const frozen = rules.frozen;
  const unitChoices = LOSAP_UNITS.map((u) => ({ id: u, name: l.unitKinds[u] }));
  return (
    <ResourceContextProvider value="losapRules">
      <Box sx={errorLabelSx}>
        <FormCard>
          {frozen && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {l.errors.frozen}
            </Alert>
          )}
          {!rules.stored && !frozen && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {format(l.notices.defaultRule, { year: rules.year, threshold: rules.threshold })}
            </Alert>
          )}
          <Form
            record={{ id: rules.year, rule: rules.rule, threshold: rules.threshold, categories: rules.categories }}
            onSubmit={(v: Values) => save.mutate(rulesFromForm(v, rules.year))}
            validate={(v: Values) => zodFormErrors(losapRulesSchema, rulesFromForm(v, rules.year))}
            disabled={frozen}
          >
            <RadioButtonGroupInput source="rule" label={f.rule} choices={[{ id: 'hours', name: l.rules.hours }, { id: 'points', name: l.rules.points }]} row={false} disabled={frozen} />
            <FormDataConsumer>
              {({ formData }) => (
                <>
                  <NumberInput source="threshold" label={formData.rule === 'points' ? f.thresholdPoints : f.thresholdHours} min={0} disabled={frozen} fullWidth />
                  {formData.rule === 'points' && (
                    <ArrayInput source="categories" label={f.categories}>
                      <SimpleFormIterator inline={false} disableReordering disableClear disableAdd={frozen} disableRemove={frozen} fullWidth>
                        <TextInput source="name" label={f.name} fullWidth />
                        <SelectInput source="unit" label={f.unit} choices={unitChoices} defaultValue="ticket" fullWidth />
                        <FormRow>
                          <NumberInput source="points" label={f.points} min={0} />
                          <FormDataConsumer>
                            {({ scopedFormData }) => (scopedFormData?.unit === 'hours' ? <NumberInput source="perHours" label={f.perHours} min={0} /> : null)}
                          </FormDataConsumer>
                        </FormRow>
                        <FormRow>
                          <NumberInput source="minHours" label={f.minHours} min={0} defaultValue={0} />
                          <NumberInput source="cap" label={f.cap} min={0} />
                        </FormRow>
                        <SelectArrayInput source="assignmentTypeIds" label={f.assignmentTypeIds} choices={assignmentTypes} fullWidth />
                        <SelectArrayInput source="eventTypeIds" label={f.eventTypeIds} choices={eventTypes} fullWidth />
                      </SimpleFormIterator>
                    </ArrayInput>
                  )}
                </>
              )}
            </FormDataConsumer>
            {!frozen && <FormToolbar saveLabel={l.actions.save} />}
          </Form>
        </FormCard>
      </Box>
    </ResourceContextProvider>
  );
}
