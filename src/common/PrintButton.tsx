import PrintIcon from '@mui/icons-material/Print';
import { ActionButton } from './ActionButton';
import { rc } from '../domain/messages';

/**
 * 'Print': the browser's print dialog (window.print()). The signed-in layout's print stylesheet
 * (RollCallLayout) leaves the menu, header, buttons, filters and paging off the paper, and the
 * page's PrintHeading names the organisation, the print time and the criteria.
 */
export function PrintButton() {
  return <ActionButton label={rc.download.print} icon={<PrintIcon />} onClick={() => window.print()} variant="outlined" />;
}
