import { createContext, useCallback, useContext, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CLOSED_DRAWER_WIDTH, DRAWER_WIDTH, useSidebarState } from 'react-admin';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, useMediaQuery, type Theme } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { menuEntries, isCurrentLink, type MenuEntry } from './menuEntries';
import { menuIcons } from './menuIcons';
import { useMenuNavigate } from './useMenuNavigate';
import { actorOf, getSessionUser } from '../providers/session';
import { format, rc } from '../domain/messages';
import { can } from '../domain/access';
import { useQueueCount } from '../resources/auditQueue/queueCount';

/** The count waiting in the auditors' queue, for its menu entry (undefined for everybody else). */
const WaitingContext = createContext<number | undefined>(undefined);

/** 'N waiting' under the Audit Queue entry: the count of the auditors' queue (useQueueCount), nothing until known. */
function waitingText(entry: MenuEntry, waiting: number | undefined): string | undefined {
  return entry.key === 'auditQueue' && waiting !== undefined ? format(rc.review.waiting, { count: waiting }) : undefined;
}

function MenuLink({ entry, nested, onNavigate }: { entry: MenuEntry; nested?: boolean; onNavigate: ReturnType<typeof useMenuNavigate> }) {
  const location = useLocation();
  const [open] = useSidebarState();
  const to = entry.to ?? '/';
  const current = isCurrentLink(to, location);
  const waiting = waitingText(entry, useContext(WaitingContext));
  return (
    <ListItemButton
      component={Link}
      to={to}
      onClick={(event: MouseEvent) => onNavigate(event, to)}
      selected={current}
      aria-current={current ? 'page' : undefined}
      sx={{ pl: nested ? 4 : 2 }}
      title={open ? undefined : entry.label}
    >
      {!nested && <ListItemIcon>{menuIcons[entry.key]}</ListItemIcon>}
      <ListItemText primary={entry.label} secondary={waiting} />
    </ListItemButton>
  );
}

function MenuGroup({ entry, onNavigate }: { entry: MenuEntry; onNavigate: ReturnType<typeof useMenuNavigate> }) {
  const location = useLocation();
  const holdsCurrent = (entry.children ?? []).some((c) => c.to && isCurrentLink(c.to, location));
  const [expanded, setExpanded] = useState(holdsCurrent);
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const listId = `menu-group-${entry.key}`;
  // a closed group says how many tickets wait in the queue it holds, so the auditor sees it anyway
  const ctxWaiting = useContext(WaitingContext);
  const waiting = expanded && sidebarOpen ? undefined : (entry.children ?? []).map((c) => waitingText(c, ctxWaiting)).find(Boolean);
  return (
    <>
      <ListItemButton
        onClick={() => {
          if (!sidebarOpen) setSidebarOpen(true);
          setExpanded(!expanded || !sidebarOpen);
        }}
        aria-expanded={expanded}
        aria-controls={listId}
        title={sidebarOpen ? undefined : entry.label}
      >
        <ListItemIcon>{menuIcons[entry.key]}</ListItemIcon>
        <ListItemText primary={entry.label} secondary={waiting} />
        {expanded ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={expanded && sidebarOpen} timeout="auto" unmountOnExit>
        <List id={listId} component="div" disablePadding dense>
          {(entry.children ?? []).map((child) => (
            <MenuLink key={child.key} entry={child} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/**
 * The navigation menu (spec §2, §6) in react-admin's sidebar: a drawer behind the hamburger on
 * phones, a foldable side panel on wider screens. Groups expand with Enter or Space. The nav
 * takes the drawer's width (react-admin's fixed sidebar box is otherwise as wide as its longest
 * entry), so a long label such as 'Administrative Functions' wraps instead of being cut off.
 * An auditor's Audit Queue entry (and its Time Tickets group while closed) says how many tickets
 * wait (GET /api/timeTickets/getQueueCount; the queue page asks it again after each decision).
 */
export function AppMenu() {
  const actor = actorOf(getSessionUser());
  const entries = menuEntries(actor);
  // only auditors may ask the count; one cached answer, asked again after each of their decisions
  const waiting = useQueueCount(can(actor, 'ticket:flag'));
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const closeOnPhone = useCallback(() => {
    if (isSmall) setSidebarOpen(false);
  }, [isSmall, setSidebarOpen]);
  const onNavigate = useMenuNavigate(closeOnPhone);
  return (
    <Box component="nav" aria-label={rc.menu.mainMenu} sx={{ width: isSmall || sidebarOpen ? DRAWER_WIDTH : CLOSED_DRAWER_WIDTH, mt: { xs: 1, sm: 0 } }}>
      <List component="div">
        <WaitingContext.Provider value={waiting}>
          {entries.map((entry) =>
            entry.children ? (
              <MenuGroup key={entry.key} entry={entry} onNavigate={onNavigate} />
            ) : (
              <MenuLink key={entry.key} entry={entry} onNavigate={onNavigate} />
            ),
          )}
        </WaitingContext.Provider>
      </List>
    </Box>
  );
}
