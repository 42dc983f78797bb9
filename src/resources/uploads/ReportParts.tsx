import { Box, GlobalStyles } from '@mui/material';
import { ActionButton } from '../../common/ActionButton';
import PrintIcon from '@mui/icons-material/Print';
import { rc } from '../../domain/messages';
import { layoutClasses } from '../../custom/layoutClasses';

/**
 * The print stylesheet of the compliance report (spec §2 /DownloadReport, printable):
 * on paper the app bar, the menu, every button and the paging controls are left out, the content
 * takes the whole width, and links print as plain text.
 */
export function ReportPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          [`header, nav, button, .${layoutClasses.sideMenu}, .MuiDrawer-root, .MuiTablePagination-root, .MuiSnackbar-root`]: { display: 'none !important' },
          [`.${layoutClasses.frame}`]: { paddingTop: '0 !important' },
          [`.${layoutClasses.content}`]: { padding: '0 !important' },
          'main a': { color: 'inherit !important', textDecoration: 'none !important' },
          body: { background: '#fff' },
        },
      }}
    />
  );
}

/** 'Print': the browser's print dialog, with the report's print stylesheet. */
export function PrintButton() {
  return (
    <ActionButton label={rc.uploads.actions.print} icon={<PrintIcon />} onClick={() => window.print()} variant="outlined" />
  );
}

/** A report status: the sign-off time, or 'UNREAD' in bold error colour so it stands out on screen and paper. */
export function ReportStatus({ status }: { status: string }) {
  const unread = status === rc.uploads.status.unread;
  return (
    <Box component="span" sx={unread ? { color: 'error.main', fontWeight: 700 } : undefined}>
      {status}
    </Box>
  );
}
