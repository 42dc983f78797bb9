import type { ReactElement } from 'react';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EventIcon from '@mui/icons-material/Event';
import DescriptionIcon from '@mui/icons-material/Description';
import AssignmentIcon from '@mui/icons-material/Assignment';
import GavelIcon from '@mui/icons-material/Gavel';
import LockIcon from '@mui/icons-material/Lock';
import BarChartIcon from '@mui/icons-material/BarChart';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ListAltIcon from '@mui/icons-material/ListAlt';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import NewspaperIcon from '@mui/icons-material/Newspaper';

/** Icons of the top-level menu entries (shown alone when the desktop sidebar is folded). */
export const menuIcons: Record<string, ReactElement> = {
  detailList: <ListAltIcon />,
  timeTickets: <AccessTimeIcon />,
  events: <EventIcon />,
  forms: <DescriptionIcon />,
  board159: <AssignmentIcon />,
  losap: <GavelIcon />,
  news: <NewspaperIcon />,
  reports: <BarChartIcon />,
  admin: <AdminPanelSettingsIcon />,
  myProfile: <AccountCircleIcon />,
  changePassword: <LockIcon />,
};
