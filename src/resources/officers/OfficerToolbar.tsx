import { SaveButton, Toolbar } from 'react-admin';
import { useFormState } from 'react-hook-form';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ActionButton } from '../../common/ActionButton';
import { rc } from '../../domain/messages';

/**
 * The officer form's sticky bar (spec §2 Officer edit): Submit, disabled until every field is valid
 * (the form validates on every change), and Back to the roster with its filter.
 */
export function OfficerToolbar({ backTo }: { backTo: string }) {
  const { isValid, isSubmitting } = useFormState();
  const ready = isValid && !isSubmitting;
  return (
    <Toolbar sx={{ position: 'sticky', bottom: 0, zIndex: 2, gap: 1, flexWrap: 'wrap', justifyContent: 'flex-start' }}>
      <SaveButton label={rc.app.submit} alwaysEnable={ready} disabled={!ready} />
      <ActionButton label={rc.app.back} icon={<ArrowBackIcon />} to={backTo} />
    </Toolbar>
  );
}
