/**
 * Class names of the signed-in frame's parts (RollCallLayout), for the print stylesheets that
 * leave the frame out on paper (the compliance report, src/resources/uploads/ReportParts.tsx).
 */
export const layoutClasses = {
  /** The whole frame: its top padding makes room for the fixed header. */
  frame: 'RollCall-frame',
  /** The menu's panel beside the page (from 600 px up). */
  sideMenu: 'RollCall-sideMenu',
  /** The page column (#main-content). */
  content: 'RollCall-content',
} as const;
