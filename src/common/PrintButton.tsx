import PrintIcon from '@mui/icons-material/Print';
import { ActionButton } from './ActionButton';
import { rc } from '../domain/messages';
import { deskGridModule } from './deskGridModule';

/**
 * The browser's print dialog, once the desk table's code is here (a phone's list prints as the
 * desk table, ResponsiveList, and the printout is laid out at once). Without it (offline, never
 * fetched) the dialog opens all the same, and the paper gets the cards.
 */
export function printPage(): void {
  void deskGridModule()
    .catch(() => undefined)
    .then(() => window.print());
}

/**
 * 'Print': the browser's print dialog (window.print()). The signed-in layout's print stylesheet
 * (RollCallLayout) leaves the menu, header, buttons, filters and paging off the paper, and the
 * page's PrintHeading names the organisation, the print time and the criteria.
 */
export function PrintButton() {
  return <ActionButton label={rc.download.print} icon={<PrintIcon />} onClick={printPage} variant="outlined" />;
}
