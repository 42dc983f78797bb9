import { useFormContext } from 'react-hook-form';
import { rc } from '../domain/messages';
import { ActionButton } from './ActionButton';

/** Reset of a search form: every criterion back to `values` (empty by default). Inside a react-admin Form. */
export function ResetButton({ values = {} }: { values?: Record<string, unknown> }) {
  const { reset } = useFormContext();
  return <ActionButton label={rc.app.reset} onClick={() => reset(values)} />;
}
